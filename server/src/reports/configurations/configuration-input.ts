import type { ReportFormat, ReportFrequency, ReportInterval, ReportType } from '@gearwatch/contracts';
import {
  REPORT_FORMATS,
  REPORT_FREQUENCIES,
  REPORT_INTERVALS,
  REPORT_LIMITS,
  REPORT_MESSAGE_KEYS,
  REPORT_TYPES,
  REPORT_TYPE_FORMATS,
  isOperatorReport,
  isSingleLineText,
} from '@gearwatch/contracts';
import { ValidationError } from '../../http/errors.ts';
import { timeZone } from '../../time/time-zone.ts';
import { inclusiveDays, parseDate } from '../../time/calendar.ts';
import type { ConfigurationValues, ConfigurationsRepository } from './configurations-repository.ts';
import { lastCompletePeriod } from '../schedule/periods.ts';

/** `address@domain.tld`, no spaces or angle brackets: a typed recipient (the wizard checks the same). */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ID = 2_147_483_647;

const K = REPORT_MESSAGE_KEYS;

/** The field the wizard shows group errors on: operator groups for the operator types, device groups otherwise. */
export function groupsField(type: ReportType | null): 'deviceOperators' | 'deviceGroups' {
  return type !== null && isOperatorReport(type) ? 'deviceOperators' : 'deviceGroups';
}

function ids(value: unknown, max: number): number[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > max) return null;
  const result: number[] = [];
  for (const item of value) {
    const id = typeof item === 'string' && /^\d{1,10}$/.test(item) ? Number(item) : item;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
    if (!result.includes(id)) result.push(id);
  }
  return result;
}

function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const day = parseDate(value);
  return Number.isFinite(day) && new Date(day * 86_400_000).toISOString().startsWith(value);
}

/**
 * Checks a configuration as the wizard sends it (`POST /api/reportsconfigurations?context=`, `PUT …/{id}`) and
 * answers its values, or throws one ValidationError naming every wrong field (nothing is written then). Ids of
 * another company's groups and users are field errors, as unknown ids are.
 */
export async function checkConfiguration(
  raw: Record<string, unknown>,
  context: { type: unknown; companyId: number; timezone: string; now: Date },
  repository: ConfigurationsRepository,
): Promise<ConfigurationValues> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, key: string) => void (errors[field] ??= []).push(key);

  const given = raw.reportType ?? context.type;
  let type: ReportType | null = null;
  if (given === undefined || given === null || given === '') fail('reportType', K.typeRequired);
  else if (!(REPORT_TYPES as readonly unknown[]).includes(given)) fail('reportType', K.incorrect);
  else if (context.type !== undefined && context.type !== null && context.type !== '' && context.type !== given) fail('reportType', K.incorrect);
  else type = given as ReportType;

  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  // The name is the file's title, its mail's subject and a line of its body: one line (contracts' text rules).
  if (name === '') fail('name', K.nameRequired);
  else if (!isSingleLineText(raw.name as string)) fail('name', K.incorrect);
  else if (name.length < REPORT_LIMITS.nameMin || name.length > REPORT_LIMITS.nameMax) fail('name', K.nameLength);

  const interval = raw.reportInterval;
  if (!(REPORT_INTERVALS as readonly unknown[]).includes(interval)) fail('reportInterval', K.intervalRequired);

  const groupField = groupsField(type);
  const groups = ids(raw.groups, REPORT_LIMITS.maxGroups);
  if (groups === null || groups.length === 0) fail(groupField, K.groupsRequired);
  else if (
    (await repository.companyIds(groupField === 'deviceOperators' ? 'operator_groups' : 'device_groups', context.companyId, groups)).length !== groups.length
  )
    fail(groupField, K.notFound);

  const users = ids(raw.users, REPORT_LIMITS.maxUsers);
  if (users === null) fail('users', K.incorrect);
  else if ((await repository.companyIds('users', context.companyId, users)).length !== users.length) fail('users', K.notFound);

  let emails: string[] = [];
  if (raw.emails !== undefined && raw.emails !== null) {
    if (!Array.isArray(raw.emails) || raw.emails.length > REPORT_LIMITS.maxEmails) fail('emails', K.emailInvalid);
    else {
      const typed = raw.emails.map((e) => (typeof e === 'string' ? e.trim() : ''));
      if (typed.some((e) => e.length > 254 || !EMAIL.test(e))) fail('emails', K.emailInvalid);
      else emails = typed.filter((e, i) => typed.findIndex((other) => other.toLowerCase() === e.toLowerCase()) === i);
    }
  }
  if (users !== null && users.length === 0 && emails.length === 0 && !errors.emails) fail('users', K.recipientsRequired);

  const frequency = raw.frequency ?? 'once';
  if (!(REPORT_FREQUENCIES as readonly unknown[]).includes(frequency)) fail('frequency', K.incorrect);

  const format = raw.format ?? 'xlsx';
  if (!(REPORT_FORMATS as readonly unknown[]).includes(format) || (type !== null && !REPORT_TYPE_FORMATS[type].includes(format as ReportFormat)))
    fail('format', K.formatUnsupported);

  let from: string | null = null;
  let to: string | null = null;
  if (frequency === 'once') {
    const hasFrom = raw.from !== undefined && raw.from !== null && raw.from !== '';
    const hasTo = raw.to !== undefined && raw.to !== null && raw.to !== '';
    if (hasFrom || hasTo) {
      if (!isDate(raw.from)) fail('from', K.rangeInvalid);
      if (!isDate(raw.to)) fail('to', K.rangeInvalid);
      if (isDate(raw.from) && isDate(raw.to)) {
        if (raw.from > raw.to) fail('to', K.rangeInvalid);
        else if (inclusiveDays(raw.from, raw.to) > REPORT_LIMITS.maxRangeDays) fail('to', K.rangeTooLong);
        else [from, to] = [raw.from, raw.to];
      }
    } else {
      const month = lastCompletePeriod('month', timeZone(context.timezone).dayOf(context.now.getTime()));
      [from, to] = [month.from, month.to];
    }
  }

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    reportType: type!,
    name,
    reportInterval: interval as ReportInterval,
    frequency: frequency as ReportFrequency,
    format: format as ReportFormat,
    from,
    to,
    deviceGroupIds: groupField === 'deviceGroups' ? groups! : [],
    operatorGroupIds: groupField === 'deviceOperators' ? groups! : [],
    userIds: users!,
    emails,
  };
}

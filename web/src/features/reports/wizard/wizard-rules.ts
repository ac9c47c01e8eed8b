import { isOperatorReport, REPORT_LIMITS, REPORT_TYPE_FORMATS } from '@gearwatch/contracts';
import type { DateRange, ReportConfiguration, ReportConfigurationInput, ReportFormat, ReportFrequency, ReportInterval, ReportType } from '@gearwatch/contracts';

/** The report wizard's steps (spec 01 §2, issue 18): type → parameters → recipients → frequency and format. */
export const WIZARD_STEPS = ['type', 'parameters', 'recipients', 'frequency'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What the wizard collects; `interval` is '' until chosen. */
export interface WizardValues {
  type: ReportType | null;
  name: string;
  interval: ReportInterval | '';
  groups: number[];
  users: number[];
  emails: string[];
  frequency: ReportFrequency;
  range: DateRange;
  format: ReportFormat;
}

export type FieldErrors = Record<string, string[]>;

/**
 * The step that shows each field the server may refuse (400 `errors`): the wizard opens the step of the first wrong
 * one. The group field is `deviceOperators` for the operator types and `deviceGroups` for the others.
 */
const FIELD_STEPS: Record<string, WizardStep> = {
  reportType: 'type',
  name: 'parameters',
  reportInterval: 'parameters',
  deviceGroups: 'parameters',
  deviceOperators: 'parameters',
  groups: 'parameters',
  users: 'recipients',
  emails: 'recipients',
  frequency: 'frequency',
  format: 'frequency',
  from: 'frequency',
  to: 'frequency',
};

/** The index of the earliest step showing one of `fields`; the last step for fields the wizard does not know. */
export function firstStepOf(fields: readonly string[]): number {
  const indexes = fields.map((field) => WIZARD_STEPS.indexOf(FIELD_STEPS[field] ?? 'frequency'));
  return indexes.length === 0 ? WIZARD_STEPS.length - 1 : Math.min(...indexes);
}

/** The error field of the group selection for a type. */
export const groupField = (type: ReportType | null) => (type !== null && isOperatorReport(type) ? 'deviceOperators' : 'deviceGroups');

/** Whether Continue may leave `step` (spec 01 §4, §5): a type; then a group, an interval and a name; a recipient. */
export function canContinue(step: WizardStep, values: WizardValues): boolean {
  switch (step) {
    case 'type':
      return values.type !== null;
    case 'parameters':
      return values.groups.length > 0 && values.interval !== '' && values.name.trim() !== '';
    case 'recipients':
      return values.users.length > 0 || values.emails.length > 0;
    case 'frequency':
      return values.type !== null && REPORT_TYPE_FORMATS[values.type].includes(values.format);
  }
}

// Deliberately loose (the server checks again): something@domain.tld, no spaces, one @.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isEmailAddress = (text: string) => text.length <= 254 && EMAIL.test(text);

/** Typed text split into addresses: several may be pasted at once, separated by commas, semicolons or spaces. */
export const splitAddresses = (text: string) => text.split(/[\s,;]+/).filter((part) => part !== '');

/** The limits the recipients step enforces before the server does. */
export const MAX_EMAILS = REPORT_LIMITS.maxEmails;

/** The call's body: what the wizard collected, the once-range only for a once-report. */
export function configurationInput(values: WizardValues): ReportConfigurationInput {
  if (values.type === null || values.interval === '') throw new Error('the wizard is not complete');
  const once = values.frequency === 'once';
  return {
    reportType: values.type,
    name: values.name.trim(),
    reportInterval: values.interval,
    groups: values.groups,
    users: values.users,
    emails: values.emails,
    frequency: values.frequency,
    format: values.format,
    ...(once ? { from: values.range.from, to: values.range.to } : {}),
  };
}

/** A stored configuration as the wizard's values (edit); a cyclic one gets `range` as the once-range to offer. */
export function valuesOf(configuration: ReportConfiguration, range: DateRange): WizardValues {
  return {
    type: configuration.reportType,
    name: configuration.name,
    interval: configuration.reportInterval,
    groups: configuration.groups.map((group) => group.id),
    users: configuration.users.map((user) => user.id),
    emails: [...configuration.emails],
    frequency: configuration.frequency,
    range: configuration.from && configuration.to ? { from: configuration.from, to: configuration.to } : range,
    format: configuration.format,
  };
}

// Alerts and conditions in words: an alert's message from its key and parameters, a condition as the sentence of
// its type (the rule's default description, spec 01 §4). Times arrive with the company's offset and are shown as
// that wall clock; Intl does the dates and numbers, the sentences are translation keys.
import { ALERT_OPERATOR_SYMBOLS, ALERT_OPERATORS, ALERT_RULE_TYPES_WITHOUT_CONDITIONS } from '@gearwatch/contracts';
import type { AlertOperator, AlertRuleType, Choice } from '@gearwatch/contracts';
import { formattingLocale } from '../../../i18n/locale.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?([+-]\d{2}:?\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();
const numberFormatters = new Map<string, Intl.NumberFormat>();

function dateTimeFormatter(language: string, timeZone: string, dateOnly: boolean): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${dateOnly}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), dateOnly ? { dateStyle: 'short', timeZone } : { dateStyle: 'short', timeStyle: 'short', timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A time in the user's language: one written with an offset shows the wall clock it states, one in UTC is put on
 * `timeZone` (the company's), a bare date is a date. Null or unreadable gives ''.
 */
export function formatTime(iso: string | null, language: string, timeZone: string): string {
  if (!iso) return '';
  const date = DATE_ONLY.exec(iso);
  if (date) return dateTimeFormatter(language, 'UTC', true).format(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
  const wall = WALL_CLOCK.exec(iso);
  if (wall) {
    const [, year, month, day, hour, minute, second] = wall;
    return dateTimeFormatter(language, 'UTC', false).format(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0)));
  }
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  try {
    return dateTimeFormatter(language, timeZone, false).format(instant);
  } catch {
    return dateTimeFormatter(language, 'UTC', false).format(instant);
  }
}

/** A number rounded to 2 decimals, written the language's way. */
export function formatNumber(value: number, language: string): string {
  let formatter = numberFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 2 });
    numberFormatters.set(language, formatter);
  }
  return formatter.format(value);
}

const UNIT_TYPES = new Set<AlertRuleType>(['value', 'periodic-performance', 'counter-per-hour', 'charging']);
const TIME_PARAMS = new Set(['lastContact', 'windowStart', 'windowEnd', 'since', 'due', 'day']);

function isOperator(value: unknown): value is AlertOperator {
  return typeof value === 'string' && (ALERT_OPERATORS as readonly string[]).includes(value);
}

/** Words with an empty parameter between them ('12 , ') are tidied: one space, none before a comma or bracket. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.)])/g, '$1')
    .trim();
}

/**
 * An alert's message (`alert.message.<type>` and its parameters, ALERT_MESSAGE_PARAMS): times in the user's
 * language, numbers rounded to 2 decimals, operators as symbols, the geofence event and the change direction in words.
 */
export function alertMessage(message: { key: string; params: Record<string, string | number | null> }, t: Translate, language: string, timeZone: string): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (value === null) values[name] = '';
    else if (typeof value === 'number') values[name] = formatNumber(value, language);
    else if (TIME_PARAMS.has(name)) values[name] = formatTime(value, language, timeZone);
    else if (name === 'operator' && isOperator(value)) values[name] = ALERT_OPERATOR_SYMBOLS[value];
    else if (name === 'geofence') values[name] = t(`alert.geofence-event.${value}`);
    else if (name === 'change') values[name] = t(`alert.change-event.${value}`);
    else values[name] = value;
  }
  return tidy(t(message.key, values));
}

export interface ConditionContext {
  t: Translate;
  language: string;
  /** The parameter the condition's `variable` names (its name and unit), when known. */
  parameter?: Choice;
}

function hour(value: unknown): string {
  return `${String(value).padStart(2, '0')}:00`;
}

/** The time-of-day and weekday limits of a condition, as a clause to append ('' without any). */
function limits(condition: Record<string, unknown>, t: Translate): string {
  const parts: string[] = [];
  if (typeof condition['fromHour'] === 'number' || typeof condition['toHour'] === 'number') {
    parts.push(t('alert-rule.description.hours', { from: hour(condition['fromHour'] ?? 0), to: hour(condition['toHour'] ?? 24) }));
  }
  const days = condition['workDays'];
  if (Array.isArray(days) && days.length > 0 && days.length < 7) parts.push(t('alert-rule.description.days', { days: days.map((day) => t(`weekday.${String(day)}`)).join(', ') }));
  return parts.length > 0 ? `, ${parts.join(', ')}` : '';
}

/**
 * A condition in words (spec 01 §3 "the first condition is used for the default description"), e.g. "Value of Battery
 * voltage < 11.5 V (checked every 10 min)". Types without conditions have a sentence of their own.
 */
export function describeCondition(type: AlertRuleType, condition: Record<string, unknown>, { t, language, parameter }: ConditionContext): string {
  if (ALERT_RULE_TYPES_WITHOUT_CONDITIONS.includes(type)) return t(`alert-rule.description.${type}`);
  const number = (value: unknown) => (typeof value === 'number' ? formatNumber(value, language) : String(value ?? ''));
  // The argument is in the parameter's unit only where it is compared with the parameter's own values.
  const unit = UNIT_TYPES.has(type) && parameter?.unit ? ` ${parameter.unit}` : '';
  const values = {
    parameter: parameter?.label ?? (condition['variable'] === undefined ? '' : `#${String(condition['variable'])}`),
    operator: isOperator(condition['operator']) ? ALERT_OPERATOR_SYMBOLS[condition['operator']] : '',
    argument: `${number(condition['argument'])}${unit}`,
    interval: typeof condition['date_interval'] === 'string' ? t(`alert-rule.interval.${condition['date_interval']}`) : '',
    efficiency: number(condition['efficiency']),
    percent: number(condition['percentageDifference']),
    count: number(condition['repeatAlarmArgument']),
    period: typeof condition['repeatAlarmEvery'] === 'string' ? t(`alert-rule.repeat.${condition['repeatAlarmEvery']}`) : '',
    date: typeof condition['firstAlarmDate'] === 'string' ? formatTime(condition['firstAlarmDate'], language, 'UTC') : '',
  };
  let key = `alert-rule.description.${type}`;
  if (type === 'geolocation') key = `${key}.${condition['geofence'] === 'enter' ? 'enter' : 'leave'}`;
  if (type === 'percentage-change') key = `${key}.${condition['change'] === 'decrease' ? 'decrease' : 'increase'}`;
  return tidy(`${t(key, values)}${limits(condition, t)}`);
}

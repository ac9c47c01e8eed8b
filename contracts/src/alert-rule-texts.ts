import type { AlertOperator, AlertRuleSummary, AlertRuleType } from './alerts.ts';
import { ALERT_OPERATOR_SYMBOLS, ALERT_OPERATORS, ALERT_RULE_TYPES_WITHOUT_CONDITIONS } from './alerts.ts';
import type { Language } from './constants.ts';
import en from './rule-texts/en.json' with { type: 'json' };
import lv from './rule-texts/lv.json' with { type: 'json' };
import pl from './rule-texts/pl.json' with { type: 'json' };
import ru from './rule-texts/ru.json' with { type: 'json' };

/**
 * A rule's generated description (issue 32 item 3): never stored, always written from the rule's type and its first
 * condition as they are now, in the reader's language — by the client for its screens and by the server for mails,
 * with this one function and these texts (the sentences, the intervals, repeat periods and weekdays they name).
 * A user-written description is stored beside it and shown as typed.
 */
export type RuleTextKey = keyof typeof pl;
// Typed by the contracts' language list, so a language added there without a file fails the type check.
export const RULE_TEXTS: Record<Language, Record<RuleTextKey, string>> = { pl, en, lv, ru };

export interface RuleTextFormat {
  t: (key: string, values?: Record<string, string>) => string;
  /** A number the reader's way (2 decimals at most). */
  number: (value: number) => string;
  /** A calendar date (YYYY-MM-DD) the reader's way. */
  date: (isoDate: string) => string;
}

/** The argument is in the parameter's unit only where it is compared with the parameter's own values. */
const UNIT_TYPES = new Set<AlertRuleType>(['value', 'periodic-performance', 'counter-per-hour', 'charging']);

const isOperator = (value: unknown): value is AlertOperator => typeof value === 'string' && (ALERT_OPERATORS as readonly string[]).includes(value);
const hour = (value: unknown) => `${String(value).padStart(2, '0')}:00`;

/** Words with an empty value between them ('12 , ') tidied: one space, none before a comma or bracket. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.)])/g, '$1')
    .trim();
}

/** The time-of-day and weekday limits of a condition as a clause to append ('' without any). */
function limits(condition: Record<string, unknown>, t: RuleTextFormat['t']): string {
  const parts: string[] = [];
  if (typeof condition['fromHour'] === 'number' || typeof condition['toHour'] === 'number')
    parts.push(t('alert-rule.description.hours', { from: hour(condition['fromHour'] ?? 0), to: hour(condition['toHour'] ?? 24) }));
  const days = condition['workDays'];
  if (Array.isArray(days) && days.length > 0 && days.length < 7)
    parts.push(t('alert-rule.description.days', { days: days.map((day) => t(`weekday.${String(day)}`)).join(', ') }));
  return parts.length > 0 ? `, ${parts.join(', ')}` : '';
}

/**
 * A rule in words (spec 01 §3 "the first condition is used for the default description"), e.g. "Value of Battery
 * voltage < 44 V (repeated at most every 10 min)". Types without conditions have a sentence of their own; a rule
 * still without its condition (a draft) has none: ''.
 */
export function describeAlertRule(type: AlertRuleType, summary: AlertRuleSummary, format: RuleTextFormat): string {
  const { t } = format;
  if (ALERT_RULE_TYPES_WITHOUT_CONDITIONS.includes(type)) return t(`alert-rule.description.${type}`);
  const condition = summary.condition;
  if (!condition) return '';
  const number = (value: unknown) => (typeof value === 'number' ? format.number(value) : String(value ?? ''));
  const parameter = summary.parameter;
  const unit = UNIT_TYPES.has(type) && parameter?.unit ? ` ${parameter.unit}` : '';
  const values = {
    parameter: parameter?.name ?? (condition['variable'] === undefined ? '' : `#${String(condition['variable'])}`),
    operator: isOperator(condition['operator']) ? ALERT_OPERATOR_SYMBOLS[condition['operator']] : '',
    argument: `${number(condition['argument'])}${unit}`,
    interval: typeof condition['date_interval'] === 'string' ? t(`alert-rule.interval.${condition['date_interval']}`) : '',
    efficiency: number(condition['efficiency']),
    percent: number(condition['percentageDifference']),
    count: number(condition['repeatAlarmArgument']),
    period: typeof condition['repeatAlarmEvery'] === 'string' ? t(`alert-rule.repeat.${condition['repeatAlarmEvery']}`) : '',
    date: typeof condition['firstAlarmDate'] === 'string' ? format.date(condition['firstAlarmDate']) : '',
  };
  let key = `alert-rule.description.${type}`;
  if (type === 'geolocation') key = `${key}.${condition['geofence'] === 'enter' ? 'enter' : 'leave'}`;
  if (type === 'percentage-change') key = `${key}.${condition['change'] === 'decrease' ? 'decrease' : 'increase'}`;
  if (type === 'work-efficiency') key = `${key}.${condition['bound'] === 'above' ? 'above' : 'below'}`;
  return tidy(`${t(key, values)}${limits(condition, t)}`);
}

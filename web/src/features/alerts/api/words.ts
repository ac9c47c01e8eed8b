// Conditions in words: a condition as the sentence of its type (the rule's default description, spec 01 §4). An
// alert's message is components/alerts/alert-message.ts (the dashboard shows it too).
import { ALERT_OPERATOR_SYMBOLS, ALERT_RULE_TYPES_WITHOUT_CONDITIONS } from '@gearwatch/contracts';
import type { AlertRuleType, Choice } from '@gearwatch/contracts';
import { formatNumber, isAlertOperator, tidySentence } from '../../../components/alerts/alert-message.ts';
import { formatShortDate } from '../../../components/dates/format.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const UNIT_TYPES = new Set<AlertRuleType>(['value', 'periodic-performance', 'counter-per-hour', 'charging']);

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
  if (Array.isArray(days) && days.length > 0 && days.length < 7)
    parts.push(t('alert-rule.description.days', { days: days.map((day) => t(`weekday.${String(day)}`)).join(', ') }));
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
    operator: isAlertOperator(condition['operator']) ? ALERT_OPERATOR_SYMBOLS[condition['operator']] : '',
    argument: `${number(condition['argument'])}${unit}`,
    interval: typeof condition['date_interval'] === 'string' ? t(`alert-rule.interval.${condition['date_interval']}`) : '',
    efficiency: number(condition['efficiency']),
    percent: number(condition['percentageDifference']),
    count: number(condition['repeatAlarmArgument']),
    period: typeof condition['repeatAlarmEvery'] === 'string' ? t(`alert-rule.repeat.${condition['repeatAlarmEvery']}`) : '',
    date: typeof condition['firstAlarmDate'] === 'string' ? formatShortDate(condition['firstAlarmDate'], language) : '',
  };
  let key = `alert-rule.description.${type}`;
  if (type === 'geolocation') key = `${key}.${condition['geofence'] === 'enter' ? 'enter' : 'leave'}`;
  if (type === 'percentage-change') key = `${key}.${condition['change'] === 'decrease' ? 'decrease' : 'increase'}`;
  return tidySentence(`${t(key, values)}${limits(condition, t)}`);
}

import type { z } from 'zod';
import type { AlertRuleType, Choice, FormTextKey, FormValue } from '@gearwatch/contracts';
import {
  ALERT_CHANGE_DIRECTIONS,
  ALERT_DATE_INTERVALS,
  ALERT_EFFICIENCY_BOUNDS,
  ALERT_EVALUATION,
  ALERT_GEOFENCE_MODES,
  ALERT_OPERATORS,
  ALERT_PERCENT_FIELD,
  ALERT_REPEAT_PERIODS,
  ALERT_UNIT_RANGED_TYPES,
  alertArgumentRange,
  DEFAULT_ALERT_OPERATOR,
  FORM_MESSAGE_KEYS,
  ISO_WEEKDAYS,
  MESSAGE_KEYS,
  alertConditionSchemas,
} from '@gearwatch/contracts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FieldOptions, FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import type { ParameterChoiceRow } from './conditions-repository.ts';

/** Parameter 10000 is the module's own bookkeeping: never a condition's variable (spec 02 §9). */
const HIDDEN_PARAMETER = 10_000;
/** The charging quantity: the one variable of a charging rule. */
const CHARGING_PARAMETER = 10_003;

const label = (name: string) => `alert-rule.field.${name}` as FormTextKey;
const translated = (values: readonly (string | number)[], prefix: string): Choice[] =>
  values.map((value) => ({ value, label: `${prefix}.${value}`, translate: true }));

/** The condition's keys of a rule type, in the contract's order. */
export function conditionKeys(type: AlertRuleType): string[] {
  return Object.keys(alertConditionSchemas[type].shape);
}

function schemaOf(type: AlertRuleType, key: string): z.ZodType {
  return (alertConditionSchemas[type].shape as Record<string, z.ZodType>)[key]!;
}

/** A number field's range and step, read from the contract's schema of that key. */
function numberRange(schema: z.ZodType): FieldOptions {
  const number = schema as unknown as { minValue?: number | null; maxValue?: number | null; isInt?: boolean };
  const bounded = (value: number | null | undefined) => (typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined);
  const options: FieldOptions = {};
  const min = bounded(number.minValue);
  const max = bounded(number.maxValue);
  if (min !== undefined) options.min = min;
  if (max !== undefined) options.max = max;
  if (number.isInt) options.step = 1;
  return options;
}

/**
 * The condition form's fields for a rule type: exactly the keys of its contract schema (shared plan "The API"),
 * required where the schema requires them.
 */
export function conditionFields(type: AlertRuleType): FormFields {
  const fields: FormFields = {};
  for (const key of conditionKeys(type)) {
    const schema = schemaOf(type, key);
    const required = !schema.safeParse(undefined).success;
    const percent = { min: ALERT_PERCENT_FIELD.min, max: ALERT_PERCENT_FIELD.max, step: ALERT_PERCENT_FIELD.step };
    const byKey: Record<string, () => ReturnType<typeof field>> = {
      variable: () => field('choice', label(key), { required }),
      operator: () => field('choice', label(key), { required }),
      argument: () => field('number', label(key), { required, ...numberRange(schema) }),
      // On arrival the interval is not when the rule is checked (every reading is) but how often an open alert may
      // repeat: the label says so (issue 32 item 8). For windows it is the window checked.
      date_interval: () => field('choice', ALERT_EVALUATION[type] === 'arrival' ? 'alert-rule.field.repeat-interval' : label(key), { required }),
      fromHour: () => field('hour', label(key), { required }),
      toHour: () => field('hour', label(key), { required }),
      workDays: () => field('choice', label(key), { required, multiple: true, expanded: true }),
      excludeDaysWithoutData: () => field('checkbox', label(key)),
      polygon: () => field('geopolygon', label(key), { required }),
      geofence: () => field('radio', label(key), { required }),
      efficiency: () => field('number', label(key), { required, ...percent }),
      repeatAlarmArgument: () => field('number', label(key), { required, ...percent }),
      percentageDifference: () => field('number', label(key), { required, ...percent }),
      firstAlarmDate: () => field('date', label(key), { required }),
      repeatAlarmEvery: () => field('choice', label(key), { required }),
      change: () => field('radio', label(key), { required }),
      bound: () => field('radio', label(key), { required }),
    };
    const make = byKey[key];
    if (!make) throw new Error(`no form field for the condition key ${key}`);
    fields[key] = make();
  }
  return fields;
}

/** The parameters a type's `variable` may name, from those of the rule's devices (spec 01 §5). */
export function variableChoices(type: AlertRuleType, parameters: ParameterChoiceRow[]): Choice[] {
  const usable = parameters.filter((p) => {
    if (p.number === HIDDEN_PARAMETER) return false;
    if (type === 'charging') return p.number === CHARGING_PARAMETER;
    // Motor hours since the last service: a meter, read by its last value.
    if (type === 'part-replace') return p.aggregation === 'last';
    return true;
  });
  // A charging rule takes the charging quantity even before a device type declares it.
  if (type === 'charging' && usable.length === 0) return [{ value: CHARGING_PARAMETER, label: String(CHARGING_PARAMETER) }];
  return usable.map((p) => ({ value: p.number, label: p.name, ...(p.unit ? { unit: p.unit } : {}) }));
}

export function conditionChoices(type: AlertRuleType, parameters: ParameterChoiceRow[]): Record<string, Choice[]> {
  const all: Record<string, Choice[]> = {
    variable: variableChoices(type, parameters),
    operator: translated(ALERT_OPERATORS, 'alert-rule.operator'),
    date_interval: translated(ALERT_DATE_INTERVALS, 'alert-rule.interval'),
    workDays: translated(ISO_WEEKDAYS, 'weekday'),
    geofence: translated(ALERT_GEOFENCE_MODES, 'alert-rule.geofence'),
    repeatAlarmEvery: translated(ALERT_REPEAT_PERIODS, 'alert-rule.repeat'),
    change: translated(ALERT_CHANGE_DIRECTIONS, 'alert-rule.change'),
    bound: translated(ALERT_EFFICIENCY_BOUNDS, 'alert-rule.bound'),
  };
  const keys = new Set(conditionKeys(type));
  return Object.fromEntries(Object.entries(all).filter(([key]) => keys.has(key)));
}

/** A new condition's values: spec 01 §5's defaults, `today` (the company's date) for a first-alarm date. */
export function conditionDefaults(type: AlertRuleType, today: string): Record<string, FormValue> {
  const defaults: Record<string, FormValue> = {
    operator: DEFAULT_ALERT_OPERATOR,
    date_interval: ALERT_EVALUATION[type] === 'window' ? '60m' : '10m',
    geofence: 'leave',
    bound: 'below',
    efficiency: ALERT_PERCENT_FIELD.default,
    repeatAlarmArgument: ALERT_PERCENT_FIELD.default,
    percentageDifference: ALERT_PERCENT_FIELD.default,
    firstAlarmDate: today,
    repeatAlarmEvery: 'day',
    workDays: [],
    excludeDaysWithoutData: false,
  };
  return Object.fromEntries(conditionKeys(type).map((key) => [key, defaults[key] ?? null]));
}

/** A stored condition as the edit form's values (an absent optional key empty). */
export function conditionData(type: AlertRuleType, stored: Record<string, unknown>): Record<string, FormValue> {
  const empty: Record<string, FormValue> = { workDays: [], excludeDaysWithoutData: false };
  return Object.fromEntries(conditionKeys(type).map((key) => [key, stored[key] === undefined ? (empty[key] ?? null) : (stored[key] as FormValue)]));
}

/**
 * The condition a decoded submit makes, checked against the contract's schema of the type. An empty optional field
 * (no hours, no weekdays) is left out. Answers the condition or the field errors.
 */
export function conditionOf(type: AlertRuleType, values: DecodedValues): { condition: Record<string, unknown> } | { errors: Record<string, string[]> } {
  const condition: Record<string, unknown> = {};
  for (const key of conditionKeys(type)) {
    const value = values[key];
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0 && key === 'workDays')) continue;
    condition[key] = value;
  }
  const parsed = alertConditionSchemas[type].safeParse(condition);
  if (parsed.success) return { condition: parsed.data as Record<string, unknown> };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!key || errors[key]) continue;
    errors[key] = [messageOf(issue.code, condition[key])];
  }
  return { errors };
}

/**
 * A value or charging threshold outside the range of its parameter's unit (contracts' ALERT_ARGUMENT_RANGES):
 * `{argument: ['form.field.error.out-of-range']}`, or null when it is within it or the type is not bounded by a unit.
 */
export function argumentRangeErrors(
  type: AlertRuleType,
  condition: Record<string, unknown>,
  parameters: ParameterChoiceRow[],
): Record<string, string[]> | null {
  const argument = condition['argument'];
  if (!ALERT_UNIT_RANGED_TYPES.includes(type) || typeof argument !== 'number') return null;
  const unit = parameters.find((p) => p.number === condition['variable'])?.unit ?? null;
  const range = alertArgumentRange(unit);
  return argument < range.min || argument > range.max ? { argument: [FORM_MESSAGE_KEYS.outOfRange] } : null;
}

function messageOf(code: string, value: unknown): string {
  if (value === undefined) return MESSAGE_KEYS.notBlank;
  if (code === 'too_small' || code === 'too_big') return FORM_MESSAGE_KEYS.outOfRange;
  return MESSAGE_KEYS.incorrect;
}

import { z } from 'zod';
import { ALERT_IMPORTANCES } from './constants.ts';
import { filterChoiceSchema, filterDateSchema, filterIdSchema, filterBooleanSchema, listFilterSchema } from './list.ts';
import { geoPolygonSchema } from './forms.ts';

/**
 * Alert rules and alerts (spec 01 §2, §3, §4, §5, §6, §7; spec 02 dictionary "Alerts", "Alert rules", §9).
 * The one place that lists the rule types, their condition fields, the alert states and the message keys.
 */

/** The 14 rule types (spec 02 dictionary, and work efficiency of spec 01 §3). */
export const ALERT_RULE_TYPES = [
  'authentication',
  'lastsync',
  'value',
  'geolocation',
  'effective-work-time',
  'effective-work-percentage',
  'work-without-operator',
  'periodic-performance',
  'part-replace',
  'counter-per-hour',
  'charging',
  'periodic',
  'percentage-change',
  'work-efficiency',
] as const;
export type AlertRuleType = (typeof ALERT_RULE_TYPES)[number];

/** Types that need no condition: the wizard skips step 3 with alert-rule.no-conditions-needed (spec 01 §2). */
export const ALERT_RULE_TYPES_WITHOUT_CONDITIONS: readonly AlertRuleType[] = ['authentication', 'work-without-operator'];

/**
 * Where each type is evaluated (ARCHITECTURE §6): on arrival of the data that can breach it, when a window closes in
 * the company's time zone, or on a timer.
 */
export const ALERT_EVALUATION: Record<AlertRuleType, 'arrival' | 'window' | 'timer'> = {
  authentication: 'arrival',
  'work-without-operator': 'arrival',
  value: 'arrival',
  geolocation: 'arrival',
  charging: 'arrival',
  'effective-work-time': 'window',
  'effective-work-percentage': 'window',
  'counter-per-hour': 'window',
  'periodic-performance': 'window',
  'percentage-change': 'window',
  'work-efficiency': 'window',
  lastsync: 'timer',
  periodic: 'timer',
  'part-replace': 'timer',
};

/** Importance as stored and sent (info, warning, error); shown as info, warning, critical (spec 02). */
export { ALERT_IMPORTANCES, type AlertImportance } from './constants.ts';
/** Highest first: the order of the totals' `level` and of the stats. */
export const ALERT_IMPORTANCE_RANK: Record<(typeof ALERT_IMPORTANCES)[number], number> = { info: 1, warning: 2, error: 3 };

/** Comparison operators (spec 01 §3): equal, greater-than, less-than, greater-or-equal-to, less-or-equal-to, not-equal-to. */
export const ALERT_OPERATORS = ['eq', 'gt', 'lt', 'gte', 'lte', 'neq'] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];
/** How each operator is shown (the same in every language). */
export const ALERT_OPERATOR_SYMBOLS: Record<AlertOperator, string> = { eq: '=', gt: '>', lt: '<', gte: '≥', lte: '≤', neq: '≠' };
/** Spec 01 §5: the comparison operator defaults to >. */
export const DEFAULT_ALERT_OPERATOR: AlertOperator = 'gt';

/** A condition's interval (spec 01 §3 date_interval), longest first as the spec lists them. */
export const ALERT_DATE_INTERVALS = ['month', 'week', 'day', '12h', '6h', '3h', '2h', '60m', '30m', '15m', '10m'] as const;
export type AlertDateInterval = (typeof ALERT_DATE_INTERVALS)[number];
/** Fixed-length intervals in minutes; day, week and month follow the company's calendar (23/25-hour days). */
export const ALERT_INTERVAL_MINUTES: Partial<Record<AlertDateInterval, number>> = {
  '12h': 720,
  '6h': 360,
  '3h': 180,
  '2h': 120,
  '60m': 60,
  '30m': 30,
  '15m': 15,
  '10m': 10,
};
/** Spec 02 §9: how often a rule is checked: 10, 15, 30, 60 minutes; 2, 3, 6, 12 hours. */
export const ALERT_CHECK_FREQUENCIES = ['10m', '15m', '30m', '60m', '2h', '3h', '6h', '12h'] as const satisfies readonly AlertDateInterval[];
export type AlertCheckFrequency = (typeof ALERT_CHECK_FREQUENCIES)[number];

/** Spec 01 §5: repeat-alarm-every, default day. */
export const ALERT_REPEAT_PERIODS = ['day', 'week', 'month'] as const;
export type AlertRepeatPeriod = (typeof ALERT_REPEAT_PERIODS)[number];

/** Percentage change: increase by or decrease by (spec 02 dictionary). */
export const ALERT_CHANGE_DIRECTIONS = ['increase', 'decrease'] as const;
export type AlertChangeDirection = (typeof ALERT_CHANGE_DIRECTIONS)[number];

/** Work efficiency: alert when the window's efficiency falls below the percentage, or rises above it. */
export const ALERT_EFFICIENCY_BOUNDS = ['below', 'above'] as const;
export type AlertEfficiencyBound = (typeof ALERT_EFFICIENCY_BOUNDS)[number];

/** Geolocation: alert when the device leaves the area or when it enters it. */
export const ALERT_GEOFENCE_MODES = ['leave', 'enter'] as const;
export type AlertGeofenceMode = (typeof ALERT_GEOFENCE_MODES)[number];

/** Spec 01 §5 / §9: efficiency percent, repeat-alarm argument and percentage difference: 1 to 100, step 1, default 1. */
export const ALERT_PERCENT_FIELD = { min: 1, max: 100, step: 1, default: 1 } as const;
/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const hour = z.number().int().min(0).max(24);
const percent = z.number().int().min(ALERT_PERCENT_FIELD.min).max(ALERT_PERCENT_FIELD.max);
/**
 * The thresholds a condition may compare a parameter's readings with, by the parameter's short unit (issue 32 item 8):
 * wide enough for any real reading in that unit, narrow enough that a slip of the keyboard (-99,999,999,999 V) is
 * refused. A unit not listed (or no unit) takes ALERT_ARGUMENT_DEFAULT_RANGE, which bounds every argument. The
 * server checks a value or charging condition's argument against its parameter's unit; the wizard checks the same.
 */
export const ALERT_ARGUMENT_RANGES: Readonly<Record<string, { min: number; max: number }>> = {
  V: { min: -1000, max: 1000 },
  mV: { min: -1_000_000, max: 1_000_000 },
  A: { min: -10_000, max: 10_000 },
  h: { min: 0, max: 1_000_000 },
  min: { min: 0, max: 10_000_000 },
  s: { min: 0, max: 1_000_000_000 },
  '%': { min: 0, max: 100 },
  bar: { min: -1, max: 10_000 },
  l: { min: 0, max: 1_000_000 },
  kWh: { min: 0, max: 100_000_000 },
  km: { min: 0, max: 100_000_000 },
  'km/h': { min: 0, max: 500 },
  'on/off': { min: 0, max: 1 },
};
export const ALERT_ARGUMENT_DEFAULT_RANGE = { min: -1_000_000_000, max: 1_000_000_000 } as const;
/** The rule types whose argument is compared with the parameter's own readings, so is bounded by its unit. */
export const ALERT_UNIT_RANGED_TYPES: readonly AlertRuleType[] = ['value', 'charging'];

/** The range of a threshold in `unit` (the parameter's short unit, null when it has none). */
export function alertArgumentRange(unit: string | null | undefined): { min: number; max: number } {
  return (unit ? ALERT_ARGUMENT_RANGES[unit] : undefined) ?? ALERT_ARGUMENT_DEFAULT_RANGE;
}

const argument = z.number().min(ALERT_ARGUMENT_DEFAULT_RANGE.min).max(ALERT_ARGUMENT_DEFAULT_RANGE.max);
const parameterNumber = z.number().int().min(0).max(2_147_483_647);
/** Time-of-day and weekday limits a condition may carry: only readings inside them count. */
const timeLimits = {
  /** Whole hours 0–24 on the 24-hour picker; fromHour > toHour wraps past midnight; absent for the whole day. */
  fromHour: hour.optional(),
  toHour: hour.optional(),
  /** ISO weekdays the rule applies on; absent or empty for every day. */
  workDays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
};

/**
 * The condition of each type: the fields of spec 01 §3 and spec 02 under their JSON names. The server-driven
 * condition form (`GET /api/alertrules/{id}/conditions/new`) offers exactly these fields, with these names.
 */
export const alertConditionSchemas = {
  authentication: z.strictObject({}),
  'work-without-operator': z.strictObject({}),
  /** No contact from the module for longer than `argument` minutes. */
  lastsync: z.strictObject({ argument: z.number().int().min(1).max(100_000) }),
  /** The parameter's value compared with the argument; a repeat is counted at most once per `date_interval`. */
  value: z.strictObject({ variable: parameterNumber, operator: z.enum(ALERT_OPERATORS), argument, date_interval: z.enum(ALERT_DATE_INTERVALS), ...timeLimits }),
  /** Leaves (or enters) the polygon; a fix whose accuracy circle still overlaps the area is not outside it. */
  geolocation: z.strictObject({ polygon: geoPolygonSchema.min(4), geofence: z.enum(ALERT_GEOFENCE_MODES), ...timeLimits }),
  /** Minutes of effective work (parameter 1) in each window compared with the argument. */
  'effective-work-time': z.strictObject({
    operator: z.enum(ALERT_OPERATORS),
    argument: z.number().min(0).max(44_640),
    date_interval: z.enum(ALERT_DATE_INTERVALS),
    excludeDaysWithoutData: z.boolean().optional(),
    ...timeLimits,
  }),
  /** Work ÷ active × 100 in each window compared with `efficiency` percent (parsed as an integer). */
  'effective-work-percentage': z.strictObject({
    operator: z.enum(ALERT_OPERATORS),
    efficiency: percent,
    date_interval: z.enum(ALERT_DATE_INTERVALS),
    excludeDaysWithoutData: z.boolean().optional(),
    ...timeLimits,
  }),
  /** The counter's total over each window compared with the argument (the window's goal). */
  'periodic-performance': z.strictObject({
    variable: parameterNumber,
    operator: z.enum(ALERT_OPERATORS),
    argument: z.number().min(0).max(ALERT_ARGUMENT_DEFAULT_RANGE.max),
    date_interval: z.enum(ALERT_DATE_INTERVALS),
    excludeDaysWithoutData: z.boolean().optional(),
    ...timeLimits,
  }),
  /** Motor hours (a `last` meter) since the first-alarm date or the last "done", every `argument` hours. */
  'part-replace': z.strictObject({ variable: parameterNumber, argument: z.number().int().min(1).max(1_000_000), firstAlarmDate: z.iso.date() }),
  /** The counter per hour of each window compared with the argument. */
  'counter-per-hour': z.strictObject({
    variable: parameterNumber,
    operator: z.enum(ALERT_OPERATORS),
    argument: z.number().min(0).max(ALERT_ARGUMENT_DEFAULT_RANGE.max),
    date_interval: z.enum(ALERT_DATE_INTERVALS),
    excludeDaysWithoutData: z.boolean().optional(),
    ...timeLimits,
  }),
  /** The charging quantity (parameter 10003 only) compared with the argument. */
  charging: z.strictObject({ variable: z.literal(10003), operator: z.enum(ALERT_OPERATORS), argument, date_interval: z.enum(ALERT_DATE_INTERVALS) }),
  /** A reminder from the first-alarm date, repeating every `repeatAlarmArgument` days, weeks or months. */
  periodic: z.strictObject({ firstAlarmDate: z.iso.date(), repeatAlarmEvery: z.enum(ALERT_REPEAT_PERIODS), repeatAlarmArgument: percent }),
  /** The parameter's total over the window against the previous equal window, up or down by the percentage. */
  'percentage-change': z.strictObject({
    variable: parameterNumber,
    change: z.enum(ALERT_CHANGE_DIRECTIONS),
    percentageDifference: percent,
    date_interval: z.enum(ALERT_DATE_INTERVALS),
    excludeDaysWithoutData: z.boolean().optional(),
    ...timeLimits,
  }),
  /**
   * Work efficiency (spec 01 §3, spec 02 §9): the efficiency the product shows, work ÷ active × 100 as a whole
   * percent and 0 when the device was not active, of each window, below or above `efficiency` percent.
   */
  'work-efficiency': z.strictObject({
    bound: z.enum(ALERT_EFFICIENCY_BOUNDS),
    efficiency: percent,
    date_interval: z.enum(ALERT_DATE_INTERVALS),
    excludeDaysWithoutData: z.boolean().optional(),
    ...timeLimits,
  }),
} as const satisfies Record<AlertRuleType, z.ZodType>;
export type AlertCondition<T extends AlertRuleType = AlertRuleType> = z.infer<(typeof alertConditionSchemas)[T]>;

/** A condition as stored and read back: its id and position with the type's fields. */
export const alertConditionRowSchema = z.object({ id: z.number().int(), position: z.number().int(), condition: z.record(z.string(), z.unknown()) });
export type AlertConditionRow = z.infer<typeof alertConditionRowSchema>;

/** Alert status (spec 02): active, ended (the condition cleared), confirmed (archived by a user); the filter adds all. */
export const ALERT_STATUSES = ['active', 'ended', 'confirmed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_STATUS_FILTERS = ['all', ...ALERT_STATUSES] as const;

/** Where an alert comes from: a rule, or a device's daily work requirements (spec 02 dictionary "Devices"). */
export const ALERT_SOURCES = ['rule', 'requirement'] as const;
export type AlertSource = (typeof ALERT_SOURCES)[number];

/**
 * An alert's message is a translation key and its parameters, shown in the reader's language. The key is
 * `alert.message.<type>` (or `alert.message.requirement`); the parameters each key reads are listed here (times as
 * ISO 8601 with the company's offset, numbers unrounded, `unit` the parameter's short unit or '').
 */
export const ALERT_MESSAGE_PARAMS = {
  authentication: ['rfid'],
  lastsync: ['minutes', 'lastContact'],
  value: ['parameter', 'value', 'unit', 'operator', 'argument'],
  geolocation: ['geofence', 'lat', 'lon', 'accuracy'],
  'effective-work-time': ['minutes', 'operator', 'argument', 'windowStart', 'windowEnd'],
  'effective-work-percentage': ['efficiency', 'operator', 'argument', 'windowStart', 'windowEnd'],
  'work-without-operator': ['minutes'],
  'periodic-performance': ['parameter', 'value', 'unit', 'operator', 'argument', 'windowStart', 'windowEnd'],
  'part-replace': ['parameter', 'hours', 'argument', 'since'],
  'counter-per-hour': ['parameter', 'value', 'unit', 'operator', 'argument', 'windowStart', 'windowEnd'],
  charging: ['value', 'unit', 'operator', 'argument'],
  periodic: ['due'],
  'percentage-change': ['parameter', 'change', 'percent', 'value', 'previous', 'argument', 'windowStart', 'windowEnd'],
  'work-efficiency': ['efficiency', 'bound', 'argument', 'windowStart', 'windowEnd'],
  requirement: ['day', 'workMinutes', 'requiredWorkMinutes', 'activeMinutes', 'requiredActiveMinutes'],
} as const satisfies Record<AlertRuleType | 'requirement', readonly string[]>;
export const alertMessageKey = (kind: AlertRuleType | 'requirement') => `alert.message.${kind}`;

/** Message keys of the alert screens and calls (spec 01 §2, §5, §6), translated in every language. */
export const ALERT_MESSAGE_KEYS = {
  /** Wizard step 3 for types without conditions. */
  noConditionsNeeded: 'alert-rule.no-conditions-needed',
  /** After Finish, on the rule page. */
  created: 'alert-rule.created',
  /** Step 2 without a device or a group (spec 01 §5). */
  notBlank: 'form.field.error.not-blank',
  /** Unassigning the last user of an enabled rule (spec 01 §6 'Not allowed to unassign'). */
  unassignNotAllowed: 'alert-rule.unassign-not-allowed',
  /** A device, group or user that is not the rule's company's (or does not exist). */
  notFound: 'form.field.error.not-found',
  /** Writing to an archived (deleted) rule. */
  archived: 'alert-rule.archived',
  /** A condition for a rule type that takes none. */
  noConditions: 'alert-rule.conditions-not-accepted',
} as const;

/** `GET /api/alertrules` (list protocol; search on the name). */
export const ALERT_RULE_SORT_FIELDS = ['id', 'name', 'type', 'importance', 'enabled', 'deviceCount', 'createdAt'] as const;
export type AlertRuleSortField = (typeof ALERT_RULE_SORT_FIELDS)[number];
export const alertRuleListFilterSchema = listFilterSchema({
  type: filterChoiceSchema(ALERT_RULE_TYPES),
  importance: filterChoiceSchema(ALERT_IMPORTANCES),
  enabled: filterBooleanSchema,
  device: filterIdSchema,
  /** Archived (deleted) rules: listed only when this is true. */
  archived: filterBooleanSchema,
});
export type AlertRuleListFilter = z.infer<typeof alertRuleListFilterSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/**
 * What a rule's generated description is written from (issue 32 item 3): its first condition and the parameter its
 * `variable` names (name, short unit), read when the rule is read. The sentence itself is `describeAlertRule`.
 */
export const alertRuleSummarySchema = z.object({
  condition: z.record(z.string(), z.unknown()).nullable(),
  parameter: z.object({ name: z.string(), unit: z.string().nullable() }).nullable(),
});
export type AlertRuleSummary = z.infer<typeof alertRuleSummarySchema>;

export const alertRuleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(ALERT_RULE_TYPES),
  importance: z.enum(ALERT_IMPORTANCES),
  /** What the user wrote, if anything; the generated description is `summary` put into words by the reader. */
  description: z.string().nullable(),
  /** What the generated description is written from, read now (describeAlertRule). */
  summary: alertRuleSummarySchema,
  enabled: z.boolean(),
  /**
   * Created by the wizard and not yet finished (issue 32 item 6): disabled, never evaluated, until Finish enables it
   * (`PATCH /api/alertrules/{id}/enable`), which ends the draft.
   */
  draft: z.boolean(),
  /** Deleted while alerts refer to it: read-only. */
  archived: z.boolean(),
  /** Devices it watches: its own and its groups', each once. */
  deviceCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type AlertRuleRow = z.infer<typeof alertRuleRowSchema>;
export const alertRuleListSchema = z.object({ entries: z.array(alertRuleRowSchema) });

/** `GET /api/alertrules/{id}`: the rule page. */
export const alertRuleDetailSchema = alertRuleRowSchema.extend({
  conditions: z.array(alertConditionRowSchema),
  devices: z.array(named),
  groups: z.array(named),
  users: z.array(named),
  /** Unconfirmed alerts by importance, for the page's header. */
  stats: z.array(z.object({ level: z.enum(ALERT_IMPORTANCES), count: z.number().int() })),
});
export type AlertRuleDetail = z.infer<typeof alertRuleDetailSchema>;

/** `PUT /api/alertrules/{id}` (spec 01 §7: name, importance, description). */
export const alertRuleUpdateSchema = z.object({
  name: z.string(),
  importance: z.string(),
  description: z.string().nullable().optional(),
});

/** `POST /api/alertrules/{id}/preview` with a condition: how often the rule would have fired in the last days. */
export const ALERT_PREVIEW_DAYS = 7;
export const alertPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Alerts the rule would have opened on its devices in the period (a repeat of an open one is not counted). */
  alerts: z.number().int(),
  /** Occurrences, repeats included (what the counters would show). */
  occurrences: z.number().int(),
  devices: z.array(named.extend({ alerts: z.number().int(), occurrences: z.number().int() })),
});
export type AlertPreview = z.infer<typeof alertPreviewSchema>;

/** `GET /api/alerts` (list protocol). Dates are read in the company's time zone; `to` is inclusive. */
export const ALERT_SORT_FIELDS = ['id', 'createdAt', 'lastAt', 'endedAt', 'counter', 'importance', 'status', 'device', 'rule'] as const;
export type AlertSortField = (typeof ALERT_SORT_FIELDS)[number];
export const alertListFilterSchema = listFilterSchema({
  status: filterChoiceSchema(ALERT_STATUS_FILTERS),
  importance: filterChoiceSchema(ALERT_IMPORTANCES),
  device: filterIdSchema,
  rule: filterIdSchema,
  from: filterDateSchema,
  to: filterDateSchema,
});
export type AlertListFilter = z.infer<typeof alertListFilterSchema>;
/**
 * `GET /api/alerts` counts at most this many matching alerts: its total (X-Total-Entries) is exact below it and means
 * "this many or more" at it. Counting every one of a million alerts on each page would cost far more than the page
 * (docs/performance.md); a filter (dates, status) narrows the list instead.
 */
export const ALERT_LIST_TOTAL_LIMIT = 1000;

export const alertRowSchema = z.object({
  id: z.number().int(),
  source: z.enum(ALERT_SOURCES),
  /** Creation: the data's time of the first occurrence. */
  createdAt: z.string(),
  lastAt: z.string(),
  endedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  counter: z.number().int(),
  importance: z.enum(ALERT_IMPORTANCES),
  status: z.enum(ALERT_STATUSES),
  device: named,
  /** Null for a requirement alert; `archived` when the rule was deleted (shown read-only). */
  rule: named.extend({ type: z.enum(ALERT_RULE_TYPES), archived: z.boolean(), summary: alertRuleSummarySchema }).nullable(),
  /** What it measured, as it fired: kept with the alert. */
  message: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) }),
  /** The rule's user-written description as it is now (null for a requirement's alert or a rule without one). */
  description: z.string().nullable(),
});
export type AlertRow = z.infer<typeof alertRowSchema>;
export const alertListSchema = z.object({ entries: z.array(alertRowSchema) });

/** `GET /api/alarms/stats`, `GET /api/device/{id}/alarms/stats`: unconfirmed active alerts per importance. */
export const alarmStatsSchema = z.array(z.object({ level: z.enum(ALERT_IMPORTANCES), count: z.number().int() }));
export type AlarmStats = z.infer<typeof alarmStatsSchema>;
/** `GET /api/alarms/total`: active unconfirmed alerts the user sees and the highest importance among them. */
export const alarmTotalSchema = z.object({ count: z.number().int(), level: z.enum(ALERT_IMPORTANCES).nullable() });
export type AlarmTotal = z.infer<typeof alarmTotalSchema>;

/** `PATCH /api/alerts/{ids}/confirm` and `PATCH /api/alerts/confirm?filter=`: how many were confirmed. */
export const alertConfirmResultSchema = z.object({ confirmed: z.number().int() });

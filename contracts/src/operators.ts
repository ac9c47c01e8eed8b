import { z } from 'zod';
import { filterIdSchema, listFilterSchema } from './list.ts';
import { problemSchema, validationErrorSchema } from './errors.ts';
import { localDateSchema } from './diagnostics-query.ts';

/**
 * `GET /api/deviceoperators` (list protocol; search on first name, last name, e-mail and RFID; filter
 * `{"group": id}`; sort: id, name (last name, then first name), firstname, lastname, rfid, group (its name); default
 * name). Names sort with the Polish collation like the operator groups. `name` is "firstname lastname".
 */
export const DEVICE_OPERATOR_SORT_FIELDS = ['id', 'name', 'firstname', 'lastname', 'rfid', 'group'] as const;
/** `GET /api/deviceoperators` filter: one operator group. */
export const deviceOperatorListFilterSchema = listFilterSchema({ group: filterIdSchema });
export type DeviceOperatorListFilter = z.output<typeof deviceOperatorListFilterSchema>;

/** What the monitors read of a device operator (a subset of deviceOperatorSchema; extra keys are dropped). */
export const deviceOperatorListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  rfid: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type DeviceOperatorListEntry = z.infer<typeof deviceOperatorListEntrySchema>;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** One entry of `GET /api/deviceoperators`: what the monitors read plus the management screen's columns. */
export const deviceOperatorSchema = deviceOperatorListEntrySchema.extend({
  email: z.string().nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  supervisor: z.string().nullable(),
  /** The name of the company the operator works for (a contractor's, say); not the tenant. */
  companyName: z.string().nullable(),
  /** How many devices the operator is assigned to. */
  deviceCount: z.number().int(),
});
export type DeviceOperator = z.infer<typeof deviceOperatorSchema>;
export const deviceOperatorListSchema = z.object({ entries: z.array(deviceOperatorSchema) });

/** The sessions `GET /api/deviceoperators/{id}` answers, newest first. */
export const DEVICE_OPERATOR_HISTORY_LIMIT = 50;

/** One RFID session of the operator on a device; work and active are null when no such reading fell into it. */
export const deviceOperatorSessionSchema = z.object({
  device: namedSchema,
  start: z.iso.datetime(),
  /** null while the card is still in the reader. */
  end: z.iso.datetime().nullable(),
  workSeconds: z.number().nullable(),
  activeSeconds: z.number().nullable(),
});
export type DeviceOperatorSession = z.infer<typeof deviceOperatorSessionSchema>;

/** `GET /api/deviceoperators/{id}`: the list entry, the assigned devices by name, the last sessions. */
export const deviceOperatorDetailSchema = deviceOperatorSchema.extend({
  devices: z.array(namedSchema),
  history: z.array(deviceOperatorSessionSchema),
});
export type DeviceOperatorDetail = z.infer<typeof deviceOperatorDetailSchema>;

/** The operator page's work-time windows (spec 02 "Other": current day, week and month), in this order. */
export const WORK_TIME_PERIODS = ['day', 'week', 'month'] as const;
export type WorkTimePeriod = (typeof WORK_TIME_PERIODS)[number];

/** The operator's work and activity over local dates from..to (both included); null when no reading fell in. */
export const workTimeSpanSchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  workSeconds: z.number().nullable(),
  activeSeconds: z.number().nullable(),
});
export type WorkTimeSpan = z.infer<typeof workTimeSpanSchema>;

/**
 * One window: the current period up to today (today; Monday to today; the 1st to today) and the previous equal
 * period (yesterday; last week's Monday to the same weekday; last month's 1st to the same day of the month, cut at
 * its end), with the trends of work and activity (trendPercent of trend.ts; null without a previous figure).
 */
export const workTimeWindowSchema = z.object({
  period: z.enum(WORK_TIME_PERIODS),
  current: workTimeSpanSchema,
  previous: workTimeSpanSchema,
  workTrend: z.number().int().nullable(),
  activeTrend: z.number().int().nullable(),
});
export type WorkTimeWindow = z.infer<typeof workTimeWindowSchema>;

/**
 * `GET /api/deviceoperators/{id}/work-time`: the windows in the company's timezone (weeks start on Monday), read from
 * the operator-session day rollup (work and activity of the devices during the operator's card sessions).
 */
export const operatorWorkTimeSchema = z.object({
  /** The company's local today the windows end on. */
  today: localDateSchema,
  windows: z.array(workTimeWindowSchema),
});
export type OperatorWorkTime = z.infer<typeof operatorWorkTimeSchema>;

/** The answer of `DELETE /api/deviceoperators/{id}` and `DELETE /api/deviceoperators/{id}/devices`. */
export const deviceOperatorDeletedSchema = z.object({});

/** Response schemas per status code of the device-operator routes (the form routes use the form protocol's). */
export const DEVICE_OPERATOR_RESPONSES = {
  list: { 200: deviceOperatorListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
  get: { 200: deviceOperatorDetailSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  /** 409 names the devices the operator is still assigned to: `dependents: {devices: [{id, name}]}`. */
  delete: { 200: deviceOperatorDeletedSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema },
  unassignDevices: { 200: deviceOperatorDeletedSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  workTime: { 200: operatorWorkTimeSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
} as const;

/**
 * `GET /api/deviceoperatorgroups` (list protocol; search on the name; sort: id, name; default name). Names sort
 * with the Polish collation (spec 02 §7): Lucyna < Łukasz < Zenon < Żaneta.
 */
export const DEVICE_OPERATOR_GROUP_SORT_FIELDS = ['id', 'name'] as const;
/** The locale of the operator-group name order. */
export const OPERATOR_GROUP_COLLATION_LOCALE = 'pl';

export const deviceOperatorGroupListEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The group's operators, by id ascending. */
  operators: z.array(z.object({ id: z.number().int() })),
});
export type DeviceOperatorGroupListEntry = z.infer<typeof deviceOperatorGroupListEntrySchema>;
export const deviceOperatorGroupListSchema = z.object({ entries: z.array(deviceOperatorGroupListEntrySchema) });

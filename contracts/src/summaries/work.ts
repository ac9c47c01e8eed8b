import { z } from 'zod';
import { DIAGNOSTICS_LIMITS, commaListSchema, localDateSchema } from '../diagnostics-query.ts';
import { SUMMARY_PERIODS, SUMMARY_SORTS } from './common.ts';
import type { SummarySort } from './common.ts';

/**
 * The dashboard's work summary widgets (spec 02 "Other dashboard widgets"): activity, efficiency, operator and
 * shift-work summaries. Each shows one period of the company's calendar and the change against the previous equal
 * period. Numbers are seconds (work and active) or pieces (counter). Periods (common.ts) end on `date` (default:
 * today in the company's timezone) and count whole local dates; while one runs, the previous one is cut at the same
 * wall-clock time (common.ts, `previousUntil`).
 */

/** The efficiency summary's columns and rows, each a checkbox of its settings (spec 02). */
export const EFFICIENCY_SUMMARY_OPTIONS = ['activeTime', 'workTime', 'averages', 'percentActivity', 'percentEfficiency'] as const;
export type EfficiencySummaryOption = (typeof EFFICIENCY_SUMMARY_OPTIONS)[number];

/** Rows ordered by the chosen sort; ties by name, so the order is stable. */
export function sortWorkSummaryRows<T extends { name: string; work: number; active: number }>(rows: readonly T[], sort: SummarySort): T[] {
  const field = sort.startsWith('work') ? 'work' : 'active';
  const sign = sort.endsWith('asc') ? 1 : -1;
  return [...rows].sort((a, b) => sign * (a[field] - b[field]) || a.name.localeCompare(b.name));
}

const idList = (what: string, maxItems: number) =>
  commaListSchema({ min: 1, maxItems, description: `${what} ids, comma-separated`, example: '1,2' }).optional();

const periodFields = {
  period: z.enum(SUMMARY_PERIODS).default('today'),
  /** The local date the period ends on; today in the company's timezone when absent. */
  date: localDateSchema.optional(),
};
const sortField = { sort: z.enum(SUMMARY_SORTS).default('work-desc') };

/**
 * Activity and efficiency summaries: the devices asked for, or (groups) one row per device group summing its
 * devices. At least one of devices / groups (400 naming devices otherwise).
 */
export const workDeviceSummaryQuerySchema = z.object({
  devices: idList('Device', DIAGNOSTICS_LIMITS.maxDevices),
  groups: idList('Device group', DIAGNOSTICS_LIMITS.maxGroups),
  ...periodFields,
  ...sortField,
});
export type WorkDeviceSummaryQuery = z.input<typeof workDeviceSummaryQuerySchema>;

/** Operator summary: operators, or (deviceOperatorsGroups) one row per operator group. */
export const operatorSummaryQuerySchema = z.object({
  deviceOperators: idList('Operator', DIAGNOSTICS_LIMITS.maxOperators),
  deviceOperatorsGroups: idList('Operator group', DIAGNOSTICS_LIMITS.maxOperatorGroups),
  ...periodFields,
  ...sortField,
});
export type OperatorSummaryQuery = z.input<typeof operatorSummaryQuerySchema>;

/** Shift-work summary: the company's shifts over the selected devices (or the devices of the groups). */
export const shiftWorkSummaryQuerySchema = z.object({
  devices: idList('Device', DIAGNOSTICS_LIMITS.maxDevices),
  groups: idList('Device group', DIAGNOSTICS_LIMITS.maxGroups),
  ...periodFields,
});
export type ShiftWorkSummaryQuery = z.input<typeof shiftWorkSummaryQuerySchema>;

/** Inclusive local dates. */
export const workSummaryRangeSchema = z.object({ from: z.string(), to: z.string() });
export type WorkSummaryRange = z.infer<typeof workSummaryRangeSchema>;

const trend = z.number().nullable().meta({ description: 'Percent change against the previous period; null when it had nothing' });

/** One device, group, operator or operator group: totals of the period and their trends. */
export const workSummaryRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  work: z.number(),
  active: z.number(),
  workTrend: trend,
  activeTrend: trend,
});
export type WorkSummaryRow = z.infer<typeof workSummaryRowSchema>;
export const workSummaryTotalSchema = workSummaryRowSchema.omit({ id: true, name: true });
export type WorkSummaryTotal = z.infer<typeof workSummaryTotalSchema>;

const periodAnswer = {
  period: workSummaryRangeSchema,
  previous: workSummaryRangeSchema,
  /**
   * While the period runs, the previous one is cut at the same local wall-clock time on its last date (common.ts):
   * that time, HH:mm; null when the previous period counts whole.
   */
  previousUntil: z.string().nullable(),
};

/** Activity and operator summaries: rows in the asked order and the total of all rows. */
export const workSummaryResponseSchema = z.object({ ...periodAnswer, rows: z.array(workSummaryRowSchema), total: workSummaryTotalSchema });
export type WorkSummaryResponse = z.infer<typeof workSummaryResponseSchema>;

/**
 * A device (or group) in the efficiency summary: percent activity is active time over the period's elapsed time
 * (per device of a group), percent efficiency work / active (spec 02 §9), both whole numbers.
 */
export const efficiencySummaryRowSchema = workSummaryRowSchema.extend({
  activityPercent: z.number(),
  efficiencyPercent: z.number(),
  activityPercentTrend: trend,
  efficiencyPercentTrend: trend,
});
export type EfficiencySummaryRow = z.infer<typeof efficiencySummaryRowSchema>;
export const efficiencySummaryAverageSchema = efficiencySummaryRowSchema.omit({ id: true, name: true });
export type EfficiencySummaryAverage = z.infer<typeof efficiencySummaryAverageSchema>;

export const efficiencySummaryResponseSchema = z.object({
  ...periodAnswer,
  /** Seconds of the period so far (the whole period when it has ended): the base of percent activity. */
  elapsedSeconds: z.number(),
  rows: z.array(efficiencySummaryRowSchema),
  /** The mean of the rows; zeros when there are none. */
  average: efficiencySummaryAverageSchema,
});
export type EfficiencySummaryResponse = z.infer<typeof efficiencySummaryResponseSchema>;

/** One company shift: the sums of the selected devices in it over the period's dates (a shift counts on the date it starts). */
export const shiftWorkRowSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  hourStart: z.number().int(),
  hourEnd: z.number().int(),
  work: z.number(),
  active: z.number(),
  counter: z.number(),
  workTrend: trend,
  activeTrend: trend,
  counterTrend: trend,
});
export type ShiftWorkRow = z.infer<typeof shiftWorkRowSchema>;

export const shiftWorkSummaryResponseSchema = z.object({
  ...periodAnswer,
  shifts: z.array(shiftWorkRowSchema),
  total: shiftWorkRowSchema.omit({ position: true, name: true, hourStart: true, hourEnd: true }),
});
export type ShiftWorkSummaryResponse = z.infer<typeof shiftWorkSummaryResponseSchema>;

export const WORK_SUMMARY_PATHS = {
  activity: '/api/summaries/activity',
  efficiency: '/api/summaries/efficiency',
  operators: '/api/summaries/operators',
  shiftWork: '/api/summaries/shift-work',
} as const;

import { z } from 'zod';

/**
 * Query-string building blocks and limits of the diagnostics calls (spec 02 §7). Response shapes are in
 * diagnostics.ts.
 */

/** Intervals of spec 02 §3 "Intervals". */
export const DIAGNOSTICS_INTERVALS = ['5min', 'hour', 'day', 'month', 'year', 'shifts'] as const;
export type DiagnosticsInterval = (typeof DIAGNOSTICS_INTERVALS)[number];

/** The intervals that cut time into calendar buckets (all but shifts), finest first: the coarsening order. */
export const TIME_INTERVALS = ['5min', 'hour', 'day', 'month', 'year'] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

/**
 * The longest range, in days counted inclusively, that each interval answers. A longer range is answered with the
 * next coarser interval, named in the response's `interval` (the client then switches its selection, spec 02 §4):
 * 5min up to 7 days (at most ~2,000 buckets), hour up to 93 days (at most ~2,250 buckets); day, month and year
 * answer every allowed range.
 */
export const INTERVAL_MAX_DAYS: Record<TimeInterval, number> = { '5min': 7, hour: 93, day: 366, month: 366, year: 366 };

export const DIAGNOSTICS_LIMITS = {
  /** `from`..`to` inclusive; a longer range is a 400 naming `to` with `DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong`. */
  maxRangeDays: 366,
  /**
   * Stored values one answer may read (categories × stored series; efficiency reads work and active, two series): an
   * interval that would read more is answered with the next coarser one, named in `interval`, as for a range too long
   * (decision 008, docs/performance.md). 20 devices × efficiency get 5 minutes for a day (11,560); 20 devices × 5
   * parameters get hours for a day, 2 devices × 5 parameters 5 minutes; one device's 5 parameters 5 minutes for a week.
   */
  maxValues: 12_000,
  maxDevices: 100,
  maxGroups: 100,
  maxParameters: 20,
  maxOperators: 200,
  maxOperatorGroups: 100,
  /** Raw readings per parameter in the async call; the newest ones are kept and `capped` says so. */
  asyncMaxPoints: 10_000,
  /** Positions in the location call; beyond it the track is thinned evenly (see `locationsQuerySchema`). */
  locationsMaxPoints: 20_000,
} as const;

/**
 * How categories are written, always the local wall time of the bucket's start in the company's timezone.
 * In the hour that repeats when clocks go back, 5min and hour labels repeat too: each real hour keeps its own
 * bucket and position, so no value is merged or lost. Shifts are labelled by the date the shift starts on.
 */
export const CATEGORY_FORMATS: Record<DiagnosticsInterval, string> = {
  '5min': 'YYYY-MM-DD HH:mm',
  hour: 'YYYY-MM-DD HH:mm',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
  shifts: 'YYYY-MM-DD',
};
/** Timestamps of raw readings in the async call: local wall time in the company's timezone. */
export const RAW_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const DIAGNOSTICS_MESSAGE_KEYS = {
  /** More than `DIAGNOSTICS_LIMITS.maxRangeDays` days between from and to. */
  rangeTooLong: 'diagnostics.message.range-too-long',
  /** interval=shifts (or the shift chart) for a company without production shifts (spec 02 §5). */
  noShiftsDefined: 'monitor.message.no-shifts-defined',
  /** An operator group without operators in the operator call (spec 02 §5, §8). */
  noDeviceOperators: 'device-operator-group.no-device-operators',
} as const;

/**
 * Spec 02 §9: efficiency = work / active × 100 as a whole number; 0 when it is undefined (no activity). Held within
 * [0, Number.MAX_SAFE_INTEGER]: work is never negative, and a vanishing active time or a value stored before ingest
 * checked ranges (docs/ingest.md, "Values") must still give a number every answer can carry, never ±Infinity.
 */
export function efficiencyPercent(work: number | null | undefined, active: number | null | undefined): number {
  if (active === null || active === undefined || !(active > 0) || work === null || work === undefined) return 0;
  const percent = Math.round((work / active) * 100);
  if (!(percent > 0)) return 0;
  return Math.min(percent, Number.MAX_SAFE_INTEGER);
}

const ID_MAX = 2147483647;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A local date in the company's timezone, YYYY-MM-DD (spec 02 §9). */
export const localDateSchema = z
  .string()
  .trim()
  .min(1)
  .refine(isCalendarDate)
  .meta({ description: 'A local date in the company timezone, YYYY-MM-DD', example: '2026-03-29' });

/**
 * A comma-separated list (`1,2,3`) of whole numbers, parsed to a de-duplicated array in the order given.
 * `min` is the smallest allowed value: 1 for ids, 0 for parameter numbers (0 = efficiency).
 */
export function commaListSchema(options: { min: 0 | 1; maxItems: number; description: string; example: string }) {
  return z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const values = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : Number.NaN));
      const unique = [...new Set(values)];
      if (values.some((v) => !Number.isInteger(v) || v < options.min || v > ID_MAX) || unique.length > options.maxItems) {
        ctx.addIssue({ code: 'custom', message: `comma-separated whole numbers >= ${options.min}, at most ${options.maxItems}` });
        return z.NEVER;
      }
      return unique;
    })
    .meta({ description: options.description, example: options.example });
}

export const deviceIdsSchema = commaListSchema({ min: 1, maxItems: DIAGNOSTICS_LIMITS.maxDevices, description: 'Device ids, comma-separated', example: '1,2' });
export const parameterNumbersSchema = commaListSchema({
  min: 0,
  maxItems: DIAGNOSTICS_LIMITS.maxParameters,
  description: 'Parameter numbers, comma-separated; 0 is the efficiency pseudo-parameter, 10000 is never answered',
  example: '1,2,0',
});

/** `GET /api/devices/diagnostics/multiple`. */
export const deviceDiagnosticsQuerySchema = z.object({
  devices: deviceIdsSchema,
  parameterNumber: parameterNumbersSchema,
  interval: z.enum(DIAGNOSTICS_INTERVALS),
  /** Inclusive local dates; a reversed range is swapped. */
  from: localDateSchema,
  to: localDateSchema,
});
export type DeviceDiagnosticsQuery = z.input<typeof deviceDiagnosticsQuerySchema>;

/**
 * `GET /api/deviceoperators/diagnostics/multiple`. At least one of deviceOperators / deviceOperatorsGroups (400
 * naming deviceOperators otherwise). Shifts are not an interval of this call.
 */
export const operatorDiagnosticsQuerySchema = z.object({
  deviceOperators: commaListSchema({
    min: 1,
    maxItems: DIAGNOSTICS_LIMITS.maxOperators,
    description: 'Operator ids, comma-separated',
    example: '1,2',
  }).optional(),
  deviceOperatorsGroups: commaListSchema({
    min: 1,
    maxItems: DIAGNOSTICS_LIMITS.maxOperatorGroups,
    description: 'Operator group ids, comma-separated; every operator of each group is answered',
    example: '3',
  }).optional(),
  interval: z.enum(TIME_INTERVALS),
  from: localDateSchema,
  to: localDateSchema,
});
export type OperatorDiagnosticsQuery = z.input<typeof operatorDiagnosticsQuerySchema>;

export const FACTORY_REPORT_TYPES = ['device-work-device-chart', 'device-work-shift-chart'] as const;
export type FactoryReportType = (typeof FACTORY_REPORT_TYPES)[number];

/**
 * `GET /api/reports/factory/xlsx` and the base of the data call: devices and/or groups (the devices of each group
 * are added), at least one of them (400 naming devices otherwise).
 */
export const factoryReportFileQuerySchema = z.object({
  from: localDateSchema,
  to: localDateSchema,
  type: z.enum(FACTORY_REPORT_TYPES),
  devices: deviceIdsSchema.optional(),
  groups: commaListSchema({ min: 1, maxItems: DIAGNOSTICS_LIMITS.maxGroups, description: 'Device group ids, comma-separated', example: '4' }).optional(),
});
export type FactoryReportFileQuery = z.input<typeof factoryReportFileQuerySchema>;

/** `GET /api/reports/factory/data`: `interval` applies to the device chart only (default 5min, coarsened like the diagnostics). */
export const factoryReportQuerySchema = factoryReportFileQuerySchema.extend({
  interval: z.enum(TIME_INTERVALS).default('5min'),
});
export type FactoryReportQuery = z.input<typeof factoryReportQuerySchema>;

/** `GET /api/device/{id}/locations`. */
export const locationsQuerySchema = z.object({ from: localDateSchema, to: localDateSchema });
export type LocationsQuery = z.input<typeof locationsQuerySchema>;

/** `GET /api/devices/diagnostics/async/multiple`: exactly one device id in `devices`. */
export const asyncDiagnosticsQuerySchema = z.object({
  devices: commaListSchema({ min: 1, maxItems: 1, description: 'One device id', example: '1' }),
  parameterNumber: parameterNumbersSchema,
  from: localDateSchema,
  to: localDateSchema,
});
export type AsyncDiagnosticsQuery = z.input<typeof asyncDiagnosticsQuerySchema>;

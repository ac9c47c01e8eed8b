import { z } from 'zod';
import { ALERT_IMPORTANCES, DEVICE_STATUSES } from '../constants.ts';
import { commaListSchema, DIAGNOSTICS_LIMITS } from '../diagnostics-query.ts';
import { SUMMARY_PERIODS, SUMMARY_SORTS } from './common.ts';

/**
 * The device summaries of the dashboard (spec 02 "Other dashboard widgets", issue 20): devices with alerts, devices
 * by status, and work per hour of the day. Their numbers come from the hour and day rollups and from the devices'
 * live state, never from raw readings. Their periods (common.ts) run to now: the previous period is cut at the same
 * local wall-clock time.
 */

/** The columns the devices-with-alerts table may show (spec 02 "Devices-with-alerts options"), in display order. */
export const DEVICES_WITH_ALERTS_OPTIONS = [
  'deviceGroups',
  'moduleActivity',
  'batteryCharge',
  'batteryVoltage',
  'trend',
  'criticalAlerts',
  'warningAlerts',
  'infoAlerts',
  'efficiencyAndEnabledTime',
  'workEfficiency',
  'workEfficiencyTrend',
  'workTime',
  'technicalStatus',
  'motorHours',
] as const;
export type DevicesWithAlertsOption = (typeof DEVICES_WITH_ALERTS_OPTIONS)[number];

/** Interval sizes of the hourly work distribution, in hours; each divides a day. */
export const HOURLY_WORK_INTERVAL_HOURS = [1, 2, 3, 4, 6, 12] as const;
export type HourlyWorkIntervalHours = (typeof HOURLY_WORK_INTERVAL_HOURS)[number];

/** The newest-alerts widget shows this many alerts at most, by default NEWEST_ALERTS_DEFAULT_COUNT. */
export const NEWEST_ALERTS_MAX_COUNT = 50;
export const NEWEST_ALERTS_DEFAULT_COUNT = 10;
/** The importance filter of the newest-alerts widget: every importance, or one. */
export const NEWEST_ALERTS_IMPORTANCES = ['all', ...ALERT_IMPORTANCES] as const;
export type NewestAlertsImportance = (typeof NEWEST_ALERTS_IMPORTANCES)[number];

/** Parameters shown in the devices-with-alerts table, found by tag in the device type (battery voltage: STATUS_PARAMETER_TAGS). */
export const SUMMARY_PARAMETER_TAGS = {
  batteryCharge: 'battery charge',
  motorHours: 'motor hours',
} as const;

const deviceSelectionQuery = {
  devices: commaListSchema({
    min: 1,
    maxItems: DIAGNOSTICS_LIMITS.maxDevices,
    description: "Device ids, comma-separated; another company's are left out",
    example: '1,2',
  }).optional(),
  deviceGroups: commaListSchema({
    min: 1,
    maxItems: DIAGNOSTICS_LIMITS.maxGroups,
    description: 'Device group ids, comma-separated: their devices are added',
    example: '3',
  }).optional(),
};

const periodSchema = z.object({
  /** The period's start and end (now), ISO local time with offset in the company's timezone. */
  from: z.string(),
  to: z.string(),
});

/** `GET /api/summaries/devices-with-alerts`. */
export const devicesWithAlertsQuerySchema = z.object({
  period: z.enum(SUMMARY_PERIODS).default('today'),
  sort: z.enum(SUMMARY_SORTS).default('work-desc'),
});
export type DevicesWithAlertsQuery = z.input<typeof devicesWithAlertsQuerySchema>;

const readingSchema = z.object({ value: z.number(), time: z.string(), unit: z.string().nullable() }).nullable();

export const MODULE_ACTIVITIES = ['online', 'offline', 'never'] as const;
export type ModuleActivity = (typeof MODULE_ACTIVITIES)[number];

export const deviceWithAlertsSchema = z.object({
  device: z.object({ id: z.number().int(), name: z.string() }),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Online when a module of the device contacted the server within DEVICE_STATUS_WINDOW_MINUTES; never without contact. */
  moduleActivity: z.enum(MODULE_ACTIVITIES),
  batteryCharge: readingSchema,
  batteryVoltage: readingSchema,
  motorHours: readingSchema,
  technicalStatus: z.enum(DEVICE_STATUSES),
  /** Active unconfirmed alerts the caller sees, per importance (critical is `error`). */
  alerts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
  /** Seconds of work (parameter 1) and switched on (parameter 2) in the period. */
  workTime: z.number(),
  enabledTime: z.number(),
  /** Switched-on share of the period's elapsed time, whole percent. */
  enabledPercent: z.number().int(),
  /** round(work / enabled × 100), 0 when undefined (spec 02 §9). */
  workEfficiency: z.number().int(),
  /** Percent change of work time against the previous equal period; null when that had none. */
  trend: z.number().nullable(),
  /** Percent change of the work efficiency against the previous equal period; null when that had none. */
  workEfficiencyTrend: z.number().nullable(),
});
export type DeviceWithAlerts = z.infer<typeof deviceWithAlertsSchema>;

export const devicesWithAlertsResponseSchema = z.object({
  period: periodSchema,
  /** The previous equal period the trends compare with. */
  previous: periodSchema,
  entries: z.array(deviceWithAlertsSchema),
});
export type DevicesWithAlertsResponse = z.infer<typeof devicesWithAlertsResponseSchema>;

/** `GET /api/summaries/devices-summary`: every device of the company, or only the chosen devices and groups. */
export const devicesSummaryQuerySchema = z.object(deviceSelectionQuery);
export type DevicesSummaryQuery = z.input<typeof devicesSummaryQuerySchema>;

export const devicesSummaryResponseSchema = z.object({
  total: z.number().int(),
  /** By module contact: online within DEVICE_STATUS_WINDOW_MINUTES, offline, never connected. */
  online: z.number().int(),
  offline: z.number().int(),
  neverConnected: z.number().int(),
  /** Worked within DEVICE_STATUS_WINDOW_MINUTES; idle: online but not working. */
  working: z.number().int(),
  idle: z.number().int(),
  /** With at least one active unconfirmed alert the caller sees. */
  withAlerts: z.number().int(),
});
export type DevicesSummaryResponse = z.infer<typeof devicesSummaryResponseSchema>;

/** `GET /api/summaries/hourly-work`: devices or deviceGroups required (400 naming devices otherwise). */
export const hourlyWorkQuerySchema = z.object({
  ...deviceSelectionQuery,
  period: z.enum(SUMMARY_PERIODS).default('today'),
  intervalHours: z.coerce
    .number()
    .int()
    .refine((n) => (HOURLY_WORK_INTERVAL_HOURS as readonly number[]).includes(n), { message: `one of ${HOURLY_WORK_INTERVAL_HOURS.join(', ')}` })
    .default(1),
});
export type HourlyWorkQuery = z.input<typeof hourlyWorkQuerySchema>;

export const hourlyWorkResponseSchema = z.object({
  period: periodSchema,
  intervalHours: z.number().int(),
  /** The devices counted (the chosen ones and their groups' of the company). */
  deviceCount: z.number().int(),
  /** One bucket per interval of the local day, from 00:00: seconds of work summed over the devices and the period's days. */
  buckets: z.array(z.object({ fromHour: z.number().int(), toHour: z.number().int(), work: z.number() })),
});
export type HourlyWorkResponse = z.infer<typeof hourlyWorkResponseSchema>;

import { z } from 'zod';
import { DIAGNOSTICS_INTERVALS, TIME_INTERVALS } from './diagnostics-query.ts';

/**
 * Response shapes of the diagnostics calls (spec 02 §3 "Response shapes", §7). Queries, limits and formats are in
 * diagnostics-query.ts. Every value array is aligned with `categories`: `values[i]` belongs to `categories[i]`.
 * Work and active are seconds as stored (the client divides by 60 where it shows minutes).
 */

/** A parameter's unit; a unitless parameter has empty `short` and `long`. */
export const diagnosticsUnitSchema = z.object({
  short: z.string(),
  long: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type DiagnosticsUnit = z.infer<typeof diagnosticsUnitSchema>;

/** The unit of the efficiency pseudo-parameter (number 0). */
export const EFFICIENCY_UNIT: DiagnosticsUnit = { short: '%', long: 'percent', min: 0, max: 100 };
/** The name the server gives the efficiency pseudo-parameter; the client shows its own translation. */
export const EFFICIENCY_PARAMETER_NAME = 'efficiency';

const valuesSchema = z.array(z.number().nullable()).describe('One value per category; null where no reading fell in the bucket');

/** For interval=shifts: one series per company shift (by position), `values` aligned with the dates in `categories`. */
export const shiftSeriesSchema = z.object({
  cat: z.string().describe('The shift name'),
  values: valuesSchema,
});
export type ShiftSeries = z.infer<typeof shiftSeriesSchema>;

/**
 * One parameter of one device. The value of each bucket follows the parameter's aggregation on the device type:
 * sum → sum, avg → sum/count, min, max, last → the last reading. Efficiency (number 0) is
 * round(work/active × 100) per bucket and 0, never null, where active is 0 or missing.
 */
export const deviceParameterSeriesSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  unit: diagnosticsUnitSchema,
  /** Index into the response's `parameters` (and `units`): the y-axis this series is drawn against. */
  axis: z.number().int().min(0),
  /** For interval=shifts: the aggregate over all of the date's shift windows (each 5-minute bucket counted once). */
  values: valuesSchema,
  /** Present for interval=shifts only. */
  shifts: z.array(shiftSeriesSchema).optional(),
});
export type DeviceParameterSeries = z.infer<typeof deviceParameterSeriesSchema>;

/** The requested parameters that exist on the devices, grouped by unit: one group per y-axis. */
export const parameterGroupSchema = z.object({
  unit: diagnosticsUnitSchema,
  parameters: z.array(z.object({ number: z.number().int(), name: z.string() })),
});
export type ParameterGroup = z.infer<typeof parameterGroupSchema>;

/**
 * `GET /api/devices/diagnostics/multiple` → 200. `interval` is the interval actually answered (coarser than the
 * one asked for when the range is too long for it, see INTERVAL_MAX_DAYS). Devices appear in the order asked;
 * unknown ids (or another company's) are left out, and a device lists only the requested parameters its type has.
 * 404 when no requested parameter exists on any requested device. Categories are in the timezone of the devices'
 * company (for a super-admin asking about several companies at once: the first device's company).
 */
export const deviceDiagnosticsResponseSchema = z.object({
  interval: z.enum(DIAGNOSTICS_INTERVALS),
  /** X-axis labels, see CATEGORY_FORMATS. */
  categories: z.array(z.string()),
  parameters: z.array(parameterGroupSchema),
  /** `units[i]` is `parameters[i].unit`: the y-axes in order. */
  units: z.array(diagnosticsUnitSchema),
  data: z.array(
    z.object({
      device: z.object({ id: z.number().int(), name: z.string() }),
      parameters: z.array(deviceParameterSeriesSchema),
    }),
  ),
});
export type DeviceDiagnosticsResponse = z.infer<typeof deviceDiagnosticsResponseSchema>;

/**
 * `GET /api/deviceoperators/diagnostics/multiple` → 200. An operator's work and active are the sums of parameters 1
 * and 2 of the devices they were signed in to (operator sessions from RFID cards), at 5-minute resolution: a
 * 5-minute bucket counts for a session when the bucket's start lies within the session. Operators asked for by id
 * come first in the order asked, then the members of the groups by name. 404 when none of the operators or groups
 * exists; 400 `{errors: {deviceOperatorsGroups: [noDeviceOperators]}}` when a group has no operators.
 */
export const operatorDiagnosticsResponseSchema = z.object({
  data: z.object({
    interval: z.enum(TIME_INTERVALS),
    categories: z.array(z.string()),
    data: z.array(
      z.object({
        deviceOperator: z.object({ id: z.number().int(), name: z.string() }),
        work: valuesSchema,
        active: valuesSchema,
      }),
    ),
  }),
});
export type OperatorDiagnosticsResponse = z.infer<typeof operatorDiagnosticsResponseSchema>;

/** A work/activity chart point: one per category; null where the device has no such reading (or parameter). */
export const factoryDeviceChartItemSchema = z.object({
  /** The category label, see CATEGORY_FORMATS. */
  time: z.string(),
  work: z.number().nullable(),
  active: z.number().nullable(),
  counter: z.number().nullable(),
});
export type FactoryDeviceChartItem = z.infer<typeof factoryDeviceChartItemSchema>;

/** The name of the summary item (all shifts) and of the summary entry (all devices) of the shift chart. */
export const FACTORY_SUMMARY_NAME = 'summary';

/** Sums of the raw values (seconds, seconds, pieces) over the range; 0 where there was nothing. */
export const factoryShiftChartItemSchema = z.object({
  /** The shift name, or FACTORY_SUMMARY_NAME for the item totalling all shifts (each 5-minute bucket once). */
  name: z.string(),
  workSum: z.number(),
  activeSum: z.number(),
  counterSum: z.number(),
});
export type FactoryShiftChartItem = z.infer<typeof factoryShiftChartItemSchema>;

/**
 * `GET /api/reports/factory/data?type=device-work-device-chart` → one entry per device (name = device name) with
 * one item per category. `interval` is the interval answered.
 */
export const factoryDeviceChartResponseSchema = z.object({
  interval: z.enum(TIME_INTERVALS),
  data: z.array(z.object({ name: z.string(), items: z.array(factoryDeviceChartItemSchema) })),
});
export type FactoryDeviceChartResponse = z.infer<typeof factoryDeviceChartResponseSchema>;

/**
 * `type=device-work-shift-chart` → one entry per device, then one named FACTORY_SUMMARY_NAME for all devices
 * together; each entry has one item per company shift (by position) and a last summary item. Shifts are taken
 * in the company's local time, a shift crossing midnight counts for the date it starts on.
 */
export const factoryShiftChartResponseSchema = z.object({
  interval: z.literal('shifts'),
  data: z.array(z.object({ name: z.string(), items: z.array(factoryShiftChartItemSchema) })),
});
export type FactoryShiftChartResponse = z.infer<typeof factoryShiftChartResponseSchema>;

export const factoryReportResponseSchema = z.union([factoryDeviceChartResponseSchema, factoryShiftChartResponseSchema]);
export type FactoryReportResponse = z.infer<typeof factoryReportResponseSchema>;

/** The spreadsheet of `GET /api/reports/factory/xlsx`. */
export const FACTORY_XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export function factoryXlsxFilename(from: string, to: string): string {
  return `work-activity-chart-${from}-${to}.xlsx`;
}

/**
 * `GET /api/device/{id}/locations` → positions ordered by time. `time` is ISO 8601 with the company's UTC offset
 * (`2026-10-25T02:30:00+01:00`): local wall time that stays unambiguous when clocks go back. When the range holds
 * more than DIAGNOSTICS_LIMITS.locationsMaxPoints positions, the last position of each equal time step is kept
 * (a multiple of 5 minutes, the slider's step) and the step in seconds is sent in the LOCATIONS_STEP_HEADER.
 */
export const locationSchema = z.object({
  time: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Accuracy radius in metres; null when the module did not say. */
  acc: z.number().nullable(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationsResponseSchema = z.array(locationSchema);
export const LOCATIONS_STEP_HEADER = 'x-locations-step';

/**
 * `GET /api/devices/diagnostics/async/multiple` → the raw readings of one device, oldest first, one entry per
 * requested parameter that exists on the device (404 when none does; efficiency and 10000 are never raw).
 */
export const asyncDiagnosticsResponseSchema = z.object({
  data: z.array(
    z.object({
      device: z.object({ id: z.number().int(), name: z.string() }),
      parameters: z.array(
        z.object({
          number: z.number().int(),
          name: z.string(),
          unit: z.object({ short: z.string() }),
          /** Reading times, RAW_TIME_FORMAT in the company's timezone, oldest first. */
          categories: z.array(z.string()),
          values: z.array(z.number()),
          /** True when the range held more than DIAGNOSTICS_LIMITS.asyncMaxPoints readings: the newest are kept. */
          capped: z.boolean(),
        }),
      ),
    }),
  ),
});
export type AsyncDiagnosticsResponse = z.infer<typeof asyncDiagnosticsResponseSchema>;

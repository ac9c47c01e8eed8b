import { z } from 'zod';
import { PARAMETER_AGGREGATIONS } from './constants.ts';
import { diagnosticsUnitSchema } from './diagnostics.ts';

/**
 * `GET /api/devicetypes` (list protocol; search on the name; sort: id, name; default name). A company user sees the
 * types of the company's devices, a super-admin every type. Contexts: `devicetypes_monitor` (also the default),
 * the shape the monitors use to offer parameters: the internal parameter 10000 is never listed.
 */
export const DEVICE_TYPE_SORT_FIELDS = ['id', 'name'] as const;
export const DEVICE_TYPE_CONTEXTS = ['devicetypes_monitor'] as const;
export type DeviceTypeContext = (typeof DEVICE_TYPE_CONTEXTS)[number];

export const monitorParameterSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  tags: z.array(z.string()),
  unit: diagnosticsUnitSchema,
  aggregation: z.enum(PARAMETER_AGGREGATIONS),
});
export type MonitorParameter = z.infer<typeof monitorParameterSchema>;

export const deviceTypeMonitorEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** By number ascending. */
  parameters: z.array(monitorParameterSchema),
});
export type DeviceTypeMonitorEntry = z.infer<typeof deviceTypeMonitorEntrySchema>;
export const deviceTypeMonitorListSchema = z.object({ entries: z.array(deviceTypeMonitorEntrySchema) });

import { z } from 'zod';
import { filterIdSchema, listFilterSchema } from './list.ts';
import { DEVICE_POWER_STATES, DEVICE_STATUSES, PARAMETER_AGGREGATIONS } from './constants.ts';

export const unitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short: z.string(),
  long: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

export const parameterSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  tags: z.array(z.string()),
  aggregation: z.enum(PARAMETER_AGGREGATIONS),
  unit: unitSchema.nullable(),
});
export type Parameter = z.infer<typeof parameterSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  powerState: z.enum(DEVICE_POWER_STATES),
  company: z.object({ id: z.number().int(), name: z.string() }),
  deviceType: z.object({ id: z.number().int(), name: z.string(), parameters: z.array(parameterSchema) }),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sensors: z.array(z.object({ id: z.number().int(), name: z.string(), serialNumber: z.string() })),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListSchema = z.object({ entries: z.array(deviceSchema) });
export type DeviceList = z.infer<typeof deviceListSchema>;
/** `GET /api/devices` sort fields. */
export const DEVICE_SORT_FIELDS = ['id', 'name', 'deviceType', 'status', 'createdAt'] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];
/** `GET /api/devices` filter: a device type, a device group, a company (super-admin). */
export const deviceListFilterSchema = listFilterSchema({ deviceType: filterIdSchema, deviceGroup: filterIdSchema, company: filterIdSchema });
export type DeviceListFilter = z.output<typeof deviceListFilterSchema>;

/** ISO weekdays in order (1 = Monday): the device form's required work and activity fields are per weekday. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The device's technical data (spec 02 dictionary): tank capacity in litres, working width in millimetres. */
export const DEVICE_TECHNICAL_FIELDS = ['tankCapacity', 'width'] as const;
export type DeviceTechnicalField = (typeof DEVICE_TECHNICAL_FIELDS)[number];

import { z } from 'zod';
import { filterIdSchema, listFilterSchema } from './list.ts';
import { PARAMETER_AGGREGATIONS, PARAMETER_DATA_TYPES } from './constants.ts';
import { parameterSchema } from './devices.ts';
import { diagnosticsUnitSchema } from './diagnostics.ts';
import { problemSchema, validationErrorSchema } from './errors.ts';
import { teltonikaMappingSchema } from './teltonika-parameters.ts';

/**
 * `GET /api/devicetypes` (list protocol; search on the name; sort: id, name, and in the admin context deviceCount,
 * parameterCount; default name). A company user sees the types of the company's devices, a super-admin every type.
 * Contexts: `devicetypes_monitor` (also the default), the shape the monitors use to offer parameters: the internal
 * parameter 10000 is never listed; `admin` (super-admins only, else 403), the administration screen's rows.
 */
export const DEVICE_TYPE_SORT_FIELDS = ['id', 'name', 'deviceCount', 'parameterCount'] as const;
export type DeviceTypeSortField = (typeof DEVICE_TYPE_SORT_FIELDS)[number];
/** The sort fields of the admin context only. */
export const DEVICE_TYPE_ADMIN_SORT_FIELDS = ['deviceCount', 'parameterCount'] as const;
export const DEVICE_TYPE_CONTEXTS = ['devicetypes_monitor', 'admin'] as const;
export type DeviceTypeContext = (typeof DEVICE_TYPE_CONTEXTS)[number];
export const DEVICE_TYPE_ADMIN_CONTEXT = 'admin' satisfies DeviceTypeContext;

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

/**
 * The device-type catalogue as super-admins keep it (/administration devices-types; docs/forms.md): the catalogue
 * is shared by every company. Reads follow the list's scope (a company user: the types of the company's devices);
 * the forms (`GET new`, `GET {id}/edit`, `POST`, `PUT {id}`), delete and duplicate are super-admin only (403).
 */
export const DEVICE_TYPE_NAME_MAX_LENGTH = 128;
export const DEVICE_TYPE_DESCRIPTION_MAX_LENGTH = 2000;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** One entry of `GET /api/devicetypes?context=admin`. */
export const deviceTypeAdminEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Devices of this type (every company's for a super-admin; the caller's company's otherwise). */
  deviceCount: z.number().int(),
  /** Every parameter of the type, the internal 10000 included. */
  parameterCount: z.number().int(),
});
export type DeviceTypeAdminEntry = z.infer<typeof deviceTypeAdminEntrySchema>;
export const deviceTypeAdminListSchema = z.object({ entries: z.array(deviceTypeAdminEntrySchema) });
/** The answer of `GET /api/devicetypes`, by context. */
export const deviceTypeListSchema = z.union([deviceTypeMonitorListSchema, deviceTypeAdminListSchema]);

/** How a parameter's history is drawn. */
export const PARAMETER_CHARTS = ['bar', 'line', 'step'] as const;
export type ParameterChart = (typeof PARAMETER_CHARTS)[number];
export const PARAMETER_NAME_MAX_LENGTH = 128;
/** The parameter number is an integer column. */
export const PARAMETER_NUMBER_MAX = 2147483647;

/** A parameter with everything the administration keeps of it. */
export const adminParameterSchema = parameterSchema.extend({
  deviceType: namedSchema,
  description: z.string().nullable(),
  dataType: z.enum(PARAMETER_DATA_TYPES),
  chart: z.enum(PARAMETER_CHARTS),
  formula: z.string().nullable(),
  public: z.boolean(),
  /** The Teltonika IO element the parameter reads (value = raw × multiplier + offset); null when it reads none. */
  teltonika: teltonikaMappingSchema.nullable(),
});
export type AdminParameter = z.infer<typeof adminParameterSchema>;

/** `GET /api/devicetypes/{id}`: the admin entry with every parameter, by number. */
export const deviceTypeDetailSchema = deviceTypeAdminEntrySchema.extend({ parameters: z.array(adminParameterSchema) });
export type DeviceTypeDetail = z.infer<typeof deviceTypeDetailSchema>;

/**
 * `GET /api/parameters` (list protocol; search on name, tags and number; filter `{"deviceType": id}`; sort: id,
 * number, name, deviceType; default deviceType, number). Scoped like the device types.
 */
export const PARAMETER_SORT_FIELDS = ['id', 'number', 'name', 'deviceType'] as const;
export type ParameterSortField = (typeof PARAMETER_SORT_FIELDS)[number];
/** `GET /api/parameters` filter: one device type. */
export const parameterListFilterSchema = listFilterSchema({ deviceType: filterIdSchema });
export type ParameterListFilter = z.output<typeof parameterListFilterSchema>;
export const parameterListSchema = z.object({ entries: z.array(adminParameterSchema) });

/** `GET /api/parameters/{id}/unit` (spec 01 §7): the unit's name; null when the parameter has none. */
export const parameterUnitSchema = z.object({ name: z.string().nullable() });
export type ParameterUnit = z.infer<typeof parameterUnitSchema>;

const deletedSchema = z.object({});
const idSchema = z.object({ id: z.number().int() });

/** Response schemas per status code of the device-type routes (the form routes use the form protocol's). */
export const DEVICE_TYPE_RESPONSES = {
  list: { 200: deviceTypeListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema, 403: problemSchema },
  get: { 200: deviceTypeDetailSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  /** 409 names the devices of the type: `dependents: {devices: [{id, name}]}` (no unassign: a device needs a type). */
  delete: { 200: deletedSchema, 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema },
  /** 201 `{id}` of the copy; 400 `{errors: {name: [...]}}` for a name in use or too long. */
  duplicate: { 201: idSchema, 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
} as const;

/** Response schemas per status code of the parameter routes (the form routes use the form protocol's). */
export const PARAMETER_RESPONSES = {
  list: { 200: parameterListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
  get: { 200: adminParameterSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  unit: { 200: parameterUnitSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
  /** Readings of the parameter's number are kept. */
  delete: { 200: deletedSchema, 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
} as const;

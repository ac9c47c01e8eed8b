import { z } from 'zod';
import { filterBooleanSchema, filterChoiceSchema, filterIdSchema, listFilterSchema } from './list.ts';
import { SUBSCRIPTION_TYPES } from './constants.ts';
import { DEVICE_STATUS_WINDOW_MINUTES } from './device-status.ts';
import { problemSchema, validationErrorSchema } from './errors.ts';
import { opcuaBrowseResultSchema, opcuaCertificateListSchema, opcuaModuleSchema, opcuaPresetResultSchema } from './opcua.ts';

/**
 * The super-admin's administration resources (spec 01 §2 /administration; docs/forms.md): measurement modules
 * (`/api/sensors`), companies (the admin area's "user groups", `/api/companies`) and subscribers (the billing
 * parties, `/api/subscribers`). Each has the list, `GET {id}`, the server-driven form (`GET new`, `GET {id}/edit`,
 * `POST`, `PUT {id}`) and delete; every route answers 403 to anyone but a super-admin.
 */

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** The timezone of a new company or module. */
export const DEFAULT_TIMEZONE = 'Europe/Warsaw';

/** A module is online when it contacted the server within this many minutes (spec 02 §9; as the status icons). */
export const SENSOR_ONLINE_WINDOW_MINUTES = DEVICE_STATUS_WINDOW_MINUTES;
export const SENSOR_STATES = ['online', 'offline'] as const;
export type SensorState = (typeof SENSOR_STATES)[number];

/**
 * How a module talks to the server (docs/ingest.md): `gearwatch`, our JSON over HTTP and MQTT, signed in with its
 * serial number and security code; `teltonika`, a Teltonika FMB/FMC/FMM tracker over its own TCP protocol, known by
 * its IMEI (the serial number) and no code (docs/teltonika.md); `opcua`, a machine's OPC UA server that Gearwatch
 * connects to as a client (docs/opcua.md).
 */
export const MODULE_PROTOCOLS = ['gearwatch', 'teltonika', 'opcua'] as const;
export type ModuleProtocol = (typeof MODULE_PROTOCOLS)[number];
/** A Teltonika module's serial number is its IMEI: 15 digits. */
export const IMEI_PATTERN = /^[0-9]{15}$/;

/**
 * The send periods the module form accepts, in seconds (the column's check, migration 027): the longest time between
 * a module's records while its machine works (a Teltonika tracker's data acquisition period). A gap between records
 * over twice it counts as no data, not as work or idle time; a module without one has the default (60 s,
 * docs/teltonika.md).
 */
export const MODULE_SEND_PERIOD_SECONDS = { min: 1, max: 86400 } as const;

/** The longest values the module form accepts. */
export const SENSOR_MAX_LENGTHS = {
  name: 128,
  serialNumber: 64,
  securityCode: 64,
  type: 64,
  description: 2000,
  subscription: 128,
  simCardNumber: 64,
  version: 64,
  softwareVersion: 64,
  owner: 128,
  dealer: 128,
  /** The peripherals textarea: one peripheral per line. */
  peripherals: 2000,
} as const;

/**
 * `GET /api/sensors` (list protocol): search on name, serial number and SIM card number; filter keys `company`
 * (id), `device` (id) and `active` (boolean); sort id, name, serialNumber, company (its name), lastActivity (modules
 * that never called last); default name.
 */
export const SENSOR_SORT_FIELDS = ['id', 'name', 'serialNumber', 'company', 'lastActivity'] as const;
/** `GET /api/sensors` filter: a company, a device, active or not, a protocol. */
export const sensorListFilterSchema = listFilterSchema({
  company: filterIdSchema,
  device: filterIdSchema,
  active: filterBooleanSchema,
  protocol: filterChoiceSchema(MODULE_PROTOCOLS),
});
export type SensorListFilter = z.output<typeof sensorListFilterSchema>;
export const SENSOR_FILTER_KEYS = ['company', 'device', 'active', 'protocol'] as const;

/** One module, in the list and in `GET /api/sensors/{id}`. */
export const sensorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Upper case; unique without regard to case. */
  serialNumber: z.string(),
  /** How the module talks to the server; a `teltonika` module's serial number is its IMEI. */
  protocol: z.enum(MODULE_PROTOCOLS),
  /** What a `gearwatch` module authenticates with on `POST /api/ingest` (only super-admins ever see it); empty for others. */
  securityCode: z.string(),
  company: namedSchema,
  /** The device the module is fitted to. */
  device: namedSchema.nullable(),
  type: z.string().nullable(),
  description: z.string().nullable(),
  timezone: z.string(),
  subscription: z.string().nullable(),
  simCardNumber: z.string().nullable(),
  version: z.string().nullable(),
  softwareVersion: z.string().nullable(),
  owner: z.string().nullable(),
  dealer: z.string().nullable(),
  active: z.boolean(),
  /** The last day of the warranty, YYYY-MM-DD. */
  warrantyTo: z.string().nullable(),
  peripherals: z.array(z.string()),
  /** Seconds (MODULE_SEND_PERIOD_SECONDS); null: the default (60 s). */
  sendPeriodSeconds: z.number().int().nullable(),
  /** The module's last contact with the server (ISO), null before the first. */
  lastActivity: z.string().nullable(),
  /** The newest position the module sent. */
  lastLocation: z.object({ lat: z.number(), lon: z.number(), time: z.string() }).nullable(),
  /**
   * The newest reading of parameter 1 (work) above 0 the module sent while fitted to its current device, or while
   * unassigned (ISO); null without one.
   */
  lastWorkTime: z.string().nullable(),
  /** online: contacted the server within SENSOR_ONLINE_WINDOW_MINUTES. */
  state: z.enum(SENSOR_STATES),
  /** An `opcua` module's endpoint, security, mapping and connection; null for other protocols. */
  opcua: opcuaModuleSchema.nullable(),
});
export type Sensor = z.infer<typeof sensorSchema>;
export const sensorListSchema = z.object({ entries: z.array(sensorSchema) });

/** Unknown devices listed on the sensors screen, the most recently seen first. */
export const UNKNOWN_MODULES_LISTED = 50;
/** Unknown devices kept at most (a flood of made-up IMEIs cannot grow the table); the least recently seen go first. */
export const UNKNOWN_MODULES_KEPT = 1000;

/**
 * A device that tried to connect with a serial number (a Teltonika IMEI) that no active module of its protocol has
 * (`GET /api/unknown-modules`, super-admin): registering a module with it, or dismissing it, takes it off the list.
 */
export const unknownModuleSchema = z.object({
  protocol: z.enum(MODULE_PROTOCOLS),
  serialNumber: z.string(),
  /** ISO instants of its first and latest try. */
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** The address its latest try came from. */
  address: z.string().nullable(),
  attempts: z.number().int(),
});
export type UnknownModule = z.infer<typeof unknownModuleSchema>;
export const unknownModuleListSchema = z.object({ entries: z.array(unknownModuleSchema) });
/** `DELETE /api/unknown-modules/{protocol}/{serialNumber}`: the path. */
export const unknownModuleParamsSchema = z.object({ protocol: z.enum(MODULE_PROTOCOLS), serialNumber: z.string().min(1).max(SENSOR_MAX_LENGTHS.serialNumber) });

/** The longest values the company form accepts. */
export const COMPANY_NAME_MAX_LENGTH = 128;

/** `GET /api/companies` (list protocol): search on the name; sort id, name; default name. */
export const COMPANY_SORT_FIELDS = ['id', 'name'] as const;

/** One company, in the list and in `GET /api/companies/{id}`. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subscriber: namedSchema.nullable(),
  timezone: z.string(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  automaticOperatorRegistration: z.boolean(),
  userCount: z.number().int(),
  deviceCount: z.number().int(),
  /**
   * The company has telemetry (day rollups): its timezone can no longer change, since the day, month and shift
   * rollups are kept in it (docs/decisions/009).
   */
  timezoneLocked: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = z.object({ entries: z.array(companySchema) });

/** The longest values the subscriber form accepts. */
export const SUBSCRIBER_MAX_LENGTHS = {
  name: 128,
  taxNumber: 32,
  address: 255,
  city: 128,
  email: 180,
} as const;

/** `GET /api/subscribers` (list protocol): search on name, tax number and city; sort id, name; default name. */
export const SUBSCRIBER_SORT_FIELDS = ['id', 'name'] as const;

/** One subscriber, in the list and in `GET /api/subscribers/{id}`. */
export const subscriberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  taxNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  companyCount: z.number().int(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberListSchema = z.object({ entries: z.array(subscriberSchema) });

/** The answer of an administration delete and of the module's unassign call. */
export const administrationDeletedSchema = z.object({});

const listErrors = { 400: validationErrorSchema, 401: problemSchema, 403: problemSchema } as const;
const rowErrors = { 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema } as const;

/**
 * Response schemas per status code of the administration routes (the form routes use the form protocol's). A
 * delete blocked by dependent rows is 409 with `dependents`: a module fitted to a device `{devices}`; a company
 * with `{users, devices, sensors}` (no unassign call: they are removed or moved first); a subscriber with
 * `{companies}` (no unassign call either).
 */
export const ADMINISTRATION_RESPONSES = {
  sensorList: { 200: sensorListSchema, 204: z.null(), ...listErrors },
  sensorGet: { 200: sensorSchema, ...rowErrors },
  companyList: { 200: companyListSchema, 204: z.null(), ...listErrors },
  companyGet: { 200: companySchema, ...rowErrors },
  subscriberList: { 200: subscriberListSchema, 204: z.null(), ...listErrors },
  subscriberGet: { 200: subscriberSchema, ...rowErrors },
  delete: { 200: administrationDeletedSchema, ...rowErrors, 409: problemSchema },
  unassign: { 200: administrationDeletedSchema, ...rowErrors },
  unknownModules: { 200: unknownModuleListSchema, 401: problemSchema, 403: problemSchema },
  unknownModuleDismiss: { 200: administrationDeletedSchema, ...rowErrors },
  opcuaCertificates: { 200: opcuaCertificateListSchema, 401: problemSchema, 403: problemSchema },
  opcuaCertificateChange: { 200: opcuaCertificateListSchema, ...rowErrors },
  opcuaBrowse: { 200: opcuaBrowseResultSchema, ...rowErrors },
  opcuaPreset: { 200: opcuaPresetResultSchema, ...rowErrors },
} as const;

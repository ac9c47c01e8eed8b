import { z } from 'zod';
import { problemSchema, validationErrorSchema } from './errors.ts';
import { nameText } from './text-rules.ts';

/**
 * Server-driven forms (spec 01 §2 "generic form renderer", §3 "server-driven form", §7 calls; ARCHITECTURE §5):
 * `GET /api/{resource}/new` and `GET /api/{resource}/{id}/edit` answer a FormDefinition; the client renders every
 * field from `schema` in its order, fills it from `data`, offers `choices`, and submits the fields with `token` by
 * `POST /api/{resource}` or `PUT /api/{resource}/{id}` (form-encoded or JSON). Bad input is
 * `400 {errors: {field: [messageKey]}, rootErrors: [messageKey]}`.
 */
export const FORM_FIELD_TYPES = [
  'text',
  'number',
  'email',
  'entity',
  'choice',
  'textarea',
  'checkbox',
  'switch',
  'datetime',
  'geopolygon',
  'radio',
  'date',
  'hour',
] as const;
/**
 * `date` is a calendar date `YYYY-MM-DD` (a first-alarm date: the company's day, no time); `hour` a whole hour 0–24
 * on a 24-hour picker (spec 01 §5), sent as a number.
 */
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The name of the form token field in a submit. */
export const FORM_TOKEN_FIELD = 'token';

/** Message keys of the form protocol (translated in every language). */
export const FORM_MESSAGE_KEYS = {
  /** The token is missing, forged, for another form or older than FORM_TOKEN_TTL_SECONDS: reopen the form. */
  invalidToken: 'form.error.invalid-token',
  /** More values than the field allows (`maxItems`). */
  tooMany: 'form.field.error.too-many',
  /** A number below `min` or above `max`. */
  outOfRange: 'form.field.error.out-of-range',
  /** A geopolygon whose last point is not its first (spec 01 §5 'The area has not been closed'). */
  areaNotClosed: 'form.field.error.area-not-closed',
  /** A value another row already has (each resource may use a more specific key, e.g. the RFID's). */
  notUnique: 'form.field.error.not-unique',
} as const;

/** How long a form stays submittable after it was opened. */
export const FORM_TOKEN_TTL_SECONDS = 12 * 3600;

export const formFieldSchema = z.object({
  type: z.enum(FORM_FIELD_TYPES),
  /** A translation key. */
  label: z.string(),
  required: z.boolean(),
  /** entity and choice: several values (an array in `data`). */
  multiple: z.boolean(),
  disabled: z.boolean(),
  /** A name from the client's icon set (FORM_ICONS), shown at the start of the field; null for none. */
  icon: z.string().nullable(),
  /** text: the client upper-cases what is typed (and the server stores it upper-cased). */
  changeToUpperCase: z.boolean(),
  /** choice and entity: shown expanded (radio buttons or checkboxes) rather than as a select. */
  expanded: z.boolean(),
  /** text, email, textarea: the longest accepted value. */
  maxLength: z.number().int().positive().optional(),
  /** number: the accepted range and step. */
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  /** multiple entity or choice: the most values accepted (16 operators per device). */
  maxItems: z.number().int().positive().optional(),
  /** A translation key shown under the field. */
  help: z.string().optional(),
  /** text: a secret (a password): the client masks what is typed; the server never sends its value back. */
  secret: z.boolean().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const choiceSchema = z.object({
  value: z.union([z.number(), z.string()]),
  /** Shown as it is (entity names), or translated when `translate` is set (choice values of a constant list). */
  label: z.string(),
  translate: z.boolean().optional(),
  /**
   * A unit's short name: a parameter's, for fields whose label follows the chosen parameter (spec 01 §5); a unit's
   * own, in the parameter form's unit field.
   */
  unit: z.string().optional(),
});
export type Choice = z.infer<typeof choiceSchema>;

/** A closed ring of [longitude, latitude] pairs (spec 01 §3 "Geo area"). */
export const geoPolygonSchema = z.array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]));
export type GeoPolygon = z.infer<typeof geoPolygonSchema>;

export const formValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.number(), z.string()])), geoPolygonSchema]);
export type FormValue = z.infer<typeof formValueSchema>;

export const formDefinitionSchema = z.object({
  data: z.record(z.string(), formValueSchema),
  /** Field name → field, in the order the fields are shown. */
  schema: z.record(z.string(), formFieldSchema),
  /** Field name → the values an entity, choice or radio field accepts. */
  choices: z.record(z.string(), z.array(choiceSchema)),
  token: z.string(),
});
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** The answer to a successful create or update: the row's id (the client reloads what it shows). */
export const formSubmitResultSchema = z.object({ id: z.number().int() });
export type FormSubmitResult = z.infer<typeof formSubmitResultSchema>;

/** `POST /api/{resource}/{id}/duplicate` with an optional new name (spec 01 §2 duplicate dialog). */
export const duplicateRequestSchema = z.object({ name: nameText().trim().max(128).optional() });
export type DuplicateRequest = z.infer<typeof duplicateRequestSchema>;

/**
 * Response schemas per status code of `POST /api/{resource}/{id}/duplicate` (alert rules, report settings,
 * production views, device groups, devices): 201 `{id}` of the copy; 400 `{errors: {name: [...]}}` for a name in
 * use, too short or too long; 404 for a row that is not the caller's company's.
 */
export const DUPLICATE_RESPONSES = {
  201: z.object({ id: z.number().int() }),
  400: validationErrorSchema,
  401: problemSchema,
  404: problemSchema,
} as const;

/**
 * Deleting a row that others depend on is refused with 409 and `dependents: {kind: [{id, name}]}` (spec 01 §5).
 * For each kind the delete dialog offers the action below, which `DELETE /api/{plural}/{id}/{kind}` performs for
 * all of them at once (unassign the links, confirm the alerts, remove the conditions); then the delete is retried.
 */
export const DEPENDENT_ACTIONS = {
  sensors: 'unassign',
  devices: 'unassign',
  operators: 'unassign',
  groups: 'unassign',
  users: 'unassign',
  alerts: 'confirm',
  conditions: 'remove',
} as const;
export type DependentKind = keyof typeof DEPENDENT_ACTIONS;
export type DependentAction = (typeof DEPENDENT_ACTIONS)[DependentKind];

/** Validation texts of the entities (spec 01 §5, spec 02 "Dictionary validation texts"), as message keys. */
export const ENTITY_MESSAGE_KEYS = {
  /** 'This RFID is already in use.' (operators of a company). */
  rfidInUse: 'form.field.error.rfid-in-use',
  /** A phone number must start with '+' and an area code, then digits. */
  phone: 'form.field.error.phone',
  /** At most MAX_OPERATORS_PER_DEVICE operators per device. */
  tooManyOperators: 'form.field.error.too-many-operators',
  /** Another row of the same company (or, for global rows, any row) has this name. */
  nameInUse: 'form.field.error.name-in-use',
  /** A module with this serial number exists. */
  serialInUse: 'form.field.error.serial-in-use',
  /** A Teltonika module's serial number is its IMEI: 15 digits. */
  imeiIncorrect: 'form.field.error.imei',
  /** A user with this e-mail or user name exists. */
  emailInUse: 'form.field.error.email-in-use',
  usernameInUse: 'form.field.error.username-in-use',
  /** A parameter number used twice in one device type. */
  numberInUse: 'form.field.error.number-in-use',
  /** Work and active (parameters 1 and 2) come from ignition and movement: they take no Teltonika IO id. */
  teltonikaIoDerived: 'form.field.error.teltonika-io-derived',
  /** An OPC UA endpoint is an `opc.tcp://host:port[/path]` URL. */
  opcuaEndpoint: 'form.field.error.opcua-endpoint',
  /** Security mode None goes with policy None only, and the other modes with a policy other than None. */
  opcuaSecurity: 'form.field.error.opcua-security',
  /** A user name without a password, or a password without a user name. */
  opcuaCredentials: 'form.field.error.opcua-credentials',
  /** A mapping line that cannot be read (docs/opcua.md "Mapping": the syntax). */
  opcuaMappingSyntax: 'form.field.error.opcua-mapping-syntax',
  /** A mapping to a node the machine does not have. */
  opcuaNodeUnknown: 'form.field.error.opcua-node-unknown',
  /** A mapping to a node whose data type does not fit its kind (a number, a boolean, an integer state). */
  opcuaNodeType: 'form.field.error.opcua-node-type',
} as const;

/** Spec 01 §5 / 02 §9: the operators one device may have. */
export const MAX_OPERATORS_PER_DEVICE = 16;
/** '+', a country or area code, then the number: 7 to 15 digits in all, spaces and dashes allowed between them. */
export const PHONE_PATTERN = /^\+\d[\d -]{5,18}\d$/;

import { z } from 'zod';

/**
 * OPC UA modules (docs/opcua.md): Gearwatch is the client of a machine's OPC UA server. The lists below are the
 * module form's choices and the columns' checks (migration 032).
 */

/** OPC UA message security modes (Part 4 §7.20) the connector offers. */
export const OPCUA_SECURITY_MODES = ['None', 'Sign', 'SignAndEncrypt'] as const;
export type OpcuaSecurityMode = (typeof OPCUA_SECURITY_MODES)[number];

/**
 * Security policies (Part 7), by their short names in node-opcua's `SecurityPolicy`. `None` goes with mode `None`
 * only, and mode `None` only with it. Basic128Rsa15 and Basic256 are deprecated by the OPC Foundation and left out.
 */
export const OPCUA_SECURITY_POLICIES = ['None', 'Basic256Sha256', 'Aes128_Sha256_RsaOaep', 'Aes256_Sha256_RsaPss'] as const;
export type OpcuaSecurityPolicy = (typeof OPCUA_SECURITY_POLICIES)[number];

/** The sampling interval of the monitored items, per module, in milliseconds. */
export const OPCUA_SAMPLING_INTERVAL_MS = { min: 100, max: 60_000, default: 1000 } as const;

/** The longest values the OPC UA fields of the module form accept. */
export const OPCUA_MAX_LENGTHS = { endpointUrl: 512, userName: 128, password: 256, mapping: 8000 } as const;

/**
 * How a node of the machine becomes the product's data (docs/opcua.md "Mapping"):
 * - `value`: a measurement or meter; each sample is the reading `raw × multiplier + offset` of `parameter`.
 * - `counter`: a cumulative counter (parts produced); each rise is a reading of the increase × multiplier, a fall is a
 *   reset (a PLC restart) and counts the new value from zero.
 * - `running`: a boolean; true is work (and activity), false is activity only (parameters 1 and 2).
 * - `state`: an enumeration; a value in `workValues` is work, one in `activeValues` activity only, any other off.
 */
export const OPCUA_MAPPING_KINDS = ['value', 'counter', 'running', 'state'] as const;
export type OpcuaMappingKind = (typeof OPCUA_MAPPING_KINDS)[number];

export const opcuaMappingSchema = z.object({
  kind: z.enum(OPCUA_MAPPING_KINDS),
  nodeId: z.string(),
  /** value and counter: the parameter number the node feeds; null for running and state (parameters 1 and 2). */
  parameter: z.number().int().nullable(),
  multiplier: z.number(),
  offset: z.number(),
  /** state: the values that mean work, and those that mean switched on but not working. */
  workValues: z.array(z.number().int()),
  activeValues: z.array(z.number().int()),
});
export type OpcuaMapping = z.infer<typeof opcuaMappingSchema>;

/** A machine's X.509 certificate as a super-admin checks it before trusting it (docs/opcua.md "Certificates"). */
export const opcuaCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  /** Colon-separated upper-case hex, as controllers and OpenSSL show thumbprints. */
  sha1: z.string(),
  sha256: z.string(),
  /** ISO instants. */
  validFrom: z.string(),
  validTo: z.string(),
});
export type OpcuaCertificate = z.infer<typeof opcuaCertificateSchema>;

/**
 * `untrusted`: the machine presented a certificate nobody trusted yet (or one that replaced the trusted one): its
 * sessions are refused until a super-admin trusts it. `trusted`: the certificate a super-admin trusted.
 */
export const OPCUA_CERTIFICATE_STATES = ['untrusted', 'trusted'] as const;
export type OpcuaCertificateState = (typeof OPCUA_CERTIFICATE_STATES)[number];

/** Whether the connector holds a session with the machine now. */
export const OPCUA_CONNECTION_STATES = ['connected', 'offline'] as const;

/** An OPC UA module's settings and connection, in `GET /api/sensors/{id}` (null for other protocols). */
export const opcuaModuleSchema = z.object({
  endpointUrl: z.string(),
  securityMode: z.enum(OPCUA_SECURITY_MODES),
  securityPolicy: z.enum(OPCUA_SECURITY_POLICIES),
  /** null: anonymous. */
  userName: z.string().nullable(),
  /** Whether a password is stored; the password itself is never answered. */
  hasPassword: z.boolean(),
  samplingIntervalMs: z.number().int(),
  /** The module accepts the server's certificate without it being trusted before (docs/opcua.md "Certificates"). */
  acceptServerCertificate: z.boolean(),
  mapping: z.array(opcuaMappingSchema),
  connection: z.object({
    state: z.enum(OPCUA_CONNECTION_STATES),
    /** ISO; when the current or last session began. */
    connectedAt: z.string().nullable(),
    /** Why the last attempt or session failed, in plain text; null once a session is up. */
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
  }),
  /** The machine's certificate when one was presented untrusted or one is trusted; null otherwise. */
  certificate: z
    .object({
      state: z.enum(OPCUA_CERTIFICATE_STATES),
      details: opcuaCertificateSchema,
    })
    .nullable(),
});
export type OpcuaModule = z.infer<typeof opcuaModuleSchema>;

/** One OPC UA module's machine certificate, in `GET /api/opcua-certificates`. */
export const opcuaCertificateEntrySchema = z.object({
  sensorId: z.number().int(),
  name: z.string(),
  serialNumber: z.string(),
  endpointUrl: z.string(),
  state: z.enum(OPCUA_CERTIFICATE_STATES),
  certificate: opcuaCertificateSchema,
  /** ISO; when the machine presented it (untrusted), or when it was trusted. */
  at: z.string().nullable(),
});
export type OpcuaCertificateEntry = z.infer<typeof opcuaCertificateEntrySchema>;
export const opcuaCertificateListSchema = z.object({ entries: z.array(opcuaCertificateEntrySchema) });

/** Trusting is of the certificate the super-admin saw: its SHA-256 thumbprint, as `opcuaCertificateSchema` gives it. */
export const opcuaTrustRequestSchema = z.object({ sha256: z.string().max(200) });

/**
 * How to reach a machine from the module form, saved or not (the browse dialog and the presets): the form's own
 * field names, so that the answer's field errors are the form's. `sensor`: the saved module whose stored password
 * (the password field left blank) and trusted certificate are used.
 */
export const opcuaMachineRequestSchema = z.object({
  sensor: z.number().int().positive().nullable(),
  opcuaEndpointUrl: z.string().max(OPCUA_MAX_LENGTHS.endpointUrl).nullable(),
  opcuaSecurityMode: z.enum(OPCUA_SECURITY_MODES),
  opcuaSecurityPolicy: z.enum(OPCUA_SECURITY_POLICIES),
  opcuaUserName: z.string().max(OPCUA_MAX_LENGTHS.userName).nullable(),
  opcuaPassword: z.string().max(OPCUA_MAX_LENGTHS.password).nullable(),
  opcuaAcceptServerCertificate: z.boolean(),
});
export type OpcuaMachineRequest = z.infer<typeof opcuaMachineRequestSchema>;

/** The browse dialog's call: the children of `nodeId` (null: the Objects folder). */
export const opcuaBrowseRequestSchema = opcuaMachineRequestSchema.extend({ nodeId: z.string().max(1000).nullable() });
export type OpcuaBrowseRequest = z.infer<typeof opcuaBrowseRequestSchema>;

export const OPCUA_NODE_CLASSES = ['object', 'variable'] as const;

/** One node of the address space, one level at a time. */
export const opcuaBrowseNodeSchema = z.object({
  nodeId: z.string(),
  /** The browse name with its namespace index, e.g. `2:PartsProduced`. */
  browseName: z.string(),
  displayName: z.string(),
  nodeClass: z.enum(OPCUA_NODE_CLASSES),
  /** variable: the data type's name (`Double`, `Boolean`, an enumeration's name…). */
  dataType: z.string().nullable(),
  /** variable: the current value as text, null when unreadable. */
  value: z.string().nullable(),
  /** Whether it has children to browse (objects and folders; variables with properties). */
  hasChildren: z.boolean(),
});
export type OpcuaBrowseNode = z.infer<typeof opcuaBrowseNodeSchema>;
export const opcuaBrowseResultSchema = z.object({ nodeId: z.string(), nodes: z.array(opcuaBrowseNodeSchema) });
export type OpcuaBrowseResult = z.infer<typeof opcuaBrowseResultSchema>;

/** Companion-specification presets of the mapping (docs/opcua.md "Presets"). */
export const OPCUA_PRESETS = ['umati', 'euromap77'] as const;
export type OpcuaPreset = (typeof OPCUA_PRESETS)[number];
export const opcuaPresetRequestSchema = opcuaMachineRequestSchema.extend({ preset: z.enum(OPCUA_PRESETS) });
export type OpcuaPresetRequest = z.infer<typeof opcuaPresetRequestSchema>;

/** What a preset fills: a role of the preset (`parts`, `state`…), found at a node or not found on this machine. */
export const opcuaPresetResultSchema = z.object({
  /** Mapping lines, in the mapping field's syntax, for the roles found. */
  lines: z.array(z.string()),
  found: z.array(z.object({ role: z.string(), nodeId: z.string(), path: z.string() })),
  missing: z.array(z.string()),
});
export type OpcuaPresetResult = z.infer<typeof opcuaPresetResultSchema>;

/** Root errors of a browse or preset call whose machine could not be used (translated in every language). */
export const OPCUA_MACHINE_ERROR_KEYS = {
  credentials: 'opcua.error.credentials',
  untrusted: 'opcua.error.untrusted',
  unreachable: 'opcua.error.unreachable',
  failed: 'opcua.error.failed',
  nodeUnknown: 'opcua.error.node-unknown',
  /** Trust refused: the machine presents another certificate than the one the super-admin saw. */
  certificateChanged: 'opcua.error.certificate-changed',
} as const;

/**
 * What each preset maps, found by browse name anywhere under the machine's Objects folder (never by a namespace
 * index, which differs from one server to the next): for each role the names in order of preference, the first
 * variable of a fitting data type wins. Counters feed parameter 3 (pieces); the modes are `state` lines:
 * - umati / OPC 40501-1 (machine tools): `PartsProducedInLifetime` (ProductionStatisticsType); `OperationMode`
 *   (MachineOperationMode: 0 Manual, 1 Automatic, 2 Setup, 3 AutoWithManualIntervention, 4 Service).
 * - EUROMAP 77 / OPC 40077 (injection moulding): `JobCycleCounter`, else `MachineCycleCounter` (ActiveJobValues);
 *   `MachineMode` (EUROMAP 83 MachineModeEnumeration: 0 Other, 1 Automatic, 2 SemiAutomatic, 3 Manual, 4 Setup,
 *   5 Sleep).
 */
export const OPCUA_PRESET_ROLES = {
  umati: [
    { role: 'parts', names: ['PartsProducedInLifetime', 'PartsProduced'], kind: 'counter', parameter: 3, workValues: [], activeValues: [] },
    { role: 'state', names: ['OperationMode'], kind: 'state', parameter: null, workValues: [1, 3], activeValues: [0, 2, 4] },
  ],
  euromap77: [
    { role: 'cycles', names: ['JobCycleCounter', 'MachineCycleCounter'], kind: 'counter', parameter: 3, workValues: [], activeValues: [] },
    { role: 'state', names: ['MachineMode'], kind: 'state', parameter: null, workValues: [1, 2], activeValues: [3, 4] },
  ],
} as const satisfies Record<
  OpcuaPreset,
  readonly {
    role: string;
    names: readonly string[];
    kind: 'counter' | 'state';
    parameter: number | null;
    workValues: readonly number[];
    activeValues: readonly number[];
  }[]
>;
export type OpcuaPresetRole = (typeof OPCUA_PRESET_ROLES)[OpcuaPreset][number]['role'];

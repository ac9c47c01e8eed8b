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
});
export type OpcuaModule = z.infer<typeof opcuaModuleSchema>;

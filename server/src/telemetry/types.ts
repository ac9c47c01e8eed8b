import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ValidationError } from '../http/errors.ts';

/**
 * The ingest service's public shapes, shared by the HTTP route, the MQTT subscriber and the demo simulator.
 * A batch belongs to one module (sensor); it is written in one transaction and acknowledged only after commit.
 */

export const MODULE_EVENT_TYPES = ['rfid_on', 'rfid_off', 'power_on', 'power_off'] as const;
export type ModuleEventType = (typeof MODULE_EVENT_TYPES)[number];

export interface ReadingInput {
  parameter: number;
  ts: Date;
  value: number;
}

export interface PositionInput {
  ts: Date;
  lat: number;
  lon: number;
  /** Metres; null when the module did not say. */
  accuracy: number | null;
}

export interface EventInput {
  ts: Date;
  type: ModuleEventType;
  /** The card number for rfid_on / rfid_off. */
  rfid?: string | null;
}

export interface IngestBatch {
  readings: ReadingInput[];
  positions: PositionInput[];
  events: EventInput[];
}

/** A module that proved who it is (serial number + security code). */
export interface ModuleIdentity {
  sensorId: number;
  serialNumber: string;
  companyId: number;
  /** The device the module is fitted to; null while unassigned (its readings are kept apart, not lost). */
  deviceId: number | null;
  /** The company's timezone: day rollups are local dates. */
  timezone: string;
}

export interface IngestResult {
  /** Readings newly stored (rolled up when the module is assigned to a device). */
  readings: number;
  /** Readings already stored for (device, parameter, timestamp): they changed nothing. */
  duplicates: number;
  /** Readings kept for an unassigned module. */
  unassigned: number;
  positions: number;
  events: number;
}

/** What a protocol adapter adds to one batch. */
export interface IngestBatchOptions {
  /**
   * A protocol's own state written in the batch's transaction, after the batch's writes (the Teltonika listener's
   * latest record per module): it commits with the batch or not at all.
   */
  alsoInTransaction?: (trx: Kysely<DB>) => Promise<void>;
}

export interface IngestService {
  /** Throws UnauthorizedError for an unknown serial, a wrong code or an inactive module. */
  authenticate(serialNumber: string, securityCode: string): Promise<ModuleIdentity>;
  /** Validated input only (ValidationError otherwise); writes everything in one transaction and resolves after commit. */
  ingest(module: ModuleIdentity, batch: IngestBatch, options?: IngestBatchOptions): Promise<IngestResult>;
}

/** One module's batch in a group stored in one transaction. */
export interface GroupEntry {
  module: ModuleIdentity;
  batch: IngestBatch;
  options?: IngestBatchOptions;
}

/** An entry of a group: stored, or refused for good by the batch rules (and so not part of the transaction). */
export type GroupOutcome = { stored: true; result: IngestResult } | { stored: false; error: ValidationError };

/**
 * Group commit: the batches of many modules that arrived together, stored in one transaction (one commit, one WAL
 * flush for all of them). Resolves after the commit with one outcome per entry, in order; throws, having stored
 * none of them, when the transaction failed.
 */
export interface GroupIngest {
  ingestGroup(entries: readonly GroupEntry[]): Promise<GroupOutcome[]>;
}

/**
 * Where a refused batch came from: paths with nobody to answer (MQTT), that answer only "not stored" (Teltonika), or
 * HTTP batches the database refused for a data fault.
 */
export type IngestRejectSource = 'mqtt' | 'http' | 'teltonika' | 'opcua';

/** A refused batch or packet, kept in ingest_rejects for diagnosis. */
export interface IngestReject {
  source: IngestRejectSource;
  topic: string | null;
  serialNumber: string | null;
  /** Why it was refused, e.g. `unknown module or wrong code` or the field errors. */
  reason: string;
  payload: string;
}

export interface IngestRejectLog {
  recordReject(reject: IngestReject): Promise<void>;
}

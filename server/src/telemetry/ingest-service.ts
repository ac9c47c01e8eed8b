import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError, UnauthorizedError, UnstorableBatchError, ValidationError } from '../http/errors.ts';
import { IngestRepository } from './ingest-repository.ts';
import type { DeviceLiveStatus, DeviceSeen, EventColumns, InsertedEvent, PositionColumns, ReadingColumns, WriterIds } from './ingest-repository.ts';
import { deriveSessions } from './operator-sessions.ts';
import { partitionsFor } from './partitions.ts';
import { assertValidBatch } from './batch-rules.ts';
import { describeStorageFailure, isDatabaseUnavailable } from './storage-failures.ts';
import type {
  GroupEntry,
  GroupIngest,
  GroupOutcome,
  IngestBatch,
  IngestBatchOptions,
  IngestReject,
  IngestRejectLog,
  IngestResult,
  IngestService,
  ModuleIdentity,
} from './types.ts';

/** The parameter whose positive values mean effective work (ARCHITECTURE §4): it drives last_work_at. */
const WORK_PARAMETER = 1;
/** Attempts for a batch that lost a deadlock or serialisation race to a concurrent batch of the same device. */
const MAX_ATTEMPTS = 4;

export interface IngestServiceOptions {
  /** Called inside the batch's transaction after every write and before commit; tests use it to fail a batch. */
  beforeCommit?: (module: ModuleIdentity, batch: IngestBatch) => Promise<void> | void;
  /** Told of every batch's outcome after its commit or final failure (the /metrics counters). */
  observer?: IngestObserver;
  /**
   * Called after a batch of a device committed (the composition root wakes the job runner, so the alert engine
   * evaluates what arrived at once instead of at its next poll). What arrived is recorded in the batch's own
   * transaction (alert_arrivals), so nothing depends on this call being made.
   */
  afterCommit?: (module: ModuleIdentity) => void;
  /**
   * Told in the batch's transaction, after its writes, when the batch changed its device's status (online, working):
   * rarely, not per batch. The event stream's writer (push/changes/device-status-events.ts) takes the event log's lock
   * here, which is why it comes last.
   */
  statusChanged?: (trx: Kysely<DB>, change: DeviceStatusChange) => Promise<void>;
}

/** A device whose status a batch or the expiry job changed (DeviceLiveStatus: its new status). */
export interface DeviceStatusChange extends DeviceLiveStatus {
  companyId: number;
  deviceId: number;
}

export interface IngestObserver {
  committed(result: IngestResult, seconds: number): void;
  failed(seconds: number): void;
}

/** Longest payload kept with a reject: enough to see what was wrong, without storing a flood. */
const MAX_REJECT_PAYLOAD_CHARS = 1_000_000;

/** The ingest service on a database (the app's services, the MQTT and simulator tests, the benchmarks). */
export function createIngestService(db: Kysely<DB>, options: IngestServiceOptions = {}): IngestService & IngestRejectLog & GroupIngest {
  return new DatabaseIngestService(new IngestRepository(db), options);
}

class DatabaseIngestService implements IngestService, IngestRejectLog, GroupIngest {
  /** Partitions known to exist; a partition dropped behind our back is noticed by the insert and re-created. */
  private readonly knownPartitions = new Set<string>();

  constructor(
    private readonly repository: IngestRepository,
    private readonly options: IngestServiceOptions,
  ) {}

  async authenticate(serialNumber: string, securityCode: string): Promise<ModuleIdentity> {
    const row = await this.repository.findModule(serialNumber);
    // Compared in constant time even for an unknown serial, so timing does not tell which serials exist.
    const codeMatches = constantTimeEqual(securityCode, row?.securityCode ?? '\u0000unknown');
    // Only a `gearwatch` module signs in with a code: another protocol's module has none (an empty code must not match).
    if (!row || !codeMatches || !row.isActive || row.protocol !== 'gearwatch') throw new UnauthorizedError();
    return { sensorId: row.sensorId, serialNumber: row.serialNumber, companyId: row.companyId, deviceId: row.deviceId, timezone: row.timezone };
  }

  async ingest(module: ModuleIdentity, batch: IngestBatch, batchOptions: IngestBatchOptions = {}): Promise<IngestResult> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await this.ingestWithRetries(module, batch, batchOptions);
      this.options.observer?.committed(result, seconds());
      if (module.deviceId !== null) this.options.afterCommit?.(module);
      return result;
    } catch (error) {
      this.options.observer?.failed(seconds());
      throw asUnstorable(error);
    }
  }

  async ingestGroup(entries: readonly GroupEntry[]): Promise<GroupOutcome[]> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const outcomes: (GroupOutcome | null)[] = entries.map((entry) => {
      try {
        assertValidBatch(entry.batch);
        return null;
      } catch (error) {
        if (error instanceof ValidationError) return { stored: false, error };
        throw error;
      }
    });
    const valid = entries.filter((_, i) => outcomes[i] === null);
    let results: IngestResult[];
    try {
      results = await this.withRetries(
        valid.flatMap((entry) => (entry.module.deviceId === null ? [] : [entry.batch])),
        () =>
          this.repository.transaction(async (repository) => {
            const written: IngestResult[] = [];
            // In one order whatever the arrival, so two groups with the same devices lock them in the same order.
            const ordered = valid.map((entry, i) => ({ entry, i })).sort((a, b) => a.entry.module.sensorId - b.entry.module.sensorId);
            for (const { entry, i } of ordered)
              written[i] = await this.writeInto(repository, entry.module, entry.batch, toColumns(entry.batch), entry.options ?? {});
            return written;
          }),
      );
    } catch (error) {
      for (let i = 0; i < valid.length; i++) this.options.observer?.failed(seconds());
      throw error;
    }
    let next = 0;
    return entries.map((entry, i) => {
      const refused = outcomes[i];
      if (refused) return refused;
      const result = results[next++]!;
      this.options.observer?.committed(result, seconds());
      if (entry.module.deviceId !== null) this.options.afterCommit?.(entry.module);
      return { stored: true, result };
    });
  }

  private async ingestWithRetries(module: ModuleIdentity, batch: IngestBatch, batchOptions: IngestBatchOptions): Promise<IngestResult> {
    assertValidBatch(batch);
    const columns = toColumns(batch);
    return this.withRetries(module.deviceId === null ? [] : [batch], () =>
      this.repository.transaction((repository) => this.writeInto(repository, module, batch, columns, batchOptions)),
    );
  }

  /** Runs a write, retrying the races a concurrent writer can make it lose; `assigned` are the batches with a device. */
  private async withRetries<T>(assigned: readonly IngestBatch[], write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        for (const batch of assigned) await this.ensurePartitions(batch);
        return await write();
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        // 23514: no partition for a row (one was dropped since we cached it); 40P01/40001: lost a race, retry.
        if (code === '23514') this.knownPartitions.clear();
        const retryable = code === '40P01' || code === '40001' || code === '23514';
        if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async recordReject(reject: IngestReject): Promise<void> {
    // A text column cannot hold NUL: a payload or a failure message carrying one would fail the insert for ever.
    await this.repository.insertReject({
      ...reject,
      topic: reject.topic && storableText(reject.topic),
      serialNumber: reject.serialNumber && storableText(reject.serialNumber),
      payload: storableText(reject.payload.slice(0, MAX_REJECT_PAYLOAD_CHARS)),
      reason: storableText(reject.reason.slice(0, 4000)),
    });
  }

  private async ensurePartitions(batch: IngestBatch): Promise<void> {
    for (const partition of partitionsFor(batch.readings.map((r) => r.ts))) {
      if (this.knownPartitions.has(partition.name)) continue;
      await this.repository.createPartition(partition);
      this.knownPartitions.add(partition.name);
    }
  }

  /** One module's batch, in the caller's transaction. */
  private async writeInto(
    repository: IngestRepository,
    module: ModuleIdentity,
    batch: IngestBatch,
    columns: BatchColumns,
    batchOptions: IngestBatchOptions,
  ): Promise<IngestResult> {
    const { companyId, sensorId, deviceId } = module;
    const result: IngestResult = { readings: 0, duplicates: 0, unassigned: 0, positions: 0, events: 0 };
    if (batch.readings.length > 0) {
      if (deviceId === null) {
        result.unassigned = await repository.insertUnassignedReadings(companyId, sensorId, columns.readings);
      } else {
        const writer: WriterIds = { companyId, sensorId, deviceId, timezone: module.timezone };
        result.readings = await repository.insertReadings(writer, columns.readings);
      }
      result.duplicates = batch.readings.length - result.readings - result.unassigned;
    }
    if (batch.positions.length > 0) result.positions = await repository.insertPositions(companyId, sensorId, deviceId, columns.positions);
    const newEvents = batch.events.length > 0 ? await repository.insertEvents(companyId, sensorId, deviceId, columns.events) : [];
    result.events = newEvents.length;

    let status: DeviceLiveStatus | null = null;
    if (deviceId !== null) {
      status = await repository.upsertDeviceState(companyId, deviceId, deviceSeen(batch));
      await this.applyEvents(repository, { companyId, deviceId, timezone: module.timezone }, newEvents);
    }
    await repository.upsertSensorState(companyId, sensorId, latestTimestamp(batch));
    // The time range this batch brought for its device, for the alert engine: in this transaction, so a crash
    // after the commit cannot lose it (docs/alerts.md).
    const range = dataRange(batch);
    if (deviceId !== null && range) await repository.recordArrival(companyId, deviceId, range.from, range.to);
    if (deviceId !== null && status) await this.options.statusChanged?.(repository.connection(), { companyId, deviceId, ...status });
    await batchOptions.alsoInTransaction?.(repository.connection());
    await this.options.beforeCommit?.(module, batch);
    return result;
  }

  /** Power state from the latest new power event; sessions rebuilt from the earliest new RFID event on. */
  private async applyEvents(
    repository: IngestRepository,
    writer: { companyId: number; deviceId: number; timezone: string },
    events: InsertedEvent[],
  ): Promise<void> {
    const { companyId, deviceId, timezone } = writer;
    const power = events.filter((e) => e.type === 'power_on' || e.type === 'power_off');
    const latestPower = power.reduce<InsertedEvent | null>((latest, e) => (!latest || e.ts > latest.ts ? e : latest), null);
    if (latestPower) await repository.applyPowerEvent(companyId, deviceId, latestPower.ts, latestPower.type === 'power_on');

    const rfid = events.filter((e) => e.type === 'rfid_on' || e.type === 'rfid_off');
    if (rfid.length === 0) return;
    const sessions = repository.operatorSessions();
    await sessions.lockDevice(deviceId);
    const earliest = new Date(Math.min(...rfid.map((e) => e.ts.getTime())));
    // Rebuild from the start of the session the earliest new event falls into: everything before it is unaffected.
    const from = (await sessions.sessionStartAtOrBefore(deviceId, earliest)) ?? earliest;
    const derived = deriveSessions(await sessions.rfidEventsSince(deviceId, from));
    const operators = await sessions.operatorsByCard(companyId, [...new Set(derived.map((s) => s.rfid))]);
    await sessions.replaceSessionsFrom(
      { companyId, deviceId, timezone },
      from,
      derived.map((s) => ({ ...s, operatorId: operators.get(s.rfid.toUpperCase()) ?? null })),
    );
    const last = derived.at(-1);
    await sessions.setCurrentCard(companyId, deviceId, last && last.endedAt === null ? last.rfid : null);
  }
}

/**
 * A failure that is neither the service's own typed refusal nor the database being unavailable would fail the same
 * way every time: it becomes UnstorableBatchError, which every path acknowledges (HTTP 400, MQTT ingest_rejects).
 */
function asUnstorable(error: unknown): unknown {
  if (error instanceof AppError || isDatabaseUnavailable(error)) return error;
  return new UnstorableBatchError(describeStorageFailure(error), { cause: error });
}

interface BatchColumns {
  readings: ReadingColumns;
  positions: PositionColumns;
  events: EventColumns;
}

function toColumns(batch: IngestBatch): BatchColumns {
  const { positions, events } = batch;
  // In key order, so concurrent batches of one device take their row locks in the same order (no deadlock) and
  // the index is written sequentially. The sort is stable: of two readings with one key, the first sent is kept.
  const readings = [...batch.readings].sort((a, b) => a.parameter - b.parameter || a.ts.getTime() - b.ts.getTime());
  return {
    readings: { parameters: readings.map((r) => r.parameter), timestamps: readings.map((r) => r.ts.toISOString()), values: readings.map((r) => r.value) },
    positions: {
      timestamps: positions.map((p) => p.ts.toISOString()),
      lats: positions.map((p) => p.lat),
      lons: positions.map((p) => p.lon),
      accuracies: positions.map((p) => p.accuracy),
    },
    events: { timestamps: events.map((e) => e.ts.toISOString()), types: events.map((e) => e.type), rfids: events.map((e) => e.rfid ?? null) },
  };
}

function deviceSeen(batch: IngestBatch): DeviceSeen {
  let lastReadingAt: Date | null = null;
  let lastWorkAt: Date | null = null;
  for (const r of batch.readings) {
    if (!lastReadingAt || r.ts > lastReadingAt) lastReadingAt = r.ts;
    if (r.parameter === WORK_PARAMETER && r.value > 0 && (!lastWorkAt || r.ts > lastWorkAt)) lastWorkAt = r.ts;
  }
  let position: DeviceSeen['position'] = null;
  for (const p of batch.positions) if (!position || p.ts > position.ts) position = p;
  return { lastReadingAt, lastWorkAt, position: position && { ts: position.ts, lat: position.lat, lon: position.lon, accuracy: position.accuracy } };
}

function dataRange(batch: IngestBatch): { from: Date; to: Date } | null {
  let from = Infinity;
  let to = -Infinity;
  for (const list of [batch.readings, batch.positions, batch.events]) {
    for (const item of list) {
      const t = item.ts.getTime();
      if (t < from) from = t;
      if (t > to) to = t;
    }
  }
  return from === Infinity ? null : { from: new Date(from), to: new Date(to) };
}

function latestTimestamp(batch: IngestBatch): Date | null {
  let latest: Date | null = null;
  for (const list of [batch.readings, batch.positions, batch.events]) for (const item of list) if (!latest || item.ts > latest) latest = item.ts;
  return latest;
}

/** NUL, which PostgreSQL text cannot hold, written as the escape `\\u0000`. */
const storableText = (text: string) => text.replaceAll('\u0000', '\\u0000');

function constantTimeEqual(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, which timingSafeEqual needs, without revealing the expected length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

import { DEVICE_STATUS_WINDOW_MINUTES, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { MonthPartition } from './partitions.ts';
import type { IngestReject, ModuleEventType } from './types.ts';
import { SESSION_LOCK_CLASS } from './operator-sessions-repository.ts';
import { OperatorSessionsRepository } from './operator-sessions-repository.ts';

/** What the repository needs to know about the writing module; all constant within one batch. */
export interface WriterIds {
  companyId: number;
  sensorId: number;
  deviceId: number;
  timezone: string;
}

/** Columns of a batch, one array per column: bound as one array parameter each and `unnest`ed in SQL. */
export interface ReadingColumns {
  parameters: number[];
  /** ISO-8601 UTC strings. */
  timestamps: string[];
  values: number[];
}

export interface PositionColumns {
  timestamps: string[];
  lats: number[];
  lons: number[];
  accuracies: (number | null)[];
}

export interface EventColumns {
  timestamps: string[];
  types: ModuleEventType[];
  rfids: (string | null)[];
}

export interface InsertedEvent {
  ts: Date;
  type: ModuleEventType;
  rfid: string | null;
}

export interface ModuleRow {
  sensorId: number;
  serialNumber: string;
  securityCode: string;
  /** MODULE_PROTOCOLS: only a `gearwatch` module signs in with its code. */
  protocol: string;
  isActive: boolean;
  companyId: number;
  deviceId: number | null;
  timezone: string;
}

/** Bucket origin for 5-minute and hour rollups: any UTC midnight gives UTC-aligned buckets. */
const BUCKET_ORIGIN = sql.lit('2000-01-01 00:00:00+00');
const WORK = sql.lit(PARAMETER_NUMBERS.work);
const ACTIVE = sql.lit(PARAMETER_NUMBERS.active);

/**
 * The SQL of the ingest path (with the operator sessions it rebuilds, `operatorSessions()`). The writes of one batch
 * run in `transaction(...)`, so everything a batch changes commits together.
 */
export class IngestRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Runs `work` in one transaction with a repository bound to it: everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: IngestRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new IngestRepository(trx)));
  }

  /** This repository's connection (in its transaction, if any), for the batch's listeners that write in it. */
  connection(): Kysely<DB> {
    return this.db;
  }

  /** The operator sessions of the devices, on this repository's connection (in its transaction, if any). */
  operatorSessions(): OperatorSessionsRepository {
    return new OperatorSessionsRepository(this.db);
  }

  async findModule(serialNumber: string): Promise<ModuleRow | undefined> {
    return this.db
      .selectFrom('sensors')
      .innerJoin('companies', 'companies.id', 'sensors.company_id')
      .select([
        'sensors.id as sensorId',
        'sensors.serial_number as serialNumber',
        'sensors.security_code as securityCode',
        'sensors.protocol as protocol',
        'sensors.is_active as isActive',
        'sensors.company_id as companyId',
        'sensors.device_id as deviceId',
        'companies.timezone as timezone',
      ])
      .where(sql<string>`upper(sensors.serial_number)`, '=', serialNumber.toUpperCase())
      .executeTakeFirst();
  }

  /**
   * Creates a monthly partition unless it exists. Runs in its own short transaction holding an advisory lock, so
   * instances racing for the same month take turns; the error codes of a lost race are still tolerated, in case a
   * partition was created by hand without the lock.
   */
  async createPartition(partition: MonthPartition): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`.execute(trx);
        await sql`create table if not exists ${sql.table(partition.name)} partition of readings
          for values from (${sql.lit(partition.from.toISOString())}) to (${sql.lit(partition.to.toISOString())})`.execute(trx);
      });
    } catch (error) {
      if (!isLostPartitionRace(error)) throw error;
    }
  }

  /**
   * One statement: raw rows are inserted unless already stored, and exactly the newly inserted ones are added to the
   * 5-minute, hour, local-day, local-month and shift rollups. A repeated reading is not returned by the insert, so it
   * touches no rollup. Rows of each level are upserted in key order, so concurrent batches of one device lock them in
   * the same order. Shift cells follow the company's current shifts: the batch first takes the company's shift lock
   * shared, so a rebuild after a change of the shifts (migration 005) never interleaves with it. Work and active are
   * added to the operator sessions they fall into, per local date and per hour (migrations 006, 007), under the device's session lock, so a session
   * rebuild either sees this batch's rollups or its sessions get this batch's readings, never neither. The same lock
   * keeps the work matrix's cache whole: its rows of the dates the batch adds work to are deleted here, and the report
   * fills rows only while holding the lock shared (reports/builders/data/work-quarters-repository.ts).
   */
  async insertReadings(writer: WriterIds, columns: ReadingColumns): Promise<number> {
    const { companyId, deviceId, sensorId, timezone } = writer;
    await sql`select pg_advisory_xact_lock_shared(shift_rollup_lock_key(), ${companyId}::int), pg_advisory_xact_lock(${SESSION_LOCK_CLASS}::int, ${deviceId}::int)`.execute(
      this.db,
    );
    const result = await sql<{ inserted: number }>`
      with ins as (
        insert into readings (company_id, device_id, sensor_id, parameter_number, ts, value)
        select ${companyId}::int, ${deviceId}::int, ${sensorId}::int, u.p, u.ts, u.v
        from unnest(${columns.parameters}::int4[], ${columns.timestamps}::timestamptz[], ${columns.values}::float8[]) as u (p, ts, v)
        on conflict do nothing
        returning parameter_number as p, ts, value as v
      ),
      m5 as (
        select p, date_bin('5 minutes', ts, ${BUCKET_ORIGIN}::timestamptz) as bucket,
          sum(v) as s, count(*)::int as n, min(v) as mn, max(v) as mx, max(ts) as lt,
          (array_agg(v order by ts desc))[1] as lv
        from ins group by 1, 2
      ),
      m5l as (select m5.*, (bucket at time zone ${timezone})::date as ld from m5),
      h as (
        select p, date_bin('1 hour', bucket, ${BUCKET_ORIGIN}::timestamptz) as bucket, ${MERGED_AGGREGATES}
        from m5 group by 1, 2
      ),
      d as (select p, ld as day, ${MERGED_AGGREGATES} from m5l group by 1, 2),
      mo as (select p, date_trunc('month', day::timestamp)::date as month, ${MERGED_AGGREGATES} from d group by 1, 2),
      sh as (
        select m.p, w.day, w.position, ${MERGED_AGGREGATES_OF_M}
        from m5l m
        cross join lateral (values (m.ld), (m.ld - 1)) as c (day)
        join shift_windows(${companyId}::int, ${timezone}, (select min(ld) - 1 from m5l), (select max(ld) from m5l)) w
          on w.day = c.day and m.bucket >= w.starts and m.bucket < w.ends
        group by 1, 2, 3
      ),
      -- The device's sessions that overlap the batch's work and active buckets, then each bucket's session by date.
      ss as (
        select s.id, s.started_at, coalesce(s.ended_at, 'infinity'::timestamptz) as ended_at from operator_sessions s
        where s.device_id = ${deviceId}::int and s.started_at <= (select max(bucket) from m5 where p in (${WORK}, ${ACTIVE}))
          and (s.ended_at is null or s.ended_at > (select min(bucket) from m5 where p in (${WORK}, ${ACTIVE})))
      ),
      -- Each work and active bucket with the session its start lies in.
      sb as (
        select ss.id, m.bucket, m.ld, m.p, m.s
        from m5l m join ss on m.bucket >= ss.started_at and m.bucket < ss.ended_at
        where m.p in (${WORK}, ${ACTIVE})
      ),
      sd as (
        select id, ld as day, sum(s) filter (where p = ${WORK}) as work, sum(s) filter (where p = ${ACTIVE}) as active
        from sb group by 1, 2
      ),
      shr as (
        select id, date_bin('1 hour', bucket, ${BUCKET_ORIGIN}::timestamptz) as hour,
          sum(s) filter (where p = ${WORK}) as work, sum(s) filter (where p = ${ACTIVE}) as active
        from sb group by 1, 2
      ),
      -- The work matrix's cached quarter hours of the local dates this batch adds work to are out of date (migration
      -- 022): deleted here, so no reader sees them after this commit; the next read computes them again.
      dq as (
        delete from work_quarter_days q where q.device_id = ${deviceId}::int and q.day in (select ld from m5l where p = ${WORK})
      ),
      up5 as (
        insert into readings_5min as t (company_id, device_id, parameter_number, bucket, sum, count, min, max, last_ts, last_value)
        select ${companyId}::int, ${deviceId}::int, p, bucket, s, n, mn, mx, lt, lv from m5 order by p, bucket
        on conflict (device_id, parameter_number, bucket) do update set ${ROLLUP_MERGE}
      ),
      uph as (
        insert into readings_hour as t (company_id, device_id, parameter_number, bucket, sum, count, min, max, last_ts, last_value)
        select ${companyId}::int, ${deviceId}::int, p, bucket, s, n, mn, mx, lt, lv from h order by p, bucket
        on conflict (device_id, parameter_number, bucket) do update set ${ROLLUP_MERGE}
      ),
      upd as (
        insert into readings_day as t (company_id, device_id, parameter_number, day, sum, count, min, max, last_ts, last_value)
        select ${companyId}::int, ${deviceId}::int, p, day, s, n, mn, mx, lt, lv from d order by p, day
        on conflict (device_id, parameter_number, day) do update set ${ROLLUP_MERGE}
      ),
      upm as (
        insert into readings_month as t (company_id, device_id, parameter_number, month, sum, count, min, max, last_ts, last_value)
        select ${companyId}::int, ${deviceId}::int, p, month, s, n, mn, mx, lt, lv from mo order by p, month
        on conflict (device_id, parameter_number, month) do update set ${ROLLUP_MERGE}
      ),
      ups as (
        insert into readings_shift as t (company_id, device_id, parameter_number, day, position, sum, count, min, max, last_ts, last_value)
        select ${companyId}::int, ${deviceId}::int, p, day, position, s, n, mn, mx, lt, lv from sh order by p, day, position
        on conflict (device_id, parameter_number, day, position) do update set ${ROLLUP_MERGE}
      ),
      upsd as (
        insert into operator_session_days as t (session_id, company_id, day, work, active)
        select id, ${companyId}::int, day, work, active from sd order by id, day
        on conflict (session_id, day) do update set
          work = case when excluded.work is null then t.work else coalesce(t.work, 0) + excluded.work end,
          active = case when excluded.active is null then t.active else coalesce(t.active, 0) + excluded.active end
      ),
      upsh as (
        insert into operator_session_hours as t (session_id, company_id, hour, work, active)
        select id, ${companyId}::int, hour, work, active from shr order by id, hour
        on conflict (session_id, hour) do update set
          work = case when excluded.work is null then t.work else coalesce(t.work, 0) + excluded.work end,
          active = case when excluded.active is null then t.active else coalesce(t.active, 0) + excluded.active end
      )
      select count(*)::int as inserted from ins`.execute(this.db);
    return result.rows[0]?.inserted ?? 0;
  }

  /** Readings of a module fitted to no device: kept apart (no device, so no rollups) and never lost. */
  async insertUnassignedReadings(companyId: number, sensorId: number, columns: ReadingColumns): Promise<number> {
    const result = await sql<{ inserted: number }>`
      with ins as (
        insert into unassigned_readings (company_id, sensor_id, parameter_number, ts, value)
        select ${companyId}::int, ${sensorId}::int, u.p, u.ts, u.v
        from unnest(${columns.parameters}::int4[], ${columns.timestamps}::timestamptz[], ${columns.values}::float8[]) as u (p, ts, v)
        on conflict do nothing
        returning 1
      )
      select count(*)::int as inserted from ins`.execute(this.db);
    return result.rows[0]?.inserted ?? 0;
  }

  async insertPositions(companyId: number, sensorId: number, deviceId: number | null, columns: PositionColumns): Promise<number> {
    const result = await sql<{ inserted: number }>`
      with ins as (
        insert into positions (company_id, sensor_id, device_id, ts, lat, lon, accuracy)
        select ${companyId}::int, ${sensorId}::int, ${deviceId}::int, u.ts, u.lat, u.lon, u.acc
        from unnest(${columns.timestamps}::timestamptz[], ${columns.lats}::float8[], ${columns.lons}::float8[], ${columns.accuracies}::float8[])
          as u (ts, lat, lon, acc)
        on conflict do nothing
        returning 1
      )
      select count(*)::int as inserted from ins`.execute(this.db);
    return result.rows[0]?.inserted ?? 0;
  }

  /** Returns the events that were new, for the session rebuild and the power state. */
  async insertEvents(companyId: number, sensorId: number, deviceId: number | null, columns: EventColumns): Promise<InsertedEvent[]> {
    const result = await sql<InsertedEvent>`
      insert into module_events (company_id, sensor_id, device_id, ts, type, rfid)
      select ${companyId}::int, ${sensorId}::int, ${deviceId}::int, u.ts, u.type, u.rfid
      from unnest(${columns.timestamps}::timestamptz[], ${columns.types}::text[], ${columns.rfids}::text[]) as u (ts, type, rfid)
      on conflict do nothing
      returning ts, type, rfid`.execute(this.db);
    return result.rows;
  }

  /**
   * Last-seen state of a device. Every column only moves forward: a late batch can fill a gap but never makes the
   * state older (greatest() skips nulls, and the position moves only with a newer position timestamp).
   * The device is online (its module just called) and working when its newest work reading is within the status
   * window. Returns that status when it differs from the one last announced (online, working; migration 024), else
   * null: the SET sees the row as it was, locked, so of concurrent batches only the one that changes it says so.
   */
  async upsertDeviceState(companyId: number, deviceId: number, seen: DeviceSeen): Promise<DeviceLiveStatus | null> {
    const window = sql`now() - make_interval(mins => ${DEVICE_STATUS_WINDOW_MINUTES}::int)`;
    const working = sql`coalesce(greatest(s.last_work_at, excluded.last_work_at) >= ${window}, false)`;
    const result = await sql<DeviceLiveStatus & { changed: boolean }>`
      insert into device_state as s (device_id, company_id, last_sync_at, last_reading_at, last_work_at, last_position_at, lat, lon, accuracy,
        online, working, status_changed_at)
      values (${deviceId}::int, ${companyId}::int, now(), ${seen.lastReadingAt}::timestamptz, ${seen.lastWorkAt}::timestamptz,
        ${seen.position?.ts ?? null}::timestamptz, ${seen.position?.lat ?? null}::float8, ${seen.position?.lon ?? null}::float8,
        ${seen.position?.accuracy ?? null}::float8, true, coalesce(${seen.lastWorkAt}::timestamptz >= ${window}, false), now())
      on conflict (device_id) do update set
        last_sync_at = greatest(s.last_sync_at, excluded.last_sync_at),
        last_reading_at = greatest(s.last_reading_at, excluded.last_reading_at),
        last_work_at = greatest(s.last_work_at, excluded.last_work_at),
        lat = case when ${NEWER_POSITION} then excluded.lat else s.lat end,
        lon = case when ${NEWER_POSITION} then excluded.lon else s.lon end,
        accuracy = case when ${NEWER_POSITION} then excluded.accuracy else s.accuracy end,
        last_position_at = greatest(s.last_position_at, excluded.last_position_at),
        online = true,
        working = ${working},
        status_changed_at = case when not s.online or s.working <> ${working} then now() else s.status_changed_at end
      returning online, working, status_changed_at is not distinct from now() as changed`.execute(this.db);
    const row = result.rows[0];
    return row?.changed ? { online: row.online, working: row.working } : null;
  }

  /** Applies the latest power event unless a later one is already applied; returns whether it was applied. */
  async applyPowerEvent(companyId: number, deviceId: number, ts: Date, on: boolean): Promise<boolean> {
    const result = await sql<{ applied: number }>`
      with st as (
        insert into device_state as s (device_id, company_id, power_changed_at) values (${deviceId}::int, ${companyId}::int, ${ts}::timestamptz)
        on conflict (device_id) do update set power_changed_at = excluded.power_changed_at
          where s.power_changed_at is null or s.power_changed_at < excluded.power_changed_at
        returning 1
      ),
      dev as (
        update devices set power_state = ${on ? 'on' : 'off'}
        where id = ${deviceId}::int and company_id = ${companyId}::int and exists (select 1 from st)
        returning 1
      )
      select count(*)::int as applied from dev`.execute(this.db);
    return (result.rows[0]?.applied ?? 0) > 0;
  }

  async insertReject(reject: IngestReject): Promise<void> {
    await this.db
      .insertInto('ingest_rejects')
      .values({ source: reject.source, topic: reject.topic, serial_number: reject.serialNumber, reason: reject.reason, payload: reject.payload })
      .execute();
  }

  /**
   * Records that data of [from, to] committed for the device (one row per device; ranges merge until the alert
   * engine takes the row), in the batch's transaction.
   */
  async recordArrival(companyId: number, deviceId: number, from: Date, to: Date): Promise<void> {
    await sql`
      insert into alert_arrivals as a (device_id, company_id, from_ts, to_ts) values (${deviceId}::int, ${companyId}::int, ${from}::timestamptz, ${to}::timestamptz)
      on conflict (device_id) do update set from_ts = least(a.from_ts, excluded.from_ts), to_ts = greatest(a.to_ts, excluded.to_ts)`.execute(this.db);
  }

  async upsertSensorState(companyId: number, sensorId: number, lastDataAt: Date | null): Promise<void> {
    await sql`
      insert into sensor_state as s (sensor_id, company_id, last_contact_at, last_data_at)
      values (${sensorId}::int, ${companyId}::int, now(), ${lastDataAt}::timestamptz)
      on conflict (sensor_id) do update set
        company_id = excluded.company_id,
        last_contact_at = greatest(s.last_contact_at, excluded.last_contact_at),
        last_data_at = greatest(s.last_data_at, excluded.last_data_at)`.execute(this.db);
  }
}

/** A device's status as the event stream tells it (contracts DeviceStatusEvent). */
export interface DeviceLiveStatus {
  online: boolean;
  working: boolean;
}

export interface DeviceSeen {
  lastReadingAt: Date | null;
  lastWorkAt: Date | null;
  position: { ts: Date; lat: number; lon: number; accuracy: number | null } | null;
}

const NEWER_POSITION = sql`excluded.last_position_at is not null and (s.last_position_at is null or excluded.last_position_at > s.last_position_at)`;

/** Rollup aggregates of a group of finer rollup rows (s, n, mn, mx, lt, lv), named as the upserts read them. */
const MERGED_AGGREGATES = sql`sum(s) as s, sum(n)::int as n, min(mn) as mn, max(mx) as mx, max(lt) as lt, (array_agg(lv order by lt desc))[1] as lv`;
const MERGED_AGGREGATES_OF_M = sql`sum(m.s) as s, sum(m.n)::int as n, min(m.mn) as mn, max(m.mx) as mx, max(m.lt) as lt,
  (array_agg(m.lv order by m.lt desc))[1] as lv`;

/**
 * Adds a group of new readings to a stored rollup row. The new readings never share a timestamp with stored ones
 * (the raw insert skipped those), so the later of the two last timestamps names the last value unambiguously.
 */
const ROLLUP_MERGE = sql`
  sum = t.sum + excluded.sum,
  count = t.count + excluded.count,
  min = least(t.min, excluded.min),
  max = greatest(t.max, excluded.max),
  last_value = case when excluded.last_ts >= t.last_ts then excluded.last_value else t.last_value end,
  last_ts = greatest(t.last_ts, excluded.last_ts)`;

/** Arbitrary constant: the advisory lock serialising partition creation across instances. */
const PARTITION_LOCK_KEY = 720_431_004;

/** 42P07 duplicate_table, 42P17 invalid_object_definition (overlapping partition), 23505 (pg_type name race). */
function isLostPartitionRace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P07' || code === '42P17' || code === '23505';
}

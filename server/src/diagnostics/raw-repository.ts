import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface PositionRow {
  /** Epoch milliseconds. */
  ms: number;
  lat: number;
  lon: number;
  accuracy: number | null;
}

export interface RawReadingRow {
  number: number;
  ts: Date;
  value: number;
}

/** One device of a known company (the service looked it up through the caller's scope). */
export interface DeviceTarget {
  deviceId: number;
  companyId: number;
}

/**
 * The two diagnostics reads that go to raw data, both bounded: the async monitor's readings (newest first, a fixed
 * number per parameter) and the geo monitor's positions (a fixed number, or one per time step).
 */
export class RawTelemetryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Up to `limitPerParameter` readings of each parameter in [start, end), newest first; one statement. */
  async newestReadings(target: DeviceTarget & { numbers: number[] }, start: Date, end: Date, limitPerParameter: number): Promise<RawReadingRow[]> {
    if (target.numbers.length === 0) return [];
    const result = await sql<RawReadingRow>`
      select p.number, r.ts, r.value
      from unnest(${target.numbers}::int[]) as p(number)
      cross join lateral (
        select ts, value from readings
        where device_id = ${target.deviceId} and company_id = ${target.companyId} and parameter_number = p.number
          and ts >= ${start} and ts < ${end}
        order by ts desc
        limit ${limitPerParameter}
      ) r
      order by p.number, r.ts desc`.execute(this.db);
    return result.rows;
  }

  /**
   * Positions in [start, end) by time, at most `limit`. The time comes as epoch milliseconds: a day of positions is
   * thousands of rows, and pg's parsing of timestamps into Dates was a third of the call (docs/performance.md).
   */
  async positions(target: DeviceTarget, start: Date, end: Date, limit: number): Promise<PositionRow[]> {
    const result = await sql<PositionRow>`
      select ${EPOCH_MS} as ms, lat, lon, accuracy from positions
      where device_id = ${target.deviceId} and company_id = ${target.companyId} and ts >= ${start} and ts < ${end}
      order by ts
      limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** The last position of each `stepSeconds` step from `start`, by time. */
  async thinnedPositions(target: DeviceTarget, start: Date, end: Date, stepSeconds: number): Promise<PositionRow[]> {
    const result = await sql<PositionRow>`
      select ${EPOCH_MS} as ms, lat, lon, accuracy from (
        select distinct on (step) ts, lat, lon, accuracy from (
          select ts, lat, lon, accuracy, floor(extract(epoch from (ts - ${start}::timestamptz)) / ${stepSeconds}::int) as step
          from positions
          where device_id = ${target.deviceId} and company_id = ${target.companyId} and ts >= ${start} and ts < ${end}
        ) stepped
        order by step, ts desc
      ) steps
      order by ts`.execute(this.db);
    return result.rows;
  }
}

/** `ts` as float8 epoch milliseconds (exact: timestamps hold microseconds, float8 15 significant digits). */
const EPOCH_MS = sql`(extract(epoch from ts) * 1000)::float8`;

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

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
   * Positions in [start, end) by time as the JSON text of the locations answer, or only their count when there
   * are more than `max` (json is then null: the caller thins the track instead). The answer is built in SQL
   * because a day of positions is thousands of rows: turning each into an object with a local-time text,
   * validating and serialising it cost several times the read itself (docs/performance.md).
   */
  async positionsJson(target: DeviceTarget & { timezone: string }, start: Date, end: Date, max: number): Promise<PositionsJson> {
    const result = await sql<PositionsJson>`
      with kept as (
        select ts, lat, lon, accuracy from positions
        where device_id = ${target.deviceId} and company_id = ${target.companyId} and ts >= ${start} and ts < ${end}
        order by ts
        limit ${max + 1}
      ), counted as (select count(*)::int as count from kept)
      select count, case when count <= ${max} then ${jsonOfKept(target.timezone)} end as json from counted`.execute(this.db);
    return result.rows[0]!;
  }

  /** The last position of each `stepSeconds` step from `start`, by time, as positionsJson gives them. */
  async thinnedPositionsJson(target: DeviceTarget & { timezone: string }, start: Date, end: Date, stepSeconds: number): Promise<PositionsJson> {
    const result = await sql<PositionsJson>`
      with kept as (
        select distinct on (step) ts, lat, lon, accuracy from (
          select ts, lat, lon, accuracy, floor(extract(epoch from (ts - ${start}::timestamptz)) / ${stepSeconds}::int) as step
          from positions
          where device_id = ${target.deviceId} and company_id = ${target.companyId} and ts >= ${start} and ts < ${end}
        ) stepped
        order by step, ts desc
      ), counted as (select count(*)::int as count from kept)
      select count, ${jsonOfKept(target.timezone)} as json from counted`.execute(this.db);
    return result.rows[0]!;
  }
}

export interface PositionsJson {
  /** How many positions there are (at most one more than asked for). */
  count: number;
  json: string | null;
}

/**
 * The locations answer from the CTE `kept`: `[{"time":…,"lat":…,"lon":…,"acc":…}, …]` by time, the time as
 * ZoneClock.isoWithOffset writes it (local wall time, seconds truncated, the offset in force in whole minutes).
 * Numbers go through to_json so that a value JSON cannot hold (an infinite accuracy) still gives valid JSON.
 */
function jsonOfKept(timezone: string) {
  return sql`(
    select '[' || coalesce(string_agg(
        '{"time":"' || to_char(wall, 'YYYY-MM-DD"T"HH24:MI:SS')
          || case when offset_minutes < 0 then '-' else '+' end
          || to_char(abs(offset_minutes) / 60, 'FM00') || ':' || to_char(abs(offset_minutes) % 60, 'FM00')
          || '","lat":' || to_json(lat)::text || ',"lon":' || to_json(lon)::text
          || ',"acc":' || coalesce(to_json(accuracy)::text, 'null') || '}',
        ',' order by ts), '') || ']'
    from (
      select ts, lat, lon, accuracy, ts at time zone ${timezone} as wall,
        round(extract(epoch from (ts at time zone ${timezone}) - (ts at time zone 'UTC')) / 60)::int as offset_minutes
      from kept
    ) local
  )`;
}

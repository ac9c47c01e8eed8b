import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { FiveMinuteRow } from './work-repository.ts';
import { WORK_SUMS } from './work-repository.ts';

/**
 * The SQL of the work details screen's pages (docs/reports.md "Work details on screen, a page at a time"). A row of
 * the report is a stored 5-minute bucket of the device with any of parameters 1, 2, 3 (the builder's rows); a page
 * counts them per device and local date and reads only the buckets of its own rows.
 */

/** Raw readings of parameters 1–3 on a device's local date (the day rollup's counts): a fingerprint of the date's rows. */
export interface DayReadings {
  deviceId: number;
  day: string;
  readings: number;
}

/**
 * How many report rows (5-minute buckets) one hour of a device's local date has (`hour`: hours since the local
 * midnight), with the date's readings fingerprint.
 */
export interface HourRowCount extends DayReadings {
  hour: number;
  rows: number;
}

export class WorkDetailsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Per device and local date from..to, the raw readings of parameters 1–3 the day rollup holds (dates without any
   * are left out). Ingest adds to a date's count in the statement that adds its 5-minute rows, so an unchanged count
   * means unchanged rows: ~1,500 rows for a month of 50 devices instead of ~1.3 million 5-minute rollup rows.
   */
  async dayReadings(companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<DayReadings[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<DayReadings>`
      select r.device_id as "deviceId", r.day::text as "day", sum(r.count)::float8 as "readings"
      from readings_day r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number in (1, 2, 3)
        and r.day between ${from}::date and ${to}::date
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /**
   * The report rows of the devices' local dates from..to (dates in `timezone`, the zone the day rollup was made in) per
   * hour since local midnight, counted from the 5-minute rollup, each with its date's readings fingerprint read in the
   * same statement (one snapshot). A date with readings but no 5-minute row has one line with `hour` -1 and no rows.
   */
  async hourRowCounts(
    companyId: number,
    deviceIds: readonly number[],
    from: string,
    to: string,
    start: number,
    end: number,
    timezone: string,
  ): Promise<HourRowCount[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<HourRowCount>`
      with b as (
        select r.device_id, r.bucket, (r.bucket at time zone ${timezone})::date as day
        from readings_5min r
        where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number in (1, 2, 3)
          and r.bucket >= ${new Date(start)} and r.bucket < ${new Date(end)}
        group by r.device_id, r.bucket
      ), c as (
        select b.device_id, b.day, floor(extract(epoch from b.bucket - (b.day::timestamp at time zone ${timezone})) / 3600)::int as hour, count(*)::int as n
        from b group by 1, 2, 3
      ), f as (
        select r.device_id, r.day, sum(r.count)::float8 as readings
        from readings_day r
        where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number in (1, 2, 3)
          and r.day between ${from}::date and ${to}::date
        group by 1, 2
      )
      select f.device_id as "deviceId", f.day::text as "day", f.readings as "readings", coalesce(c.hour, -1) as "hour", coalesce(c.n, 0) as "rows"
      from f left join c on c.device_id = f.device_id and c.day = f.day`.execute(this.db);
    return result.rows;
  }

  /** Report rows of one device per shift window [starts[i], ends[i]) (shift windows do not fall on local dates). */
  async windowRowCounts(
    companyId: number,
    deviceIds: readonly number[],
    starts: readonly number[],
    ends: readonly number[],
  ): Promise<{ deviceId: number; window: number; rows: number }[]> {
    if (deviceIds.length === 0 || starts.length === 0) return [];
    const result = await sql<{ deviceId: number; window: number; rows: number }>`
      select r.device_id as "deviceId", (w.i - 1)::int as "window", count(distinct r.bucket)::int as "rows"
      from unnest(${starts.map((s) => new Date(s))}::timestamptz[], ${ends.map((e) => new Date(e))}::timestamptz[]) with ordinality as w (s, e, i)
      join readings_5min r on r.bucket >= w.s and r.bucket < w.e
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number in (1, 2, 3)
        and r.bucket >= ${new Date(Math.min(...starts))} and r.bucket < ${new Date(Math.max(...ends))}
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /** The device's report rows in [start, end) in time order, `offset` rows skipped, at most `limit` (null: all). */
  async rows(companyId: number, deviceId: number, start: number, end: number, offset: number, limit: number | null): Promise<FiveMinuteRow[]> {
    const result = await sql<FiveMinuteRow>`
      select r.device_id as "deviceId", (extract(epoch from r.bucket) * 1000)::float8 as "bucket", ${WORK_SUMS}
      from readings_5min r
      where r.company_id = ${companyId} and r.device_id = ${deviceId}::int and r.parameter_number in (1, 2, 3)
        and r.bucket >= ${new Date(start)} and r.bucket < ${new Date(end)}
      group by r.device_id, r.bucket
      order by r.bucket
      offset ${offset} ${limit === null ? sql`` : sql`limit ${limit}`}`.execute(this.db);
    return result.rows;
  }
}

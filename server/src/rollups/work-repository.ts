import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import { parseDate } from '../time/calendar.ts';
import type { RollupWindow } from './windows.ts';

/**
 * Work (1), active (2) and counter (3) read from the rollups for the device reports and the device summaries: sums
 * per date bucket, shift cell, 5-minute bucket, quarter hour or window, and the dates worked. Every query names the
 * company: ids of another company's devices simply match nothing.
 */

/** Work (1), active (2) and counter (3) sums of one device in one bucket; `readings` counts the raw readings behind them. */
export interface WorkSums {
  work: number;
  active: number;
  counter: number;
  readings: number;
}

export interface BucketSums extends WorkSums {
  bucket: number;
  deviceId: number;
}

export interface ShiftCellSums extends WorkSums {
  day: string;
  position: number;
  deviceId: number;
}

export interface FiveMinuteRow extends WorkSums {
  deviceId: number;
  /** Epoch milliseconds of the 5-minute bucket's start. */
  bucket: number;
}

export interface DeviceCount {
  deviceId: number;
  count: number;
}

/** Sums of work (1) and active (2) per device over one window. */
export interface WindowTotalRow {
  deviceId: number;
  number: number;
  sum: number;
}

// Sums of the three work parameters over rollup rows `r`, one column each, and how many readings they hold.
export const WORK_SUMS = sql`coalesce(sum(r.sum) filter (where r.parameter_number = 1), 0)::float8 as "work",
  coalesce(sum(r.sum) filter (where r.parameter_number = 2), 0)::float8 as "active",
  coalesce(sum(r.sum) filter (where r.parameter_number = 3), 0)::float8 as "counter",
  sum(r.count)::int as "readings"`;
const WORK_NUMBERS = sql`r.parameter_number in (1, 2, 3)`;

export class WorkRollupRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Sums per device and bucket of local dates from the day rollup: local days already hold 23 or 25 hours on the days
   * clocks change. Buckets are consecutive runs of dates: `firsts` are their first dates in order, `last` the period's
   * last date; `bucket` is the index into `firsts` (width_bucket finds it without joining every row to every bucket).
   */
  async dateBucketSums(companyId: number, deviceIds: readonly number[], firsts: readonly string[], last: string): Promise<BucketSums[]> {
    if (deviceIds.length === 0 || firsts.length === 0) return [];
    const result = await sql<BucketSums>`
      select (width_bucket(r.day - ${firsts[0]}::date, ${firsts.map((first) => parseDate(first) - parseDate(firsts[0]!))}::int[]) - 1)::int as "bucket",
        r.device_id as "deviceId", ${WORK_SUMS}
      from readings_day r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and ${WORK_NUMBERS}
        and r.day between ${firsts[0]}::date and ${last}::date
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /** Sums per device, date and shift position from the shift rollup (a night shift belongs to the date it starts on). */
  async shiftCellSums(companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<ShiftCellSums[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<ShiftCellSums>`
      select r.day::text as "day", r.position::int as "position", r.device_id as "deviceId", ${WORK_SUMS}
      from readings_shift r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and ${WORK_NUMBERS}
        and r.day between ${from}::date and ${to}::date
      group by 1, 2, 3`.execute(this.db);
    return result.rows;
  }

  /** The stored 5-minute buckets of the devices in [start, end), by device, then in time order. */
  async fiveMinuteRows(companyId: number, deviceIds: readonly number[], start: number, end: number): Promise<FiveMinuteRow[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<FiveMinuteRow>`
      select r.device_id as "deviceId", (extract(epoch from r.bucket) * 1000)::float8 as "bucket", ${WORK_SUMS}
      from readings_5min r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and ${WORK_NUMBERS}
        and r.bucket >= ${new Date(start)} and r.bucket < ${new Date(end)}
      group by r.device_id, r.bucket
      order by r.device_id, r.bucket`.execute(this.db);
    return result.rows;
  }

  /**
   * Work (parameter 1) per device and 15-minute slot in [start, end) from the 5-minute rollup, as two arrays per
   * device: `slots` counts quarter hours from `start`, `work` holds their sums (node-postgres parses one JSON text per
   * device far faster than a row per slot). Slots are UTC quarter hours, which are local quarter hours in every zone
   * whose offset is a multiple of 15 minutes (all of them today); `start` must be one.
   */
  async quarterHourWork(
    companyId: number,
    deviceIds: readonly number[],
    start: number,
    end: number,
  ): Promise<{ deviceId: number; slots: number[]; work: number[] }[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<{ deviceId: number; slots: number[]; work: number[] }>`
      select q.device_id as "deviceId", json_agg(q.slot) as "slots", json_agg(q.work) as "work"
      from (
        select r.device_id, floor(extract(epoch from r.bucket - ${new Date(start)}::timestamptz) / 900)::int as slot, sum(r.sum)::float8 as work
        from readings_5min r
        where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number = 1
          and r.bucket >= ${new Date(start)} and r.bucket < ${new Date(end)}
        group by 1, 2
      ) q
      group by 1`.execute(this.db);
    return result.rows;
  }

  /** Per device, the local dates from..to with work (parameter 1 above zero); the union of them in `any`. */
  async daysWorked(companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<{ perDevice: DeviceCount[]; any: number }> {
    if (deviceIds.length === 0) return { perDevice: [], any: 0 };
    const result = await sql<{ deviceId: number | null; count: number }>`
      with worked as (
        select r.device_id, r.day from readings_day r
        where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number = 1 and r.sum > 0
          and r.day between ${from}::date and ${to}::date
      )
      select device_id as "deviceId", count(*)::int as "count" from worked group by device_id
      union all
      select null, count(distinct day)::int from worked`.execute(this.db);
    return splitCounts(result.rows);
  }

  /** Work and active seconds of each device over the window (day rollup for whole dates, hour and 5-minute rollups for the rest). */
  async windowTotals(companyId: number, deviceIds: number[], window: RollupWindow): Promise<WindowTotalRow[]> {
    if (deviceIds.length === 0) return [];
    const numbers = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active];
    const [head, tail] = window.minutes;
    const result = await sql<WindowTotalRow>`
      select t."deviceId", t.number, sum(t.sum)::float8 as sum from (
        select device_id as "deviceId", parameter_number as number, sum from readings_day
        where company_id = ${companyId} and device_id = any(${deviceIds}::int[]) and parameter_number = any(${numbers}::int[])
          and day >= ${window.fromDay}::date and day < ${window.toDay}::date
        union all
        select device_id, parameter_number, sum from readings_hour
        where company_id = ${companyId} and device_id = any(${deviceIds}::int[]) and parameter_number = any(${numbers}::int[])
          and bucket >= ${window.fromHour} and bucket < ${window.toHour}
        union all
        select device_id, parameter_number, sum from readings_5min
        where company_id = ${companyId} and device_id = any(${deviceIds}::int[]) and parameter_number = any(${numbers}::int[])
          and ((bucket >= ${head[0]} and bucket < ${head[1]}) or (bucket >= ${tail[0]} and bucket < ${tail[1]}))
      ) t
      group by t."deviceId", t.number`.execute(this.db);
    return result.rows;
  }

  /** Work seconds of the devices per hour bucket in [from, to), summed over the devices (at most a month of hours). */
  async workPerHour(companyId: number, deviceIds: number[], from: Date, to: Date): Promise<{ bucket: Date; sum: number }[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<{ bucket: Date; sum: number }>`
      select bucket, sum(sum)::float8 as sum from readings_hour
      where company_id = ${companyId} and device_id = any(${deviceIds}::int[]) and parameter_number = ${PARAMETER_NUMBERS.work}
        and bucket >= ${from} and bucket < ${to}
      group by bucket`.execute(this.db);
    return result.rows;
  }
}

/** Per-device counts and the overall one (the row without a device) of a counting query. */
export function splitCounts(rows: { deviceId: number | null; count: number }[]): { perDevice: DeviceCount[]; any: number } {
  const perDevice: DeviceCount[] = [];
  let any = 0;
  for (const row of rows) {
    if (row.deviceId === null) any = row.count;
    else perDevice.push({ deviceId: row.deviceId, count: row.count });
  }
  return { perDevice, any };
}

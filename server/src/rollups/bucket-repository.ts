import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A window [start, end) of instants (epoch ms). */
export interface BucketWindow {
  start: number;
  end: number;
}

/** Local hours [fromHour, toHour) (across midnight when fromHour > toHour) and ISO weekdays a bucket must start in. */
export interface HourLimits {
  fromHour?: number | null | undefined;
  toHour?: number | null | undefined;
  workDays?: readonly number[] | null | undefined;
}

/** One 5-minute bucket of a device's battery: whether it charged, its voltage's range, whether it was active. */
export interface BatteryBucketRow {
  ms: number;
  charged: number | null;
  minVoltage: number | null;
  maxVoltage: number | null;
  /** Active seconds (parameter 2) in the bucket: whether the device was in use (the idle cycle state). */
  active: number | null;
}

export interface WindowSum {
  deviceId: number;
  parameter: number;
  /** Index into the windows passed in. */
  window: number;
  sum: number;
  count: number;
}

/**
 * Reads of the 5-minute and hour rollups by instant, for the alert engine and its preview (sums over windows, a
 * meter's value at an instant and when it reached a value) and the device page's battery cycles.
 */
export class BucketRepository {
  constructor(private readonly rollups: Kysely<DB>) {}

  /**
   * Sums of the parameters per device and window from the 5-minute rollups, counting only buckets whose local start
   * lies within the hours and ISO weekdays of `limits` (company time) when `limited`. Windows without data have no row.
   */
  async windowSums(
    deviceIds: number[],
    parameters: number[],
    windows: readonly BucketWindow[],
    timezone: string,
    limits: HourLimits,
    limited: boolean,
  ): Promise<WindowSum[]> {
    if (deviceIds.length === 0 || parameters.length === 0 || windows.length === 0) return [];
    const from = limits.fromHour ?? 0;
    const to = limits.toHour ?? 24;
    const days = limits.workDays && limits.workDays.length > 0 ? limits.workDays : null;
    const result = await sql<WindowSum>`
      select r.device_id as "deviceId", r.parameter_number as parameter, (w.i - 1)::int as window, sum(r.sum)::float8 as sum, sum(r.count)::int as count
      from unnest(${windows.map((w) => new Date(w.start).toISOString())}::timestamptz[], ${windows.map((w) => new Date(w.end).toISOString())}::timestamptz[])
        with ordinality as w (ws, we, i)
      join readings_5min r on r.device_id = any(${deviceIds}::int[]) and r.parameter_number = any(${parameters}::int[]) and r.bucket >= w.ws and r.bucket < w.we
      where not ${limited} or (
        (${days}::int[] is null or extract(isodow from r.bucket at time zone ${timezone})::int = any(${days}::int[]))
        and (case
          when ${from}::int < ${to}::int then extract(hour from r.bucket at time zone ${timezone})::int >= ${from}::int and extract(hour from r.bucket at time zone ${timezone})::int < ${to}::int
          when ${from}::int > ${to}::int then extract(hour from r.bucket at time zone ${timezone})::int >= ${from}::int or extract(hour from r.bucket at time zone ${timezone})::int < ${to}::int
          else true end))
      group by 1, 2, 3`.execute(this.rollups);
    return result.rows;
  }

  /** The device's 5-minute buckets in [start, end) for the battery cycles (charging, voltage range, activity). */
  async batteryBuckets(deviceId: number, chargingNumber: number | null, batteryNumber: number | null, start: Date, end: Date): Promise<BatteryBucketRow[]> {
    const numbers = [chargingNumber, batteryNumber].filter((n): n is number => n !== null);
    if (numbers.length === 0) return [];
    numbers.push(PARAMETER_NUMBERS.active);
    const result = await sql<BatteryBucketRow>`
      select (extract(epoch from bucket) * 1000)::float8 as ms,
        max(sum) filter (where parameter_number = ${chargingNumber ?? -1}) as charged,
        min(min) filter (where parameter_number = ${batteryNumber ?? -1}) as "minVoltage",
        max(max) filter (where parameter_number = ${batteryNumber ?? -1}) as "maxVoltage",
        sum(sum) filter (where parameter_number = ${PARAMETER_NUMBERS.active})::float8 as active
      from readings_5min
      where device_id = ${deviceId} and parameter_number = any(${numbers}::int[]) and bucket >= ${start} and bucket < ${end}
      group by bucket
      order by bucket`.execute(this.rollups);
    return result.rows;
  }

  /** A meter's ('last'-aggregated) value at an instant: its last reading at or before it, else its first after. */
  async meterAt(deviceId: number, parameter: number, at: Date): Promise<{ value: number; ts: Date } | undefined> {
    const result = await sql<{ value: number; ts: Date }>`
      (select last_value as value, last_ts as ts, 0 as o from readings_hour where device_id = ${deviceId} and parameter_number = ${parameter} and bucket <= ${at}
        order by bucket desc limit 1)
      union all
      (select last_value, last_ts, 1 from readings_hour where device_id = ${deviceId} and parameter_number = ${parameter} and bucket > ${at} order by bucket limit 1)
      order by o limit 1`.execute(this.rollups);
    return result.rows[0];
  }

  /** When the meter first reached `value` after `after` (the hour rollup's last reading of that hour), if it did. */
  async meterReached(deviceId: number, parameter: number, value: number, after: Date): Promise<Date | undefined> {
    const result = await sql<{ ts: Date }>`
      select last_ts as ts from readings_hour where device_id = ${deviceId} and parameter_number = ${parameter} and bucket >= date_trunc('hour', ${after}::timestamptz)
        and max >= ${value} order by bucket limit 1`.execute(this.rollups);
    return result.rows[0]?.ts;
  }

  /**
   * The 5-minute buckets in which each device sent anything, and whether it was active in them (parameter 2), for
   * lastsync over stored history and its preview.
   */
  async dataBuckets(deviceIds: number[], from: Date, to: Date): Promise<{ deviceId: number; bucket: Date; active: boolean }[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<{ deviceId: number; bucket: Date; active: boolean }>`
    select device_id as "deviceId", bucket, bool_or(parameter_number = ${PARAMETER_NUMBERS.active}) as active from readings_5min
    where device_id = any(${deviceIds}::int[]) and bucket >= ${from} and bucket < ${to} group by 1, 2 order by 1, 2`.execute(this.rollups);
    return result.rows;
  }
}

import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Window } from './windows.ts';
import type { TimeLimits } from './conditions.ts';

export interface ReadingPoint {
  deviceId: number;
  parameter: number;
  ts: Date;
  value: number;
}

export interface PositionPoint {
  deviceId: number;
  ts: Date;
  lat: number;
  lon: number;
  accuracy: number | null;
}

export interface SessionSpan {
  deviceId: number;
  operatorId: number | null;
  rfid: string;
  startedAt: Date;
  endedAt: Date | null;
}

export interface WindowSum {
  deviceId: number;
  parameter: number;
  /** Index into the windows passed in. */
  window: number;
  sum: number;
  count: number;
}

/** The telemetry the engine reads (raw data for arrivals, the rollups for windows), never written here. */
export class AlertDataRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async readings(deviceIds: number[], parameters: number[], from: Date, to: Date): Promise<ReadingPoint[]> {
    if (deviceIds.length === 0 || parameters.length === 0) return [];
    const result = await sql<ReadingPoint>`
      select device_id as "deviceId", parameter_number as parameter, ts, value from readings
      where device_id = any(${deviceIds}::int[]) and parameter_number = any(${parameters}::int[]) and ts >= ${from} and ts <= ${to}
      order by ts`.execute(this.db);
    return result.rows;
  }

  /** Each device's and parameter's last reading before `before` (the state a condition holds when a range starts). */
  async latestBefore(deviceIds: number[], parameters: number[], before: Date): Promise<ReadingPoint[]> {
    if (deviceIds.length === 0 || parameters.length === 0) return [];
    const result = await sql<ReadingPoint>`
      select d.id as "deviceId", p.p as parameter, r.ts, r.value
      from unnest(${deviceIds}::int[]) as d (id) cross join unnest(${parameters}::int[]) as p (p)
      cross join lateral (
        select ts, value from readings where device_id = d.id and parameter_number = p.p and ts < ${before} and ts > ${before}::timestamptz - interval '31 days'
        order by ts desc limit 1
      ) r`.execute(this.db);
    return result.rows;
  }

  async positions(deviceIds: number[], from: Date, to: Date): Promise<PositionPoint[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<PositionPoint>`
      select device_id as "deviceId", ts, lat, lon, accuracy from positions
      where device_id = any(${deviceIds}::int[]) and ts >= ${from} and ts <= ${to} order by ts`.execute(this.db);
    return result.rows;
  }

  /** Operator sessions overlapping [from, to]. */
  async sessions(deviceIds: number[], from: Date, to: Date): Promise<SessionSpan[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<SessionSpan>`
      select device_id as "deviceId", operator_id as "operatorId", rfid, started_at as "startedAt", ended_at as "endedAt" from operator_sessions
      where device_id = any(${deviceIds}::int[]) and started_at <= ${to} and (ended_at is null or ended_at >= ${from})
      order by started_at`.execute(this.db);
    return result.rows;
  }

  /**
   * Sums of the parameters per device and window from the 5-minute rollups, counting only buckets whose local start
   * lies within the condition's hours and weekdays (company time). Windows without data have no row.
   */
  async windowSums(deviceIds: number[], parameters: number[], windows: Window[], timezone: string, limits: TimeLimits, limited: boolean): Promise<WindowSum[]> {
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
      group by 1, 2, 3`.execute(this.db);
    return result.rows;
  }

  /** The latest contact of each device's modules (sensor_state), or none for a device never heard from. */
  async lastContacts(deviceIds: number[]): Promise<Map<number, Date>> {
    if (deviceIds.length === 0) return new Map();
    const result = await sql<{ deviceId: number; at: Date }>`
      select s.device_id as "deviceId", max(st.last_contact_at) as at from sensors s join sensor_state st on st.sensor_id = s.id
      where s.device_id = any(${deviceIds}::int[]) group by 1`.execute(this.db);
    return new Map(result.rows.map((row) => [row.deviceId, row.at]));
  }

  /** A meter's ('last'-aggregated) value at an instant: its last reading at or before it, else its first after. */
  async meterAt(deviceId: number, parameter: number, at: Date): Promise<{ value: number; ts: Date } | undefined> {
    const result = await sql<{ value: number; ts: Date }>`
      (select last_value as value, last_ts as ts, 0 as o from readings_hour where device_id = ${deviceId} and parameter_number = ${parameter} and bucket <= ${at}
        order by bucket desc limit 1)
      union all
      (select last_value, last_ts, 1 from readings_hour where device_id = ${deviceId} and parameter_number = ${parameter} and bucket > ${at} order by bucket limit 1)
      order by o limit 1`.execute(this.db);
    return result.rows[0];
  }

  /** When the meter first reached `value` after `after` (the hour rollup's last reading of that hour), if it did. */
  async meterReached(deviceId: number, parameter: number, value: number, after: Date): Promise<Date | undefined> {
    const result = await sql<{ ts: Date }>`
      select last_ts as ts from readings_hour where device_id = ${deviceId} and parameter_number = ${parameter} and bucket >= date_trunc('hour', ${after}::timestamptz)
        and max >= ${value} order by bucket limit 1`.execute(this.db);
    return result.rows[0]?.ts;
  }
}

/**
 * The 5-minute buckets in which each device sent anything, and whether it was active in them (parameter 2), for
 * lastsync over stored history and its preview.
 */
export async function dataBuckets(db: Kysely<DB>, deviceIds: number[], from: Date, to: Date): Promise<{ deviceId: number; bucket: Date; active: boolean }[]> {
  if (deviceIds.length === 0) return [];
  const result = await sql<{ deviceId: number; bucket: Date; active: boolean }>`
    select device_id as "deviceId", bucket, bool_or(parameter_number = ${PARAMETER_NUMBERS.active}) as active from readings_5min
    where device_id = any(${deviceIds}::int[]) and bucket >= ${from} and bucket < ${to} group by 1, 2 order by 1, 2`.execute(db);
  return result.rows;
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

/**
 * The device reports' numbers the plain way: SQL over the raw `readings` and `operator_sessions`, with
 * PostgreSQL's own time-zone arithmetic for local dates, shift windows and quarter hours. Nothing here uses the
 * rollups or the server's period planning, so the builders are checked against an independent answer.
 */

export interface RawSums {
  work: number;
  active: number;
  counter: number;
}

const SUMS = sql`coalesce(sum(r.value) filter (where r.parameter_number = 1), 0)::float8 as "work",
  coalesce(sum(r.value) filter (where r.parameter_number = 2), 0)::float8 as "active",
  coalesce(sum(r.value) filter (where r.parameter_number = 3), 0)::float8 as "counter"`;

/** Sums per device and local date: key `deviceId:YYYY-MM-DD`. */
export async function rawDaySums(db: Kysely<DB>, deviceIds: number[], from: string, to: string, tz: string): Promise<Map<string, RawSums>> {
  const result = await sql<RawSums & { key: string }>`
    select r.device_id || ':' || (r.ts at time zone ${tz})::date::text as "key", ${SUMS}
    from readings r
    where r.device_id = any(${deviceIds}::int[]) and r.parameter_number in (1, 2, 3)
      and (r.ts at time zone ${tz})::date between ${from}::date and ${to}::date
    group by 1`.execute(db);
  return new Map(result.rows.map((row) => [row.key, row]));
}

/**
 * Sums per device, date and shift: the shift window [date + start hour, (next date when it ends at or before its
 * start) + end hour) in local time. Key `deviceId:YYYY-MM-DD:position`.
 */
export async function rawShiftSums(
  db: Kysely<DB>,
  companyId: number,
  deviceIds: number[],
  from: string,
  to: string,
  tz: string,
): Promise<Map<string, RawSums>> {
  const result = await sql<RawSums & { key: string }>`
    with windows as (
      select d::date as day, s.position,
        (d::date + make_interval(hours => s.hour_start::int))::timestamp at time zone ${tz} as starts,
        ((case when s.hour_end <= s.hour_start then d::date + 1 else d::date end) + make_interval(hours => s.hour_end::int))::timestamp at time zone ${tz} as ends
      from generate_series(${from}::date, ${to}::date, interval '1 day') d cross join production_shifts s where s.company_id = ${companyId}
    )
    select r.device_id || ':' || w.day::text || ':' || w.position as "key", ${SUMS}
    from readings r join windows w on r.ts >= w.starts and r.ts < w.ends
    where r.device_id = any(${deviceIds}::int[]) and r.parameter_number in (1, 2, 3)
    group by 1`.execute(db);
  return new Map(result.rows.map((row) => [row.key, row]));
}

export interface RawDetailRow extends RawSums {
  time: string;
  operator: string | null;
}

/** One device's 5-minute buckets with readings on the local dates from..to, with the operator whose session holds the bucket's start. */
export async function rawDetailRows(db: Kysely<DB>, deviceId: number, from: string, to: string, tz: string): Promise<RawDetailRow[]> {
  const result = await sql<RawDetailRow>`
    with buckets as (
      select date_bin('5 minutes', r.ts, timestamptz '2000-01-01 00:00:00+00') as bucket, ${SUMS}
      from readings r
      where r.device_id = ${deviceId} and r.parameter_number in (1, 2, 3)
        and r.ts >= (${from}::date::timestamp at time zone ${tz}) and r.ts < ((${to}::date + 1)::timestamp at time zone ${tz})
      group by 1
    )
    select to_char(b.bucket at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI') as "time", b.work, b.active, b.counter,
      (select coalesce(o.lastname || ' ' || o.firstname, s.rfid) from operator_sessions s left join operators o on o.id = s.operator_id
        where s.device_id = ${deviceId} and s.started_at <= b.bucket and (s.ended_at is null or s.ended_at > b.bucket)) as "operator"
    from buckets b order by b.bucket`.execute(db);
  return result.rows;
}

/** The quarter hours of a local date (wall clock `HH:MI` and the UTC offset) and each device's raw work in them. */
export async function rawQuarterHours(
  db: Kysely<DB>,
  deviceIds: number[],
  day: string,
  tz: string,
): Promise<{ clock: string; offset: string; work: Record<number, number> }[]> {
  const result = await sql<{ clock: string; offset: string; work: Record<number, number> | null }>`
    with slots as (
      select s, to_char(s at time zone ${tz}, 'HH24:MI') as clock,
        to_char((s at time zone ${tz}) - (s at time zone 'UTC'), 'HH24:MI') as "offset"
      from generate_series(${day}::date::timestamp at time zone ${tz}, (${day}::date + 1)::timestamp at time zone ${tz} - interval '1 second', interval '15 minutes') s
    )
    select sl.clock, sl.offset as "offset",
      (select json_object_agg(r.device_id, r.total) from (
        select r.device_id, sum(r.value)::float8 as total from readings r
        where r.device_id = any(${deviceIds}::int[]) and r.parameter_number = 1 and r.ts >= sl.s and r.ts < sl.s + interval '15 minutes'
        group by r.device_id) r) as "work"
    from slots sl order by sl.s`.execute(db);
  return result.rows.map((row) => ({ clock: row.clock, offset: row.offset, work: row.work ?? {} }));
}

/** Local dates with raw work above zero, per device, and the distinct known operators whose sessions overlap the period. */
export async function rawWorkedDaysAndOperators(
  db: Kysely<DB>,
  deviceIds: number[],
  from: string,
  to: string,
  tz: string,
): Promise<{ days: Map<number, Set<string>>; operators: Map<number, Set<number>> }> {
  const days = await sql<{ deviceId: number; day: string }>`
    select r.device_id as "deviceId", (r.ts at time zone ${tz})::date::text as "day"
    from readings r where r.device_id = any(${deviceIds}::int[]) and r.parameter_number = 1
      and (r.ts at time zone ${tz})::date between ${from}::date and ${to}::date
    group by 1, 2 having sum(r.value) > 0`.execute(db);
  const operators = await sql<{ deviceId: number; operatorId: number }>`
    select distinct s.device_id as "deviceId", s.operator_id as "operatorId" from operator_sessions s
    where s.device_id = any(${deviceIds}::int[]) and s.operator_id is not null
      and s.started_at < ((${to}::date + 1)::timestamp at time zone ${tz})
      and (s.ended_at is null or s.ended_at > (${from}::date::timestamp at time zone ${tz}))`.execute(db);
  const byDevice = <T>(rows: { deviceId: number }[], value: (row: never) => T) => {
    const map = new Map<number, Set<T>>();
    for (const row of rows) {
      if (!map.has(row.deviceId)) map.set(row.deviceId, new Set());
      map.get(row.deviceId)!.add(value(row as never));
    }
    return map;
  };
  return { days: byDevice(days.rows, (row: { day: string }) => row.day), operators: byDevice(operators.rows, (row: { operatorId: number }) => row.operatorId) };
}

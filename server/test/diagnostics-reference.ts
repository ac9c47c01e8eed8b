import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DiagnosticsInterval } from '@gearwatch/contracts';
import type { DB } from '../src/db/schema.ts';

/**
 * The diagnostics aggregations done the plain way, in SQL over the raw `readings` table and the company's shifts,
 * with PostgreSQL's own time-zone arithmetic for the buckets — the reference the rollup answers are checked against.
 * Nothing here uses the server's planning code.
 */

export interface ReferenceCell {
  /** Category index (dates for shifts). */
  idx: number;
  /** Shift position, or null for the whole date (shifts only); null for the time intervals. */
  position: number | null;
  deviceId: number;
  number: number;
  sum: number;
  avg: number;
  min: number;
  max: number;
  last: number;
}

export interface ReferenceAnswer {
  categories: string[];
  cells: ReferenceCell[];
}

const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/** Categories with their index, and the expression that puts a reading (alias r) into one. */
function categoriesOf(
  interval: Exclude<DiagnosticsInterval, 'shifts'>,
  from: string,
  to: string,
  tz: string,
): { table: RawBuilder<unknown>; match: RawBuilder<unknown> } {
  const start = sql`(${from}::date::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  if (interval === '5min' || interval === 'hour') {
    const step = interval === '5min' ? sql`interval '5 minutes'` : sql`interval '1 hour'`;
    return {
      table: sql`(select b as key, to_char(b at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as label, (row_number() over (order by b) - 1)::int as idx
        from generate_series(date_bin(${step}, ${start}, ${ORIGIN}), ${end} - interval '1 microsecond', ${step}) b)`,
      match: sql`date_bin(${step}, r.ts, ${ORIGIN}) = c.key`,
    };
  }
  const width = interval === 'day' ? 'YYYY-MM-DD' : interval === 'month' ? 'YYYY-MM' : 'YYYY';
  return {
    table: sql`(select label, label as key, (row_number() over (order by label) - 1)::int as idx from (
        select distinct to_char(d, ${width}) as label from generate_series(${from}::date, ${to}::date, interval '1 day') d) labels)`,
    match: sql`to_char((r.ts at time zone ${tz})::date, ${width}) = c.key and (r.ts at time zone ${tz})::date between ${from}::date and ${to}::date`,
  };
}

const AGGREGATES = sql`sum(r.value)::float8 as "sum", avg(r.value)::float8 as "avg", min(r.value) as "min", max(r.value) as "max",
  (array_agg(r.value order by r.ts desc))[1] as "last"`;

export async function referenceAnswer(
  db: Kysely<DB>,
  query: { interval: DiagnosticsInterval; from: string; to: string; timezone: string; companyId: number; deviceIds: number[]; numbers: number[] },
): Promise<ReferenceAnswer> {
  const { from, to, timezone: tz, deviceIds, numbers } = query;
  if (query.interval === 'shifts') return referenceShifts(db, query);
  const { table, match } = categoriesOf(query.interval, from, to, tz);
  const categories = await sql<{ label: string }>`select label from ${table} c order by idx`.execute(db);
  const cells = await sql<ReferenceCell>`
    select c.idx, null::int as position, r.device_id as "deviceId", r.parameter_number as "number", ${AGGREGATES}
    from readings r join ${table} c on ${match}
    where r.device_id = any(${deviceIds}::int[]) and r.parameter_number = any(${numbers}::int[])
    group by c.idx, r.device_id, r.parameter_number`.execute(db);
  return { categories: categories.rows.map((c) => c.label), cells: cells.rows };
}

/** Shift windows: [date + start hour, (next date if it ends at or before its start) + end hour) in local time. */
async function referenceShifts(
  db: Kysely<DB>,
  query: { from: string; to: string; timezone: string; companyId: number; deviceIds: number[]; numbers: number[] },
): Promise<ReferenceAnswer> {
  const { from, to, timezone: tz, deviceIds, numbers } = query;
  const days = sql`(select d::date as d, (row_number() over (order by d) - 1)::int as idx from generate_series(${from}::date, ${to}::date, interval '1 day') d)`;
  const windows = sql`(select days.idx, s.position,
      (days.d + make_interval(hours => s.hour_start::int))::timestamp at time zone ${tz} as starts,
      ((case when s.hour_end <= s.hour_start then days.d + 1 else days.d end) + make_interval(hours => s.hour_end::int))::timestamp at time zone ${tz} as ends
    from ${days} days cross join production_shifts s where s.company_id = ${query.companyId})`;
  const categories = await sql<{ d: string }>`select d::text as d from ${days} days order by idx`.execute(db);
  const filter = sql`r.device_id = any(${deviceIds}::int[]) and r.parameter_number = any(${numbers}::int[])`;
  const cells = await sql<ReferenceCell>`
    with hits as (
      select w.idx, w.position, r.device_id, r.parameter_number, r.ts, r.value
      from readings r join ${windows} w on r.ts >= w.starts and r.ts < w.ends
      where ${filter}
    )
    select r.idx, r.position::int as position, r.device_id as "deviceId", r.parameter_number as "number", ${AGGREGATES}
    from hits r group by r.idx, r.position, r.device_id, r.parameter_number
    union all
    select r.idx, null, r.device_id, r.parameter_number, ${AGGREGATES}
    from (select distinct idx, device_id, parameter_number, ts, value from hits) r
    group by r.idx, r.device_id, r.parameter_number`.execute(db);
  return { categories: categories.rows.map((c) => c.d), cells: cells.rows };
}

/**
 * Operator work (1) and active (2) the plain way: every raw reading of a device whose 5-minute bucket starts inside
 * one of the operator's sessions on that device, each reading once per operator, summed per category.
 */
export async function referenceOperators(
  db: Kysely<DB>,
  query: { interval: Exclude<DiagnosticsInterval, 'shifts'>; from: string; to: string; timezone: string; operatorIds: number[] },
): Promise<{ categories: string[]; cells: { idx: number; operatorId: number; number: number; sum: number }[] }> {
  const { table, match } = categoriesOf(query.interval, query.from, query.to, query.timezone);
  const categories = await sql<{ label: string }>`select label from ${table} c order by idx`.execute(db);
  const cells = await sql<{ idx: number; operatorId: number; number: number; sum: number }>`
    with hits as (
      select distinct s.operator_id, r.device_id, r.parameter_number, r.ts, r.value
      from readings r join operator_sessions s on s.device_id = r.device_id
        and date_bin(interval '5 minutes', r.ts, ${ORIGIN}) >= s.started_at
        and (s.ended_at is null or date_bin(interval '5 minutes', r.ts, ${ORIGIN}) < s.ended_at)
      where s.operator_id = any(${query.operatorIds}::int[]) and r.parameter_number in (1, 2)
    )
    select c.idx, r.operator_id as "operatorId", r.parameter_number as "number", sum(r.value)::float8 as "sum"
    from hits r join ${table} c on ${match}
    group by c.idx, r.operator_id, r.parameter_number`.execute(db);
  return { categories: categories.rows.map((c) => c.label), cells: cells.rows };
}

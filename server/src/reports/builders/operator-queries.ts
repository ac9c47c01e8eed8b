import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ReportWindow } from './report-windows.ts';

/**
 * Read SQL of the operator reports: the company's operators, their RFID card sessions cut into report windows, and
 * the work and activity of those sessions. Every query is limited to one company, so another company's operators,
 * groups and sessions never appear, whatever ids were asked for.
 */

export interface ReportOperator {
  id: number;
  firstname: string;
  lastname: string;
}

/** One session's part in one window: how long the card was in the reader there. */
export interface CardSlice {
  sessionId: number;
  operatorId: number;
  deviceId: number;
  window: number;
  seconds: number;
}

/** One session's work and activity in one window (null: no reading of that parameter). */
export interface WorkSlice {
  sessionId: number;
  operatorId: number;
  deviceId: number;
  window: number;
  work: number | null;
  active: number | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The windows as a relation `w(idx, starts, ends, first_day, last_day)`. */
function windowsRelation(windows: readonly ReportWindow[]): RawBuilder<unknown> {
  return sql`unnest(${windows.map((w) => w.index)}::int[], ${windows.map((w) => w.start.toISOString())}::timestamptz[],
    ${windows.map((w) => w.end.toISOString())}::timestamptz[], ${windows.map((w) => w.firstDay)}::date[], ${windows.map((w) => w.lastDay)}::date[])
    as w(idx, starts, ends, first_day, last_day)`;
}

function spanOf(windows: readonly ReportWindow[]): { start: Date; end: Date } {
  return { start: new Date(Math.min(...windows.map((w) => w.start.getTime()))), end: new Date(Math.max(...windows.map((w) => w.end.getTime()))) };
}

/**
 * The card slices (`OperatorReportQueries.cardSlices`), those of no time included. Each session is matched only with
 * the windows starting on the UTC dates its span can meet (a window meets it when it starts less than the longest
 * window's length before the session starts), by a hash join on that date. A range join of the sessions with the
 * windows re-read the operators' earlier sessions for every window: 20,000 buffer reads and 17 ms against 29 and 5 ms
 * (EXPLAIN ANALYZE, a month by day of 3,000 sessions, docs/performance.md 2026-11-27).
 */
function cardSliceQuery(companyId: number, operatorIds: readonly number[], windows: readonly ReportWindow[], now: Date): RawBuilder<CardSlice> {
  const { start, end } = spanOf(windows);
  const longest = Math.max(...windows.map((w) => w.end.getTime() - w.start.getTime())) / 1000;
  const until = sql`coalesce(s.ended_at, ${now.toISOString()}::timestamptz)`;
  // A second's margin each side: the dates are a superset, the join's own conditions decide.
  const firstDate = sql`floor(greatest(extract(epoch from s.started_at)::float8 - ${longest + 1}, ${start.getTime() / 1000 - 1}) / 86400)::int`;
  const lastDate = sql`floor(least(extract(epoch from ${until})::float8, ${end.getTime() / 1000}) / 86400 + ${1 / 86400})::int`;
  return sql<CardSlice>`
    select s.id::int8::float8 as "sessionId", s.operator_id as "operatorId", s.device_id as "deviceId", w.idx as "window",
      extract(epoch from least(${until}, w.ends) - greatest(s.started_at, w.starts))::float8 as "seconds"
    from operator_sessions s
    cross join lateral generate_series(${firstDate}, ${lastDate}) as k(utc_date)
    join unnest(${windows.map((w) => w.index)}::int[], ${windows.map((w) => Math.floor(w.start.getTime() / DAY_MS))}::int[],
      ${windows.map((w) => w.start.toISOString())}::timestamptz[], ${windows.map((w) => w.end.toISOString())}::timestamptz[]) as w(idx, utc_date, starts, ends)
      on w.utc_date = k.utc_date and s.started_at < w.ends and ${until} > w.starts
    where s.company_id = ${companyId} and s.operator_id = any(${[...operatorIds]}::int[])
      and s.started_at < ${end.toISOString()}::timestamptz and (s.ended_at is null or s.ended_at > ${start.toISOString()}::timestamptz)`;
}

/**
 * Work (1) and activity (2) of each session in each window. A 5-minute bucket counts for the session its start lies
 * in and the window its start lies in (as the session rollups of migrations 006/007 count it). Read from the
 * per-session days when every window is whole local dates, from the per-session hours when every window starts and
 * ends on a UTC hour (shifts in a whole-hour zone), otherwise from the 5-minute rollup inside the sessions.
 */
function workSliceQuery(companyId: number, operatorIds: readonly number[], windows: readonly ReportWindow[]): RawBuilder<WorkSlice> {
  const { start, end } = spanOf(windows);
  const [from, to] = [
    windows.map((w) => w.firstDay).sort()[0]!,
    windows
      .map((w) => w.lastDay)
      .sort()
      .at(-1)!,
  ];
  const sessions = sql`s.company_id = ${companyId} and s.operator_id = any(${[...operatorIds]}::int[])
    and s.started_at < ${end.toISOString()}::timestamptz and (s.ended_at is null or s.ended_at > ${start.toISOString()}::timestamptz)`;
  const columns = sql`s.id::int8::float8 as "sessionId", s.operator_id as "operatorId", s.device_id as "deviceId", w.idx as "window"`;
  if (windows.every((w) => w.shift === null)) {
    return sql<WorkSlice>`
      select ${columns}, sum(d.work)::float8 as "work", sum(d.active)::float8 as "active"
      from operator_sessions s
      join operator_session_days d on d.session_id = s.id and d.company_id = ${companyId} and d.day >= ${from}::date and d.day <= ${to}::date
      join (select w.idx, day::date as day from ${windowsRelation(windows)}, generate_series(w.first_day, w.last_day, interval '1 day') as day) w on w.day = d.day
      where ${sessions}
      group by 1, 2, 3, 4`;
  }
  if (windows.every((w) => w.start.getTime() % HOUR_MS === 0 && w.end.getTime() % HOUR_MS === 0)) {
    return sql<WorkSlice>`
      select ${columns}, sum(h.work)::float8 as "work", sum(h.active)::float8 as "active"
      from operator_sessions s
      join operator_session_hours h on h.session_id = s.id and h.company_id = ${companyId}
        and h.hour >= ${start.toISOString()}::timestamptz and h.hour < ${end.toISOString()}::timestamptz
      join ${windowsRelation(windows)} on h.hour >= w.starts and h.hour < w.ends
      where ${sessions}
      group by 1, 2, 3, 4`;
  }
  return sql<WorkSlice>`
    select ${columns}, sum(r.sum) filter (where r.parameter_number = 1)::float8 as "work", sum(r.sum) filter (where r.parameter_number = 2)::float8 as "active"
    from operator_sessions s
    join readings_5min r on r.company_id = s.company_id and r.device_id = s.device_id and r.parameter_number in (1, 2)
      and r.bucket >= s.started_at and r.bucket < coalesce(s.ended_at, 'infinity'::timestamptz)
      and r.bucket >= ${start.toISOString()}::timestamptz and r.bucket < ${end.toISOString()}::timestamptz
    join ${windowsRelation(windows)} on r.bucket >= w.starts and r.bucket < w.ends
    where ${sessions}
    group by 1, 2, 3, 4`;
}

export class OperatorReportQueries {
  constructor(private readonly db: Kysely<DB>) {}

  /** Operators asked for by id (in that order), then the members of the groups (by name); each once, of the company only. */
  async operators(companyId: number, ids: readonly number[], groupIds: readonly number[]): Promise<ReportOperator[]> {
    const named =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('operators')
            .select(['id', 'firstname', 'lastname'])
            .where('company_id', '=', companyId)
            .where('id', 'in', [...ids])
            .execute();
    const grouped =
      groupIds.length === 0
        ? []
        : await this.db
            .selectFrom('operators')
            .select(['id', 'firstname', 'lastname'])
            .where('company_id', '=', companyId)
            .where('operator_group_id', 'in', [...groupIds])
            .orderBy(sql`lower(lastname)`)
            .orderBy(sql`lower(firstname)`)
            .orderBy('id')
            .execute();
    const byId = new Map(named.map((o) => [o.id, o]));
    const seen = new Set<number>();
    return [...ids.flatMap((id) => byId.get(id) ?? []), ...grouped].filter((o) => !seen.has(o.id) && seen.add(o.id));
  }

  /**
   * The card time of each session in each window it overlaps: the session's span clipped to the window. A session
   * still open counts until `now` (the card is still in the reader).
   */
  async cardSlices(companyId: number, operatorIds: readonly number[], windows: readonly ReportWindow[], now: Date): Promise<CardSlice[]> {
    if (operatorIds.length === 0 || windows.length === 0) return [];
    const result = await cardSliceQuery(companyId, operatorIds, windows, now).execute(this.db);
    return result.rows.filter((r) => r.seconds > 0);
  }

  /** Work (1) and activity (2) of each session in each window (`workSliceQuery`). */
  async workSlices(companyId: number, operatorIds: readonly number[], windows: readonly ReportWindow[]): Promise<WorkSlice[]> {
    if (operatorIds.length === 0 || windows.length === 0) return [];
    return (await workSliceQuery(companyId, operatorIds, windows).execute(this.db)).rows;
  }

  /**
   * The devices each operator has a row on in each window: those with card time (`cardSlices`) or with work
   * (`workSlices`) there, as the builder makes a row of either. Two grouped statements, run side by side on the pool.
   */
  async rowDevices(
    companyId: number,
    operatorIds: readonly number[],
    windows: readonly ReportWindow[],
    now: Date,
  ): Promise<{ operatorId: number; window: number; deviceIds: number[] }[]> {
    if (operatorIds.length === 0 || windows.length === 0) return [];
    const grouped = (slices: RawBuilder<unknown>, having: RawBuilder<unknown>) =>
      sql<{ operatorId: number; window: number; deviceIds: number[] }>`
        select k."operatorId", k."window", array_agg(distinct k."deviceId") as "deviceIds" from (${slices}) k where ${having} group by 1, 2`.execute(this.db);
    const [cards, works] = await Promise.all([
      grouped(cardSliceQuery(companyId, operatorIds, windows, now), sql`k."seconds" > 0`),
      grouped(workSliceQuery(companyId, operatorIds, windows), sql`true`),
    ]);
    const units = new Map<string, { operatorId: number; window: number; deviceIds: number[] }>();
    for (const unit of [...cards.rows, ...works.rows]) {
      const key = `${unit.operatorId}:${unit.window}`;
      const known = units.get(key);
      if (known) known.deviceIds = [...new Set([...known.deviceIds, ...unit.deviceIds])];
      else units.set(key, { ...unit });
    }
    return [...units.values()];
  }

  /** The company's devices among `ids` with their names and the names of their groups ("unit"), by name. */
  async devices(companyId: number, ids: readonly number[]): Promise<Map<number, { name: string; unit: string }>> {
    if (ids.length === 0) return new Map();
    const result = await sql<{ id: number; name: string; unit: string | null }>`
      select d.id, d.name, (select string_agg(g.name, ', ' order by lower(g.name), g.id) from device_group_devices gd
        join device_groups g on g.id = gd.device_group_id and g.company_id = d.company_id where gd.device_id = d.id) as "unit"
      from devices d where d.company_id = ${companyId} and d.id = any(${[...ids]}::int[])`.execute(this.db);
    return new Map(result.rows.map((r) => [r.id, { name: r.name, unit: r.unit ?? '' }]));
  }
}

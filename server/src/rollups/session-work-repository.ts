import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A window a reading is counted in: whole local dates firstDay..lastDay of the company, or (with a shift) the instants
 * of a production shift, which need not be whole dates. `index` names the window in the answer.
 */
export interface DatedWindow {
  index: number;
  firstDay: string;
  lastDay: string;
  start: Date;
  end: Date;
  shift: object | null;
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

/** The windows as a relation `w(idx, starts, ends, first_day, last_day)`. */
function windowsRelation(windows: readonly DatedWindow[]): RawBuilder<unknown> {
  return sql`unnest(${windows.map((w) => w.index)}::int[], ${windows.map((w) => w.start.toISOString())}::timestamptz[],
    ${windows.map((w) => w.end.toISOString())}::timestamptz[], ${windows.map((w) => w.firstDay)}::date[], ${windows.map((w) => w.lastDay)}::date[])
    as w(idx, starts, ends, first_day, last_day)`;
}

/** The instants from the first window's start to the last one's end. */
export function windowsSpan(windows: readonly DatedWindow[]): { start: Date; end: Date } {
  return { start: new Date(Math.min(...windows.map((w) => w.start.getTime()))), end: new Date(Math.max(...windows.map((w) => w.end.getTime()))) };
}

/**
 * Work (1) and activity (2) of each session in each window. A 5-minute bucket counts for the session its start lies
 * in and the window its start lies in (as the session rollups of migrations 006/007 count it). Read from the
 * per-session days when every window is whole local dates, from the per-session hours when every window starts and
 * ends on a UTC hour (shifts in a whole-hour zone), otherwise from the 5-minute rollup inside the sessions.
 */
export function sessionWorkQuery(companyId: number, operatorIds: readonly number[], windows: readonly DatedWindow[]): RawBuilder<WorkSlice> {
  const { start, end } = windowsSpan(windows);
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

/** Work and activity of operators' card sessions per window, from the session rollups kept by ingest. */
export class SessionWorkRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Work (1) and activity (2) of each session in each window (`sessionWorkQuery`). */
  async workSlices(companyId: number, operatorIds: readonly number[], windows: readonly DatedWindow[]): Promise<WorkSlice[]> {
    if (operatorIds.length === 0 || windows.length === 0) return [];
    return (await sessionWorkQuery(companyId, operatorIds, windows).execute(this.db)).rows;
  }
}

import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { sessionWorkQuery, windowsSpan } from '../../../rollups/session-work-repository.ts';
import type { ReportWindow } from '../report-windows.ts';

/**
 * Read SQL of the operator reports: the company's operators and their RFID card sessions cut into report windows (the
 * work and activity of those sessions is read from the session rollups, rollups/session-work-repository.ts). Every query is limited to one company, so another company's operators,
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

const DAY_MS = 86_400_000;

/**
 * The card slices (`OperatorReportRepository.cardSlices`), those of no time included. Each session is matched only with
 * the windows starting on the UTC dates its span can meet (a window meets it when it starts less than the longest
 * window's length before the session starts), by a hash join on that date. A range join of the sessions with the
 * windows re-read the operators' earlier sessions for every window: 20,000 buffer reads and 17 ms against 29 and 5 ms
 * (EXPLAIN ANALYZE, a month by day of 3,000 sessions, docs/performance.md 2026-11-27).
 */
function cardSliceQuery(companyId: number, operatorIds: readonly number[], windows: readonly ReportWindow[], now: Date): RawBuilder<CardSlice> {
  const { start, end } = windowsSpan(windows);
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

export class OperatorReportRepository {
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

  /**
   * The devices each operator has a row on in each window: those with card time (`cardSlices`) or with work
   * (rollups/session-work-repository.ts) there, as the builder makes a row of either. Two grouped statements, run side by side on the pool.
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
      grouped(sessionWorkQuery(companyId, operatorIds, windows), sql`true`),
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

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Work and active seconds summed over sessions' local dates; null when no reading of the parameter fell in. */
export interface WorkTimeSums {
  work: number | null;
  active: number | null;
}

/** Today's sums over an operator group's operators (null as in WorkTimeSums). */
export interface GroupTodaySums extends WorkTimeSums {
  groupId: number;
}

/**
 * Reads of the card sessions' day rollup (operator_session_days, kept by ingest, migration 006) for the lists and
 * pages that show a session's, an operator's or an operator group's work: what they sum, without reading the
 * 5-minute rollup again.
 */
export class SessionRollupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Each session's work and active over all its local dates, by session id (sessions without a day are absent). */
  async sessionTotals(sessionIds: readonly number[]): Promise<Map<number, WorkTimeSums>> {
    if (sessionIds.length === 0) return new Map();
    const result = await sql<WorkTimeSums & { sessionId: number }>`
      select d.session_id::int8::float8 as "sessionId", sum(d.work)::float8 as work, sum(d.active)::float8 as active
      from operator_session_days d
      where d.session_id = any(${[...sessionIds]}::int8[])
      group by d.session_id`.execute(this.db);
    return new Map(result.rows.map(({ sessionId, work, active }) => [Number(sessionId), { work, active }]));
  }

  /**
   * The operator's work and active summed over each span of local dates (from..to, both included), in the order
   * given. Only sessions still open at `since` (the start of the earliest span) can hold such days, so older ones are
   * not read.
   */
  async operatorSpanSums(companyId: number, operatorId: number, spans: { from: string; to: string }[], since: Date): Promise<WorkTimeSums[]> {
    if (spans.length === 0) return [];
    const earliest = spans.reduce((min, span) => (span.from < min ? span.from : min), spans[0]!.from);
    const result = await sql<WorkTimeSums & { i: number }>`
      with days as (
        select d.day, d.work, d.active
        from operator_sessions s
        join operator_session_days d on d.session_id = s.id and d.day >= ${earliest}::date
        where s.operator_id = ${operatorId}::int and s.company_id = ${companyId}::int and (s.ended_at is null or s.ended_at > ${since}::timestamptz)
      )
      select w.i::int as i, sum(x.work)::float8 as work, sum(x.active)::float8 as active
      from unnest(${spans.map((span) => span.from)}::date[], ${spans.map((span) => span.to)}::date[]) with ordinality as w (from_day, to_day, i)
      left join days x on x.day between w.from_day and w.to_day
      group by w.i
      order by w.i`.execute(this.db);
    return result.rows.map(({ work, active }) => ({ work, active }));
  }

  /**
   * Work and active summed over each operator group's operators for its company's local date at `now`, in one query
   * for a page's groups. Today starts at most 25 hours before now (a day clocks go back), so sessions that ended
   * before that are not read.
   */
  async operatorGroupsToday(groupIds: readonly number[], now: Date): Promise<GroupTodaySums[]> {
    if (groupIds.length === 0) return [];
    const result = await sql<GroupTodaySums>`
      select o.operator_group_id as "groupId", sum(d.work)::float8 as work, sum(d.active)::float8 as active
      from operators o
      join companies c on c.id = o.company_id
      join operator_sessions s on s.operator_id = o.id and s.company_id = o.company_id
        and (s.ended_at is null or s.ended_at > ${now}::timestamptz - interval '25 hours')
      join operator_session_days d on d.session_id = s.id and d.day = (${now}::timestamptz at time zone c.timezone)::date
      where o.operator_group_id = any(${[...groupIds]}::int[])
      group by o.operator_group_id`.execute(this.db);
    return result.rows;
  }
}

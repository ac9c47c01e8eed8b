import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { TimeInterval } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../auth/context.ts';

export interface OperatorSubject {
  id: number;
  firstname: string;
  lastname: string;
  companyId: number;
  timezone: string;
}

export interface OperatorActivityRow {
  operatorId: number;
  number: number;
  /** The category key, as TimePlan.index has it. */
  key: string;
  sum: number;
}

/**
 * The category key of a 5-minute bucket per interval. 5 minutes and hours are UTC-aligned buckets (keyed by their
 * start); days, months and years are the company's local calendar, as the day rollup has them.
 */
function keyOf(interval: TimeInterval, timezone: string) {
  switch (interval) {
    case '5min':
      return sql`h.bucket`;
    case 'hour':
      return sql`date_bin('1 hour', h.bucket, ${HOUR_ORIGIN})`;
    case 'day':
      return sql`((h.bucket at time zone ${timezone})::date)::text`;
    case 'month':
      return sql`to_char(h.bucket at time zone ${timezone}, 'YYYY-MM')`;
    case 'year':
      return sql`to_char(h.bucket at time zone ${timezone}, 'YYYY')`;
  }
}

const HOUR_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

const OPERATOR_COLUMNS = ['operators.id', 'operators.firstname', 'operators.lastname', 'operators.company_id as companyId', 'companies.timezone'] as const;

/** Operators, their groups, and the work and activity of their sessions. */
export class OperatorActivityRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findOperators(scope: TenantScope, ids: number[]): Promise<OperatorSubject[]> {
    if (ids.length === 0) return [];
    let query = this.db.selectFrom('operators').innerJoin('companies', 'companies.id', 'operators.company_id').select(OPERATOR_COLUMNS).where('operators.id', 'in', ids);
    if (scope.kind === 'company') query = query.where('operators.company_id', '=', scope.companyId);
    return query.execute();
  }

  /** The visible groups among `groupIds` (in id order), each with its operators by name. */
  async groupsWithOperators(scope: TenantScope, groupIds: number[]): Promise<{ id: number; operators: OperatorSubject[] }[]> {
    if (groupIds.length === 0) return [];
    let groups = this.db.selectFrom('operator_groups').select('id').where('id', 'in', groupIds).orderBy('id');
    if (scope.kind === 'company') groups = groups.where('company_id', '=', scope.companyId);
    const found = (await groups.execute()).map((g) => g.id);
    if (found.length === 0) return [];
    const members = await this.db
      .selectFrom('operators')
      .innerJoin('companies', 'companies.id', 'operators.company_id')
      .select([...OPERATOR_COLUMNS, 'operators.operator_group_id as groupId'])
      .where('operators.operator_group_id', 'in', found)
      .orderBy(sql`lower(operators.firstname)`)
      .orderBy(sql`lower(operators.lastname)`)
      .orderBy('operators.id')
      .execute();
    return found.map((id) => ({ id, operators: members.filter((m) => m.groupId === id).map(({ groupId: _groupId, ...operator }) => operator) }));
  }

  /**
   * Work (1) and active (2) of the operators' sessions per local date, month or year of their company, from
   * operator_session_days (kept by ingest, migration 006): what `activity` computes, without reading the rollups.
   */
  async dailyActivity(companyIds: number[], operatorIds: number[], grouping: 'day' | 'month' | 'year', from: string, to: string): Promise<OperatorActivityRow[]> {
    if (operatorIds.length === 0) return [];
    const key = grouping === 'day' ? sql`d.day::text` : grouping === 'month' ? sql`to_char(d.day, 'YYYY-MM')` : sql`to_char(d.day, 'YYYY')`;
    const result = await sql<OperatorActivityRow>`
      select s.operator_id as "operatorId", n.number, ${key} as "key", sum(n.value)::float8 as "sum"
      from operator_sessions s
      join operator_session_days d on d.session_id = s.id and d.day >= ${from}::date and d.day <= ${to}::date
      cross join lateral (values (${PARAMETER_NUMBERS.work}::int, d.work), (${PARAMETER_NUMBERS.active}::int, d.active)) as n(number, value)
      where s.operator_id = any(${operatorIds}::int[]) and s.company_id = any(${companyIds}::int[])
        and s.started_at < (${to}::date + 2)::timestamp and (s.ended_at is null or s.ended_at > (${from}::date - 1)::timestamp)
        and n.value is not null
      group by 1, 2, 3`.execute(this.db);
    return result.rows;
  }

  /**
   * Work (1) and active (2) of each operator's devices during the operator's sessions, summed per category. A
   * 5-minute bucket counts for a session when its start lies in [started_at, ended_at) (an open session runs on).
   * A device's sessions never overlap (each card ends the previous one), so no bucket counts twice.
   *
   * With `wholeHours` (any interval but 5 minutes, and for days, months and years a timezone whose offsets are whole
   * hours, so an hour bucket lies in one category) the whole UTC hours inside a session are read from the hour rollup
   * and only the partial hours at its two ends from the 5-minute rollup: a month of a group's shifts is then ~10×
   * fewer rows than all of its 5-minute buckets.
   */
  async activity(
    companyIds: number[],
    operatorIds: number[],
    interval: TimeInterval,
    timezone: string,
    start: Date,
    end: Date,
    wholeHours: boolean,
  ): Promise<OperatorActivityRow[]> {
    if (operatorIds.length === 0) return [];
    const key = keyOf(interval, timezone);
    const numbers = sql`r.parameter_number in (${PARAMETER_NUMBERS.work}, ${PARAMETER_NUMBERS.active}) and r.company_id = any(${companyIds}::int[])`;
    const sessions = sql`
      select s.operator_id, s.device_id, greatest(s.started_at, ${start}::timestamptz) as starts,
        least(coalesce(s.ended_at, 'infinity'::timestamptz), ${end}::timestamptz) as ends
      from operator_sessions s
      where s.operator_id = any(${operatorIds}::int[]) and s.company_id = any(${companyIds}::int[])
        and s.started_at < ${end} and (s.ended_at is null or s.ended_at > ${start})`;
    const hits = wholeHours
      ? sql`
        with sessions as (${sessions}),
        -- hs: the first whole hour starting inside the session, he: the end of the last whole hour inside it. Each
        -- range is its own join, so every one is an index range scan (an OR of two ranges is not).
        spans as (
          select s.*, date_bin('1 hour', s.starts + interval '1 hour' - interval '1 microsecond', ${HOUR_ORIGIN}) as hs,
            date_bin('1 hour', s.ends, ${HOUR_ORIGIN}) as he
          from sessions s
        )
        select s.operator_id, r.parameter_number, r.bucket, r.sum
        from spans s join readings_hour r on r.device_id = s.device_id and r.bucket >= s.hs and r.bucket < s.he
        where ${numbers}
        union all
        select s.operator_id, r.parameter_number, r.bucket, r.sum
        from spans s join readings_5min r on r.device_id = s.device_id and r.bucket >= s.starts and r.bucket < least(s.hs, s.ends)
        where ${numbers}
        union all
        select s.operator_id, r.parameter_number, r.bucket, r.sum
        from spans s join readings_5min r on r.device_id = s.device_id and r.bucket >= greatest(s.hs, s.he) and r.bucket < s.ends
        where ${numbers}`
      : sql`
        with sessions as (${sessions})
        select s.operator_id, r.parameter_number, r.bucket, r.sum
        from sessions s join readings_5min r on r.device_id = s.device_id and r.bucket >= s.starts and r.bucket < s.ends
        where ${numbers}`;
    const result = await sql<{ operatorId: number; number: number; key: string | Date; sum: number }>`
      select h.operator_id as "operatorId", h.parameter_number as "number", ${key} as "key", sum(h.sum)::float8 as "sum"
      from (${hits}) h
      group by 1, 2, 3`.execute(this.db);
    return result.rows.map((row) => ({ ...row, key: row.key instanceof Date ? String(row.key.getTime()) : String(row.key) }));
  }
}

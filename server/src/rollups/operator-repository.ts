import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { TimeInterval } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';

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
 * The category key of a bucket start (`h.bucket`) per interval, as TimePlan.index has it. 5 minutes and hours are
 * UTC-aligned buckets keyed by their start in epoch milliseconds (as text: no timestamps to parse); days, months and
 * years are the company's local calendar, as the day rollup has them.
 */
function keyOf(interval: TimeInterval, timezone: string) {
  switch (interval) {
    case '5min':
      return sql`(extract(epoch from h.bucket) * 1000)::int8::text`;
    case 'hour':
      return sql`(extract(epoch from date_bin('1 hour', h.bucket, ${HOUR_ORIGIN})) * 1000)::int8::text`;
    case 'day':
      return sql`((h.bucket at time zone ${timezone})::date)::text`;
    case 'month':
      return sql`to_char(h.bucket at time zone ${timezone}, 'YYYY-MM')`;
    case 'year':
      return sql`to_char(h.bucket at time zone ${timezone}, 'YYYY')`;
  }
}

/** Rows of work and active side by side, as one row per parameter. */
function byParameter(rows: { operatorId: number; key: string; work: number | null; active: number | null }[]): OperatorActivityRow[] {
  const out: OperatorActivityRow[] = [];
  for (const { operatorId, key, work, active } of rows) {
    if (work !== null) out.push({ operatorId, number: PARAMETER_NUMBERS.work, key, sum: work });
    if (active !== null) out.push({ operatorId, number: PARAMETER_NUMBERS.active, key, sum: active });
  }
  return out;
}

/** How an operator is named in every answer: first name and last name. */
export function operatorName(operator: Pick<OperatorSubject, 'firstname' | 'lastname'>): string {
  return `${operator.firstname} ${operator.lastname}`.trim();
}

const HOUR_ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

const OPERATOR_COLUMNS = ['operators.id', 'operators.firstname', 'operators.lastname', 'operators.company_id as companyId', 'companies.timezone'] as const;

/** Operators, their groups, and the work and activity of their sessions. */
export class OperatorActivityRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async findOperators(scope: TenantScope, ids: number[]): Promise<OperatorSubject[]> {
    if (ids.length === 0) return [];
    let query = this.db
      .selectFrom('operators')
      .innerJoin('companies', 'companies.id', 'operators.company_id')
      .select(OPERATOR_COLUMNS)
      .where('operators.id', 'in', ids);
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
  async dailyActivity(
    companyIds: number[],
    operatorIds: number[],
    grouping: 'day' | 'month' | 'year',
    from: string,
    to: string,
  ): Promise<OperatorActivityRow[]> {
    if (operatorIds.length === 0) return [];
    const key = grouping === 'day' ? sql`d.day::text` : grouping === 'month' ? sql`to_char(d.day, 'YYYY-MM')` : sql`to_char(d.day, 'YYYY')`;
    const result = await sql<{ operatorId: number; key: string; work: number | null; active: number | null }>`
      select s.operator_id as "operatorId", ${key} as "key", sum(d.work)::float8 as "work", sum(d.active)::float8 as "active"
      from operator_sessions s
      join operator_session_days d on d.session_id = s.id and d.day >= ${from}::date and d.day <= ${to}::date
      where s.operator_id = any(${operatorIds}::int[]) and s.company_id = any(${companyIds}::int[])
        and s.started_at < (${to}::date + 2)::timestamp and (s.ended_at is null or s.ended_at > (${from}::date - 1)::timestamp)
      group by 1, 2`.execute(this.db);
    return byParameter(result.rows);
  }

  /**
   * Work (1) and active (2) of each operator's devices during the operator's sessions, summed per category. A
   * 5-minute bucket counts for a session when its start lies in [started_at, ended_at) (an open session runs on).
   * A device's sessions never overlap (each card ends the previous one), so no bucket counts twice.
   */
  async activity(
    companyIds: number[],
    operatorIds: number[],
    interval: TimeInterval,
    timezone: string,
    start: Date,
    end: Date,
  ): Promise<OperatorActivityRow[]> {
    if (operatorIds.length === 0) return [];
    const result = await sql<OperatorActivityRow>`
      select s.operator_id as "operatorId", h.parameter_number as "number", ${keyOf(interval, timezone)} as "key", sum(h.sum)::float8 as "sum"
      from operator_sessions s
      join readings_5min h on h.device_id = s.device_id
        and h.bucket >= greatest(s.started_at, ${start}::timestamptz) and h.bucket < least(coalesce(s.ended_at, 'infinity'::timestamptz), ${end}::timestamptz)
      where s.operator_id = any(${operatorIds}::int[]) and s.company_id = any(${companyIds}::int[])
        and s.started_at < ${end} and (s.ended_at is null or s.ended_at > ${start})
        and h.parameter_number in (${PARAMETER_NUMBERS.work}, ${PARAMETER_NUMBERS.active}) and h.company_id = any(${companyIds}::int[])
      group by 1, 2, 3`.execute(this.db);
    return result.rows;
  }

  /**
   * What `activity` answers, from operator_session_hours (kept by ingest, migration 007) instead of the 5-minute
   * rollup. Only for a range whose ends are whole UTC hours and, for days, months and years, a timezone whose offsets
   * are whole hours in it, so that every hour lies inside one category.
   */
  async hourlyActivity(
    companyIds: number[],
    operatorIds: number[],
    interval: Exclude<TimeInterval, '5min'>,
    timezone: string,
    start: Date,
    end: Date,
  ): Promise<OperatorActivityRow[]> {
    if (operatorIds.length === 0) return [];
    const result = await sql<{ operatorId: number; key: string; work: number | null; active: number | null }>`
      select s.operator_id as "operatorId", ${keyOf(interval, timezone)} as "key", sum(h.work)::float8 as "work", sum(h.active)::float8 as "active"
      from operator_sessions s
      join (select session_id, hour as bucket, work, active from operator_session_hours
        where company_id = any(${companyIds}::int[]) and hour >= ${start}::timestamptz and hour < ${end}::timestamptz) h on h.session_id = s.id
      where s.operator_id = any(${operatorIds}::int[]) and s.company_id = any(${companyIds}::int[])
        and s.started_at < ${end} and (s.ended_at is null or s.ended_at > ${start})
      group by 1, 2`.execute(this.db);
    return byParameter(result.rows);
  }
}

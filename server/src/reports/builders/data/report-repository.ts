import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { ShiftDefinition } from '../../../rollups/plans.ts';
import { RollupRepository } from '../../../rollups/repository.ts';
import type { DeviceCount } from '../../../rollups/work-repository.ts';
import { splitCounts } from '../../../rollups/work-repository.ts';

/**
 * The read SQL of the device reports (docs/reports.md) besides their rollup sums (rollups/work-repository.ts). Every
 * query names the company: a report is of one company, and ids of another company's devices or groups simply match
 * nothing.
 */

export interface ReportDevice {
  id: number;
  name: string;
}

export interface ReportGroup {
  id: number;
  name: string;
  deviceIds: number[];
}

export interface OperatorSpan {
  deviceId: number;
  start: number;
  /** Null while the card is still in the reader. */
  end: number | null;
  operator: string;
}

export class ReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async companyTimezone(companyId: number): Promise<string | null> {
    const row = await this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst();
    return row?.timezone ?? null;
  }

  /** The company's devices among `ids`, by name. */
  devices(companyId: number, ids: readonly number[]): Promise<ReportDevice[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('devices')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** The company's groups among `ids`, by name, each with its devices (possibly none). */
  async groups(companyId: number, ids: readonly number[]): Promise<ReportGroup[]> {
    if (ids.length === 0) return [];
    const result = await sql<ReportGroup>`
      select g.id, g.name, coalesce(array_agg(m.device_id order by m.device_id) filter (where m.device_id is not null), '{}') as "deviceIds"
      from device_groups g left join device_group_devices m on m.device_group_id = g.id
      where g.company_id = ${companyId} and g.id = any(${[...ids]}::int[])
      group by g.id, g.name
      order by lower(g.name), g.id`.execute(this.db);
    return result.rows;
  }

  /** The company's shifts, as the diagnostics read them (one query, the rollups layer's). */
  shifts(companyId: number): Promise<ShiftDefinition[]> {
    return new RollupRepository(this.db).shiftsOf(companyId);
  }

  /** The devices' RFID sessions that overlap [start, end), by device, then in time order, with the operator's name (the card's number for a card no operator carries). */
  async operatorSpans(companyId: number, deviceIds: readonly number[], start: number, end: number): Promise<OperatorSpan[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<OperatorSpan>`
      select s.device_id as "deviceId", (extract(epoch from s.started_at) * 1000)::float8 as "start",
        (extract(epoch from s.ended_at) * 1000)::float8 as "end",
        coalesce(o.lastname || ' ' || o.firstname, s.rfid) as "operator"
      from operator_sessions s left join operators o on o.id = s.operator_id and o.company_id = s.company_id
      where s.company_id = ${companyId} and s.device_id = any(${[...deviceIds]}::int[])
        and s.started_at < ${new Date(end)} and (s.ended_at is null or s.ended_at > ${new Date(start)})
      order by s.device_id, s.started_at`.execute(this.db);
    return result.rows;
  }

  /** Per device, how many known operators had a session on it overlapping [start, end); the distinct operators overall in `any`. */
  async operatorCounts(companyId: number, deviceIds: readonly number[], start: number, end: number): Promise<{ perDevice: DeviceCount[]; any: number }> {
    if (deviceIds.length === 0) return { perDevice: [], any: 0 };
    const result = await sql<{ deviceId: number | null; count: number }>`
      with used as (
        select s.device_id, s.operator_id from operator_sessions s
        where s.company_id = ${companyId} and s.device_id = any(${[...deviceIds]}::int[]) and s.operator_id is not null
          and s.started_at < ${new Date(end)} and (s.ended_at is null or s.ended_at > ${new Date(start)})
      )
      select device_id as "deviceId", count(distinct operator_id)::int as "count" from used group by device_id
      union all
      select null, count(distinct operator_id)::int from used`.execute(this.db);
    return splitCounts(result.rows);
  }
}

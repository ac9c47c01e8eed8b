import type { OperatorSessionListFilter, OperatorSessionSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { ListRequest, Page } from '../http/list.ts';

export interface CurrentReadingRow {
  number: number;
  name: string;
  unit: string | null;
  value: number;
  ts: Date;
}

export interface SessionRow {
  id: number;
  operatorId: number | null;
  operatorName: string | null;
  rfid: string;
  startedAt: Date;
  endedAt: Date | null;
  workSeconds: number | null;
  activeSeconds: number | null;
}

export interface BatteryBucketRow {
  ms: number;
  charged: number | null;
  minVoltage: number | null;
  maxVoltage: number | null;
  /** Active seconds (parameter 2) in the bucket: whether the device was in use (the idle cycle state). */
  active: number | null;
}

const SORT = { start: sql`s.started_at`, operator: sql`lower(o.lastname || ' ' || o.firstname)` } as const;

/** The device page's reads of one device (the service has checked the caller may see it). */
export class DeviceHistoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async currentReadings(deviceId: number): Promise<CurrentReadingRow[]> {
    const result = await sql<CurrentReadingRow>`
      select p.number, p.name, u.short as unit, r.last_value as value, r.last_ts as ts
      from devices d
      join parameters p on p.device_type_id = d.device_type_id and p.number <> ${PARAMETER_NUMBERS.internal}
      left join units u on u.id = p.unit_id
      cross join lateral (
        select last_value, last_ts from readings_5min r where r.device_id = d.id and r.parameter_number = p.number order by r.bucket desc limit 1
      ) r
      where d.id = ${deviceId}
      order by p.number`.execute(this.db);
    return result.rows;
  }

  async sessions(deviceId: number, request: ListRequest<OperatorSessionSortField, OperatorSessionListFilter>): Promise<Page<SessionRow>> {
    const { operator } = request.filter;
    const byOperator = operator !== undefined ? sql`and s.operator_id = ${operator}` : sql``;
    const total =
      (await sql<{ n: number }>`select count(*)::int as n from operator_sessions s where s.device_id = ${deviceId} ${byOperator}`.execute(this.db)).rows[0]
        ?.n ?? 0;
    const order = sql.join(
      request.sort.map((t) => sql`${SORT[t.field]} ${sql.raw(t.direction)}`),
      sql`, `,
    );
    const limit = request.limit === null ? sql`` : sql`limit ${request.limit} offset ${request.offset}`;
    const result = await sql<SessionRow>`
      select s.id::int as id, s.operator_id as "operatorId", nullif(trim(o.firstname || ' ' || o.lastname), '') as "operatorName", s.rfid,
        s.started_at as "startedAt", s.ended_at as "endedAt", t.work::float8 as "workSeconds", t.active::float8 as "activeSeconds"
      from operator_sessions s
      left join operators o on o.id = s.operator_id
      left join lateral (select sum(work) as work, sum(active) as active from operator_session_days d where d.session_id = s.id) t on true
      where s.device_id = ${deviceId} ${byOperator}
      order by ${order}, s.started_at desc, s.id
      ${limit}`.execute(this.db);
    return { entries: result.rows, total };
  }

  /** The device type's parameter numbers carrying each tag (the first by number when several do). */
  async numbersByTag(deviceId: number, tags: string[]): Promise<Map<string, number>> {
    const result = await sql<{ tag: string; number: number }>`
      select distinct on (t.tag) t.tag, p.number
      from devices d join parameters p on p.device_type_id = d.device_type_id
      join unnest(${tags}::text[]) as t(tag) on t.tag = any(p.tags)
      where d.id = ${deviceId}
      order by t.tag, p.number`.execute(this.db);
    return new Map(result.rows.map((r) => [r.tag, r.number]));
  }

  async batteryBuckets(deviceId: number, chargingNumber: number | null, batteryNumber: number | null, start: Date, end: Date): Promise<BatteryBucketRow[]> {
    const numbers = [chargingNumber, batteryNumber].filter((n): n is number => n !== null);
    if (numbers.length === 0) return [];
    numbers.push(PARAMETER_NUMBERS.active);
    const result = await sql<BatteryBucketRow>`
      select (extract(epoch from bucket) * 1000)::float8 as ms,
        max(sum) filter (where parameter_number = ${chargingNumber ?? -1}) as charged,
        min(min) filter (where parameter_number = ${batteryNumber ?? -1}) as "minVoltage",
        max(max) filter (where parameter_number = ${batteryNumber ?? -1}) as "maxVoltage",
        sum(sum) filter (where parameter_number = ${PARAMETER_NUMBERS.active})::float8 as active
      from readings_5min
      where device_id = ${deviceId} and parameter_number = any(${numbers}::int[]) and bucket >= ${start} and bucket < ${end}
      group by bucket
      order by bucket`.execute(this.db);
    return result.rows;
  }
}

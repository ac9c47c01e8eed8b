import type { OperatorSessionListFilter, OperatorSessionSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ListRequest, Page } from '../http/list.ts';

export interface SessionRow {
  id: number;
  operatorId: number | null;
  operatorName: string | null;
  rfid: string;
  startedAt: Date;
  endedAt: Date | null;
}

const SORT = { start: sql`s.started_at`, operator: sql`lower(o.lastname || ' ' || o.firstname)` } as const;

/** The device page's reads of one device besides the rollups (the service has checked the caller may see it). */
export class DeviceHistoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
        s.started_at as "startedAt", s.ended_at as "endedAt"
      from operator_sessions s
      left join operators o on o.id = s.operator_id
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
}

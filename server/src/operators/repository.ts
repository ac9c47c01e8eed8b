import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';

export type DeviceOperatorSortField = 'id' | 'name' | 'firstname' | 'lastname';

export interface DeviceOperatorRow {
  id: number;
  firstname: string;
  lastname: string;
  rfid: string | null;
  groupId: number | null;
  groupName: string | null;
}

export interface OperatorGroupRow {
  id: number;
  name: string;
}

const OPERATOR_SORT = {
  id: [sql`operators.id`],
  name: [sql`lower(operators.firstname)`, sql`lower(operators.lastname)`],
  firstname: [sql`lower(operators.firstname)`],
  lastname: [sql`lower(operators.lastname)`],
} as const;

export class OperatorsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Filter `group`: operators of one operator group. */
  async listOperators(scope: TenantScope, request: ListRequest<DeviceOperatorSortField>): Promise<Page<DeviceOperatorRow>> {
    let query = this.db.selectFrom('operators').leftJoin('operator_groups', 'operator_groups.id', 'operators.operator_group_id');
    if (scope.kind === 'company') query = query.where('operators.company_id', '=', scope.companyId);
    if (request.search) {
      const pattern = likePattern(request.search);
      query = query.where((eb) =>
        eb.or([
          eb('operators.firstname', 'ilike', pattern),
          eb('operators.lastname', 'ilike', pattern),
          eb('operators.rfid', 'ilike', pattern),
          eb(sql`operators.firstname || ' ' || operators.lastname`, 'ilike', pattern),
        ]),
      );
    }
    const group = Number(request.filter.group);
    if (Number.isInteger(group) && group > 0) query = query.where('operators.operator_group_id', '=', group);
    const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    let rows = query.select([
      'operators.id',
      'operators.firstname',
      'operators.lastname',
      'operators.rfid',
      'operator_groups.id as groupId',
      'operator_groups.name as groupName',
    ]);
    for (const term of request.sort) for (const column of OPERATOR_SORT[term.field]) rows = rows.orderBy(column, term.direction);
    rows = rows.orderBy('operators.id', 'asc');
    if (request.limit !== null) rows = rows.limit(request.limit).offset(request.offset);
    return { entries: await rows.execute(), total };
  }

  /**
   * Every visible operator group matching the search, unordered: the service sorts them with the Polish
   * collation, which PGlite (no ICU) cannot do in SQL. A company has few operator groups.
   */
  allOperatorGroups(scope: TenantScope, search: string | undefined): Promise<OperatorGroupRow[]> {
    let query = this.db.selectFrom('operator_groups').select(['id', 'name']);
    if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId);
    if (search) query = query.where('name', 'ilike', likePattern(search));
    return query.execute();
  }

  /** The operators of the groups, by operator id. */
  operatorsOf(groupIds: number[]): Promise<{ groupId: number; id: number }[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('operators')
      .select([sql<number>`operator_group_id`.as('groupId'), 'id'])
      .where('operator_group_id', 'in', groupIds)
      .orderBy('id')
      .execute();
  }
}

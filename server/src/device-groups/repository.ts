import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';

export type DeviceGroupSortField = 'id' | 'name';

export interface DeviceGroupRow {
  id: number;
  name: string;
}

const SORT_COLUMNS = { id: 'device_groups.id', name: sql`lower(device_groups.name)` } as const;

export class DeviceGroupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(scope: TenantScope, request: ListRequest<DeviceGroupSortField>): Promise<Page<DeviceGroupRow>> {
    let query = this.db.selectFrom('device_groups');
    if (scope.kind === 'company') query = query.where('device_groups.company_id', '=', scope.companyId);
    if (request.search) query = query.where('device_groups.name', 'ilike', likePattern(request.search));
    const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    let rows = query.select(['device_groups.id', 'device_groups.name']);
    for (const term of request.sort) rows = rows.orderBy(SORT_COLUMNS[term.field], term.direction);
    rows = rows.orderBy('device_groups.id', 'asc');
    if (request.limit !== null) rows = rows.limit(request.limit).offset(request.offset);
    return { entries: await rows.execute(), total };
  }

  /** The devices of the groups, by device id. */
  devicesOf(groupIds: number[]): Promise<{ groupId: number; id: number }[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device_group_devices')
      .select(['device_group_id as groupId', 'device_id as id'])
      .where('device_group_id', 'in', groupIds)
      .orderBy('device_id')
      .execute();
  }
}

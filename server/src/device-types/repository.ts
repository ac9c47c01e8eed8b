import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { ParameterAggregation } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';

export type DeviceTypeSortField = 'id' | 'name';

export interface MonitorParameterRow {
  deviceTypeId: number;
  number: number;
  name: string;
  tags: string[];
  aggregation: ParameterAggregation;
  unitShort: string | null;
  unitLong: string | null;
  unitMin: number | null;
  unitMax: number | null;
}

const SORT_COLUMNS = { id: 'device_types.id', name: sql`lower(device_types.name)` } as const;

export class DeviceTypesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The catalogue is shared; a company sees the types its devices have, a super-admin every type. */
  async list(scope: TenantScope, request: ListRequest<DeviceTypeSortField>): Promise<Page<{ id: number; name: string }>> {
    let query = this.db.selectFrom('device_types');
    if (scope.kind === 'company') {
      query = query.where('device_types.id', 'in', this.db.selectFrom('devices').select('device_type_id').where('company_id', '=', scope.companyId));
    }
    if (request.search) query = query.where('device_types.name', 'ilike', likePattern(request.search));
    const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    let rows = query.select(['device_types.id', 'device_types.name']);
    for (const term of request.sort) rows = rows.orderBy(SORT_COLUMNS[term.field], term.direction);
    rows = rows.orderBy('device_types.id', 'asc');
    if (request.limit !== null) rows = rows.limit(request.limit).offset(request.offset);
    return { entries: await rows.execute(), total };
  }

  /** The parameters the monitors may offer, by number: never the internal 10000. */
  monitorParametersOf(deviceTypeIds: number[]): Promise<MonitorParameterRow[]> {
    if (deviceTypeIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('parameters')
      .leftJoin('units', 'units.id', 'parameters.unit_id')
      .select([
        'parameters.device_type_id as deviceTypeId',
        'parameters.number',
        'parameters.name',
        'parameters.tags',
        sql<ParameterAggregation>`parameters.aggregation`.as('aggregation'),
        'units.short as unitShort',
        'units.long as unitLong',
        'units.min as unitMin',
        'units.max as unitMax',
      ])
      .where('parameters.device_type_id', 'in', deviceTypeIds)
      .where('parameters.number', '<>', PARAMETER_NUMBERS.internal)
      .orderBy('parameters.number')
      .execute();
  }
}

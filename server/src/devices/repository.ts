import type { DeviceListFilter, DeviceSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';

export interface DeviceRow {
  id: number;
  name: string;
  description: string | null;
  status: string;
  powerState: string;
  companyId: number;
  companyName: string;
  deviceTypeId: number;
  deviceTypeName: string;
}

export interface ParameterRow {
  id: number;
  deviceTypeId: number;
  number: number;
  name: string;
  tags: string[];
  aggregation: string;
  unitId: number | null;
  unitName: string | null;
  unitShort: string | null;
  unitLong: string | null;
  unitMin: number | null;
  unitMax: number | null;
}

const SORT_COLUMNS = {
  id: sql`devices.id`,
  name: sql`lower(devices.name)`,
  deviceType: sql`lower(device_types.name)`,
  status: sql`devices.status`,
  createdAt: sql`devices.created_at`,
} as const;

/** The columns of a DeviceRow, for the list and for one device alike. */
const DEVICE_ROW_COLUMNS = [
  'devices.id',
  'devices.name',
  'devices.description',
  'devices.status',
  'devices.power_state as powerState',
  'devices.company_id as companyId',
  'companies.name as companyName',
  'devices.device_type_id as deviceTypeId',
  'device_types.name as deviceTypeName',
] as const;

export class DevicesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(scope: TenantScope) {
    let query = this.db
      .selectFrom('devices')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .innerJoin('device_types', 'device_types.id', 'devices.device_type_id');
    if (scope.kind === 'company') query = query.where('devices.company_id', '=', scope.companyId);
    return query;
  }

  async list(scope: TenantScope, request: ListRequest<DeviceSortField, DeviceListFilter>): Promise<Page<DeviceRow>> {
    let query = this.scoped(scope);
    if (request.search) query = query.where(sql`devices.name`, 'ilike', `%${request.search.replace(/[\\%_]/g, '\\$&')}%`);
    const { deviceType, company, deviceGroup: group } = request.filter;
    if (deviceType !== undefined) query = query.where('devices.device_type_id', '=', deviceType);
    if (company !== undefined) query = query.where('devices.company_id', '=', company);
    if (group !== undefined) {
      query = query.where('devices.id', 'in', this.db.selectFrom('device_group_devices').select('device_id').where('device_group_id', '=', group));
    }
    return pagedList(query, (matching) => matching.select(DEVICE_ROW_COLUMNS), request, { columns: SORT_COLUMNS, tiebreak: sql`devices.id` });
  }

  findById(scope: TenantScope, id: number): Promise<DeviceRow | undefined> {
    return this.scoped(scope).where('devices.id', '=', id).select(DEVICE_ROW_COLUMNS).executeTakeFirst();
  }

  parametersOfTypes(deviceTypeIds: number[]): Promise<ParameterRow[]> {
    if (deviceTypeIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('parameters')
      .leftJoin('units', 'units.id', 'parameters.unit_id')
      .select([
        'parameters.id',
        'parameters.device_type_id as deviceTypeId',
        'parameters.number',
        'parameters.name',
        'parameters.tags',
        'parameters.aggregation',
        'units.id as unitId',
        'units.name as unitName',
        'units.short as unitShort',
        'units.long as unitLong',
        'units.min as unitMin',
        'units.max as unitMax',
      ])
      .where('parameters.device_type_id', 'in', deviceTypeIds)
      .orderBy('parameters.number')
      .execute();
  }

  groupsOf(deviceIds: number[]) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device_group_devices')
      .innerJoin('device_groups', 'device_groups.id', 'device_group_devices.device_group_id')
      .select(['device_group_devices.device_id as deviceId', 'device_groups.id', 'device_groups.name'])
      .where('device_group_devices.device_id', 'in', deviceIds)
      .orderBy('device_groups.name')
      .execute();
  }

  sensorsOf(deviceIds: number[]) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sensors')
      .select(['device_id as deviceId', 'id', 'name', 'serial_number as serialNumber'])
      .where('device_id', 'in', deviceIds)
      .orderBy('name')
      .execute();
  }
}

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../security/context.ts';
import type { DeviceSubject } from '../../rollups/repository.ts';

/**
 * What the work summaries read besides the diagnostics' rollup queries (which they reuse): the names of the groups a
 * summary shows one row for, and which devices each device group holds. Tenancy is applied here.
 */
export class WorkSummariesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The visible device groups among `ids` (by name), each with its devices. */
  async deviceGroups(scope: TenantScope, ids: number[]): Promise<{ id: number; name: string; devices: DeviceSubject[] }[]> {
    if (ids.length === 0) return [];
    let groups = this.db
      .selectFrom('device_groups')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .orderBy(sql`lower(name)`)
      .orderBy('id');
    if (scope.kind === 'company') groups = groups.where('company_id', '=', scope.companyId);
    const found = await groups.execute();
    if (found.length === 0) return [];
    const members = await this.db
      .selectFrom('device_group_devices')
      .innerJoin('devices', 'devices.id', 'device_group_devices.device_id')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .select([
        'device_group_devices.device_group_id as groupId',
        'devices.id',
        'devices.name',
        'devices.company_id as companyId',
        'companies.timezone',
        'devices.device_type_id as deviceTypeId',
      ])
      .where(
        'device_group_devices.device_group_id',
        'in',
        found.map((g) => g.id),
      )
      .execute();
    return found.map((g) => ({ ...g, devices: members.filter((m) => m.groupId === g.id).map(({ groupId: _groupId, ...device }) => device) }));
  }

  /** Names of the visible operator groups among `ids`. */
  async operatorGroupNames(scope: TenantScope, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    let query = this.db.selectFrom('operator_groups').select(['id', 'name']).where('id', 'in', ids);
    if (scope.kind === 'company') query = query.where('company_id', '=', scope.companyId);
    return new Map((await query.execute()).map((g) => [g.id, g.name]));
  }

  /** The timezone of a company (the operator summary of groups without operators still needs "today"). */
  async timezoneOf(companyId: number): Promise<string> {
    const row = await this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst();
    return row?.timezone ?? 'UTC';
  }
}

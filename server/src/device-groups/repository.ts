import type { DeviceGroupSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';
import { pagedList } from '../db/paged-list.ts';

export interface DeviceGroupRow {
  id: number;
  companyId: number;
  name: string;
  description: string | null;
  deviceCount: number;
}

export interface NamedRow {
  id: number;
  name: string;
}

/** A device a group may hold, with its company (a super-admin's choices span companies). */
export interface DeviceChoiceRow extends NamedRow {
  companyId: number;
  companyName: string;
}

/** First key of the advisory lock serialising group writes of one company (the second is the company). */
const WRITE_LOCK_KEY = 720_431_101;

const deviceCount = sql<number>`(select count(*)::int from device_group_devices l where l.device_group_id = device_groups.id)`;

const SORT_COLUMNS = { id: sql`device_groups.id`, name: sql`lower(device_groups.name)`, deviceCount } as const;

/** Device groups: the list, one group, the form's choices and writes, delete and unassign. */
export class DeviceGroupsRepository {
  private readonly lookups: FormLookupsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
  }

  /**
   * Runs `work` in one transaction with a repository bound to it: everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: DeviceGroupsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DeviceGroupsRepository(trx)));
  }

  /** Serialises the group writes of one company until the transaction ends, so two writes cannot take one name. */
  async lockCompany(companyId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY}::int, ${companyId}::int)`.execute(this.db);
  }

  private scoped(scope: TenantScope) {
    let query = this.db.selectFrom('device_groups');
    if (scope.kind === 'company') query = query.where('device_groups.company_id', '=', scope.companyId);
    return query;
  }

  async list(scope: TenantScope, request: ListRequest<DeviceGroupSortField>): Promise<Page<DeviceGroupRow>> {
    let query = this.scoped(scope);
    if (request.search) query = query.where('device_groups.name', 'ilike', likePattern(request.search));
    return pagedList(
      query,
      (matching) =>
        matching.select([
          'device_groups.id',
          'device_groups.company_id as companyId',
          'device_groups.name',
          'device_groups.description',
          deviceCount.as('deviceCount'),
        ]),
      request,
      { columns: SORT_COLUMNS, tiebreak: sql`device_groups.id` },
    );
  }

  find(scope: TenantScope, id: number): Promise<DeviceGroupRow | undefined> {
    return this.scoped(scope)
      .where('device_groups.id', '=', id)
      .select(['device_groups.id', 'device_groups.company_id as companyId', 'device_groups.name', 'device_groups.description', deviceCount.as('deviceCount')])
      .executeTakeFirst();
  }

  /** The devices of the groups, by device id. */
  devicesOf(groupIds: number[]): Promise<{ groupId: number; id: number; name: string }[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('device_group_devices')
      .innerJoin('devices', 'devices.id', 'device_group_devices.device_id')
      .select(['device_group_devices.device_group_id as groupId', 'devices.id', 'devices.name'])
      .where('device_group_devices.device_group_id', 'in', groupIds)
      .orderBy('devices.id')
      .execute();
  }

  /** The group's devices, named, by id. */
  async membersOf(groupId: number): Promise<NamedRow[]> {
    return (await this.devicesOf([groupId])).map(({ id, name }) => ({ id, name }));
  }

  /** Whether another group of the company has this name, in any letter case. */
  async nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    return this.lookups.nameTakenInCompany('device_groups', companyId, name, exceptId);
  }

  /** The names, in lower case, of the company's groups that start with `prefix` (numbering copies). */
  namesStartingWith(companyId: number, prefix: string): Promise<Set<string>> {
    return this.lookups.namesInCompanyStartingWith('device_groups', companyId, prefix);
  }

  /** A new group of the source's company named `name`, with its description and the same devices. */
  async duplicate(sourceId: number, name: string): Promise<number> {
    const copy = await this.db
      .insertInto('device_groups')
      .columns(['company_id', 'name', 'description'])
      .expression((eb) =>
        eb
          .selectFrom('device_groups')
          .select(['company_id', eb.val(name).as('name'), 'description'])
          .where('id', '=', sourceId),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('device_group_devices')
      .columns(['company_id', 'device_group_id', 'device_id'])
      .expression((eb) =>
        eb
          .selectFrom('device_group_devices')
          .select(['company_id', eb.val(copy.id).as('device_group_id'), 'device_id'])
          .where('device_group_id', '=', sourceId),
      )
      .execute();
    return copy.id;
  }

  companies(): Promise<NamedRow[]> {
    return this.lookups.companyChoices();
  }

  /** The devices of one company, or of every company (null), by company and device name. */
  deviceChoices(companyId: number | null): Promise<DeviceChoiceRow[]> {
    let query = this.db
      .selectFrom('devices')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .select(['devices.id', 'devices.name', 'companies.id as companyId', 'companies.name as companyName']);
    if (companyId !== null) query = query.where('devices.company_id', '=', companyId);
    return query
      .orderBy(sql`lower(companies.name)`)
      .orderBy('companies.id')
      .orderBy(sql`lower(devices.name)`)
      .orderBy('devices.id')
      .execute();
  }

  /** Which of `ids` are devices of the company (the group's members). */
  companyMembers(companyId: number, ids: number[]): Promise<number[]> {
    return this.lookups.companyRowIds('devices', companyId, ids);
  }

  async insert(companyId: number, group: { name: string; description: string | null }): Promise<number> {
    const row = await this.db
      .insertInto('device_groups')
      .values({ company_id: companyId, name: group.name, description: group.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, group: { name: string; description: string | null }): Promise<void> {
    await this.db.updateTable('device_groups').set({ name: group.name, description: group.description }).where('id', '=', id).execute();
  }

  /** Makes `deviceIds` the group's devices: links of others removed, new ones added. */
  async replaceMembers(companyId: number, groupId: number, deviceIds: number[]): Promise<void> {
    let removal = this.db.deleteFrom('device_group_devices').where('device_group_id', '=', groupId);
    if (deviceIds.length > 0) removal = removal.where('device_id', 'not in', deviceIds);
    await removal.execute();
    if (deviceIds.length === 0) return;
    await this.db
      .insertInto('device_group_devices')
      .values(deviceIds.map((device_id) => ({ company_id: companyId, device_group_id: groupId, device_id })))
      .onConflict((oc) => oc.columns(['device_group_id', 'device_id']).doNothing())
      .execute();
  }

  /** Locks the group's row until the transaction ends; false when it does not exist. */
  async lockGroup(id: number): Promise<boolean> {
    return (await this.db.selectFrom('device_groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('device_groups').where('id', '=', id).execute();
  }

  async unassignDevices(groupId: number): Promise<void> {
    await this.db.deleteFrom('device_group_devices').where('device_group_id', '=', groupId).execute();
  }
}

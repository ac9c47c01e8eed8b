import type { DeviceTypeSortField, ParameterAggregation } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';
import { prefixPattern } from '../forms/duplicate.ts';

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

/** A device type as the administration shows it; the counts follow the caller's scope. */
export interface DeviceTypeAdminRow {
  id: number;
  name: string;
  description: string | null;
  deviceCount: number;
  parameterCount: number;
}

export interface DeviceTypeWrite {
  name: string;
  description: string | null;
}

const SORT_COLUMNS = {
  id: sql`device_types.id`,
  name: sql`lower(device_types.name)`,
  deviceCount: sql`"deviceCount"`,
  parameterCount: sql`"parameterCount"`,
} as const;

/** The unique index on lower(device_types.name). */
export const DEVICE_TYPE_NAME_CONSTRAINT = 'device_types_name_key';

/** The constraint (or unique index) a unique violation names; null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  if (error === null || typeof error !== 'object') return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' ? (typeof constraint === 'string' ? constraint : '') : null;
}

/** A foreign-key violation (23503): a row is still referenced, or a referenced row vanished. */
export function isForeignKeyViolation(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { code?: unknown }).code === '23503';
}

/** A parameter's columns a duplicated type's copy takes as they are (the Teltonika mapping too: it reads a tracker like its source). */
const COPIED_PARAMETER_COLUMNS = [
  'number',
  'name',
  'description',
  'tags',
  'unit_id',
  'aggregation',
  'data_type',
  'chart',
  'formula',
  'is_public',
  'teltonika_io_id',
  'teltonika_multiplier',
  'teltonika_offset',
] as const;

export class DeviceTypesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: DeviceTypesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DeviceTypesRepository(trx)));
  }

  /** The catalogue is shared; a company sees the types its devices have, a super-admin every type. */
  private scoped(scope: TenantScope, search?: string) {
    let query = this.db.selectFrom('device_types');
    if (scope.kind === 'company') {
      query = query.where('device_types.id', 'in', this.db.selectFrom('devices').select('device_type_id').where('company_id', '=', scope.companyId));
    }
    if (search) query = query.where('device_types.name', 'ilike', likePattern(search));
    return query;
  }

  async list(scope: TenantScope, request: ListRequest<DeviceTypeSortField>): Promise<Page<{ id: number; name: string }>> {
    const query = this.scoped(scope, request.search);
    return pagedList(query, (matching) => matching.select(['device_types.id', 'device_types.name']), request, {
      columns: SORT_COLUMNS,
      tiebreak: sql`device_types.id`,
    });
  }

  private adminColumns(scope: TenantScope) {
    const devices = scope.kind === 'company' ? sql`and d.company_id = ${scope.companyId}` : sql``;
    return [
      'device_types.id',
      'device_types.name',
      'device_types.description',
      sql<number>`(select count(*)::int from devices d where d.device_type_id = device_types.id ${devices})`.as('deviceCount'),
      sql<number>`(select count(*)::int from parameters p where p.device_type_id = device_types.id)`.as('parameterCount'),
    ] as const;
  }

  /** The administration's rows with their device and parameter counts. */
  async adminList(scope: TenantScope, request: ListRequest<DeviceTypeSortField>): Promise<Page<DeviceTypeAdminRow>> {
    const query = this.scoped(scope, request.search);
    return pagedList(query, (matching) => matching.select(this.adminColumns(scope)), request, { columns: SORT_COLUMNS, tiebreak: sql`device_types.id` });
  }

  find(scope: TenantScope, id: number): Promise<DeviceTypeAdminRow | undefined> {
    return this.scoped(scope).select(this.adminColumns(scope)).where('device_types.id', '=', id).executeTakeFirst();
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

  /** Another type has this name, whatever the letter case. */
  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('device_types')
      .select('id')
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .where('id', '!=', exceptId ?? 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The names, in lower case, that start with `prefix` whatever the letter case (for numbering copies). */
  async namesStartingWith(prefix: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('device_types')
      .select(sql<string>`lower(name)`.as('name'))
      .where(sql`lower(name)`, 'like', prefixPattern(prefix))
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  async insert(type: DeviceTypeWrite): Promise<number> {
    const row = await this.db.insertInto('device_types').values({ name: type.name, description: type.description }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when the type is gone. */
  async update(id: number, type: DeviceTypeWrite): Promise<boolean> {
    const result = await this.db.updateTable('device_types').set({ name: type.name, description: type.description }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Locks the type's row until the transaction ends, so no device can be given the type (its foreign key takes a
   * share lock on the row) between a check and a delete; false when it is gone.
   */
  async lock(id: number): Promise<boolean> {
    return (await this.db.selectFrom('device_types').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
  }

  /** The devices of a type, every company's, by name: what blocks deleting it. */
  devicesOf(id: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('devices')
      .select(['id', 'name'])
      .where('device_type_id', '=', id)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** Deletes the type; its parameters go with it (on delete cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('device_types').where('id', '=', id).execute();
  }

  /** A new type named `name` with the description and a copy of every parameter of `sourceId`. */
  async duplicate(sourceId: number, name: string): Promise<number> {
    const copy = await this.db
      .insertInto('device_types')
      .columns(['name', 'description'])
      .expression((eb) =>
        eb
          .selectFrom('device_types')
          .select([sql<string>`${name}::text`.as('name'), 'description'])
          .where('id', '=', sourceId),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('parameters')
      .columns(['device_type_id', ...COPIED_PARAMETER_COLUMNS])
      .expression((eb) =>
        eb
          .selectFrom('parameters')
          .select([sql<number>`${copy.id}::int`.as('device_type_id'), ...COPIED_PARAMETER_COLUMNS])
          .where('device_type_id', '=', sourceId),
      )
      .execute();
    return copy.id;
  }
}

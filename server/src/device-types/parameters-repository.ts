import type { ParameterSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';

/** A parameter with its type's name and its unit. */
export interface ParameterRow {
  id: number;
  deviceTypeId: number;
  deviceTypeName: string;
  number: number;
  name: string;
  description: string | null;
  tags: string[];
  aggregation: string;
  dataType: string;
  chart: string;
  formula: string | null;
  isPublic: boolean;
  unitId: number | null;
  unitName: string | null;
  unitShort: string | null;
  unitLong: string | null;
  unitMin: number | null;
  unitMax: number | null;
  /** The Teltonika IO id the parameter reads; null for none (multiplier and offset then keep their defaults). */
  teltonikaIoId: number | null;
  teltonikaMultiplier: number;
  teltonikaOffset: number;
}

/** What a parameter write stores (the type is fixed once the parameter exists). */
export interface ParameterWrite {
  number: number;
  name: string;
  description: string | null;
  tags: string[];
  unitId: number | null;
  aggregation: string;
  dataType: string;
  chart: string;
  formula: string | null;
  isPublic: boolean;
  teltonikaIoId: number | null;
  teltonikaMultiplier: number;
  teltonikaOffset: number;
}

/** unique (device_type_id, number) of 001_core.sql. */
export const PARAMETER_NUMBER_CONSTRAINT = 'parameters_device_type_id_number_key';
/** One parameter per Teltonika IO id per device type (027_teltonika_mapping.sql). */
export const PARAMETER_TELTONIKA_IO_INDEX = 'parameters_teltonika_io';

const SORT_COLUMNS = {
  id: [sql`parameters.id`],
  number: [sql`parameters.number`],
  name: [sql`lower(parameters.name)`],
  deviceType: [sql`lower(device_types.name)`, sql`parameters.device_type_id`],
} as const;

/** The parameters of the shared telemetry catalogue: reads scoped like the device types, and the admin writes. */
export class ParametersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (repository: ParametersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ParametersRepository(trx)));
  }

  /** A company sees the parameters of its devices' types, a super-admin every parameter. */
  private scoped(scope: TenantScope) {
    let query = this.db
      .selectFrom('parameters')
      .innerJoin('device_types', 'device_types.id', 'parameters.device_type_id')
      .leftJoin('units', 'units.id', 'parameters.unit_id');
    if (scope.kind === 'company') {
      query = query.where('parameters.device_type_id', 'in', this.db.selectFrom('devices').select('device_type_id').where('company_id', '=', scope.companyId));
    }
    return query;
  }

  private static readonly COLUMNS = [
    'parameters.id',
    'parameters.device_type_id as deviceTypeId',
    'device_types.name as deviceTypeName',
    'parameters.number',
    'parameters.name',
    'parameters.description',
    'parameters.tags',
    'parameters.aggregation',
    'parameters.data_type as dataType',
    'parameters.chart',
    'parameters.formula',
    'parameters.is_public as isPublic',
    'parameters.unit_id as unitId',
    'units.name as unitName',
    'units.short as unitShort',
    'units.long as unitLong',
    'units.min as unitMin',
    'units.max as unitMax',
    'parameters.teltonika_io_id as teltonikaIoId',
    'parameters.teltonika_multiplier as teltonikaMultiplier',
    'parameters.teltonika_offset as teltonikaOffset',
  ] as const;

  /** Search on the name, the tags and the number; `deviceTypeId` narrows to one type. */
  async list(scope: TenantScope, request: ListRequest<ParameterSortField>, deviceTypeId: number | null): Promise<Page<ParameterRow>> {
    let query = this.scoped(scope);
    if (deviceTypeId !== null) query = query.where('parameters.device_type_id', '=', deviceTypeId);
    if (request.search) {
      const pattern = likePattern(request.search);
      query = query.where((eb) =>
        eb.or([
          eb('parameters.name', 'ilike', pattern),
          eb(sql`array_to_string(parameters.tags, ',')`, 'ilike', pattern),
          eb(sql`parameters.number::text`, '=', request.search ?? ''),
        ]),
      );
    }
    return pagedList(query, (matching) => matching.select(ParametersRepository.COLUMNS), request, { columns: SORT_COLUMNS, tiebreak: sql`parameters.id` });
  }

  /** Every parameter of a type, by number. */
  ofType(deviceTypeId: number): Promise<ParameterRow[]> {
    return this.scoped({ kind: 'all' })
      .select(ParametersRepository.COLUMNS)
      .where('parameters.device_type_id', '=', deviceTypeId)
      .orderBy('parameters.number')
      .execute();
  }

  find(scope: TenantScope, id: number): Promise<ParameterRow | undefined> {
    return this.scoped(scope).select(ParametersRepository.COLUMNS).where('parameters.id', '=', id).executeTakeFirst();
  }

  async numberTaken(deviceTypeId: number, number: number, exceptId: number | null): Promise<boolean> {
    return this.taken(deviceTypeId, 'number', number, exceptId);
  }

  /** Another parameter of the type (not `exceptId`) reads this IO id. */
  async teltonikaIoTaken(deviceTypeId: number, ioId: number, exceptId: number | null): Promise<boolean> {
    return this.taken(deviceTypeId, 'teltonika_io_id', ioId, exceptId);
  }

  /** Another parameter of the type (not `exceptId`) has this value in a column unique per type. */
  private async taken(deviceTypeId: number, column: 'number' | 'teltonika_io_id', value: number, exceptId: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('parameters')
      .select('id')
      .where('device_type_id', '=', deviceTypeId)
      .where(column, '=', value)
      .where('id', '!=', exceptId ?? 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  deviceTypeChoices(): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('device_types')
      .select(['id', 'name'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  unitChoices(): Promise<{ id: number; name: string; short: string }[]> {
    return this.db
      .selectFrom('units')
      .select(['id', 'name', 'short'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  private static columnsOf(parameter: ParameterWrite) {
    return {
      number: parameter.number,
      name: parameter.name,
      description: parameter.description,
      tags: parameter.tags,
      unit_id: parameter.unitId,
      aggregation: parameter.aggregation,
      data_type: parameter.dataType,
      chart: parameter.chart,
      formula: parameter.formula,
      is_public: parameter.isPublic,
      teltonika_io_id: parameter.teltonikaIoId,
      teltonika_multiplier: parameter.teltonikaMultiplier,
      teltonika_offset: parameter.teltonikaOffset,
    };
  }

  async insert(deviceTypeId: number, parameter: ParameterWrite): Promise<number> {
    const row = await this.db
      .insertInto('parameters')
      .values({ device_type_id: deviceTypeId, ...ParametersRepository.columnsOf(parameter) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when the parameter is gone. */
  async update(id: number, parameter: ParameterWrite): Promise<boolean> {
    const result = await this.db.updateTable('parameters').set(ParametersRepository.columnsOf(parameter)).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the parameter; readings are keyed by (device, number) and stay. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('parameters').where('id', '=', id).execute();
  }
}

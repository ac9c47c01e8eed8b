import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { ParameterAggregation } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../auth/context.ts';
import type { Aggregate, ShiftDefinition, ShiftWindow } from './buckets.ts';

/** A device the caller may see, with what the diagnostics need to read it. */
export interface DeviceSubject {
  id: number;
  name: string;
  companyId: number;
  timezone: string;
  deviceTypeId: number;
}

export interface TypeParameter {
  deviceTypeId: number;
  number: number;
  name: string;
  aggregation: ParameterAggregation;
  unitShort: string | null;
  unitLong: string | null;
  unitMin: number | null;
  unitMax: number | null;
}

/** The aggregates of one device parameter in one category (`key`, see TimePlan.index) or shift cell. */
export interface AggregateRow extends Aggregate {
  deviceId: number;
  number: number;
  key: string;
}

/** Which rows one rollup query reads: devices of known companies, parameter numbers. */
export interface SeriesSelection {
  companyIds: number[];
  deviceIds: number[];
  numbers: number[];
}

// Every aggregate at once; the service picks the one each parameter's aggregation asks for. The last value of a
// union of buckets is the one with the latest timestamp.
const AGGREGATES = sql`sum(r.sum)::float8 as "sum", sum(r.count)::float8 as "count", min(r.min) as "min", max(r.max) as "max",
  (array_agg(r.last_value order by r.last_ts desc))[1] as "last"`;

type RawAggregateRow = Aggregate & { deviceId: number; number: number; key: string | Date };

function toRows(rows: RawAggregateRow[]): AggregateRow[] {
  return rows.map((row) => ({ ...row, key: row.key instanceof Date ? String(row.key.getTime()) : String(row.key) }));
}

/** Reads the rollup tables for the diagnostics; never the raw readings (see raw-repository.ts for those). */
export class DiagnosticsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The visible devices among `ids`; tenancy is applied here, so another company's device is simply absent. */
  async findDevices(scope: TenantScope, ids: number[]): Promise<DeviceSubject[]> {
    if (ids.length === 0) return [];
    let query = this.db
      .selectFrom('devices')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .select(['devices.id', 'devices.name', 'devices.company_id as companyId', 'companies.timezone', 'devices.device_type_id as deviceTypeId'])
      .where('devices.id', 'in', ids);
    if (scope.kind === 'company') query = query.where('devices.company_id', '=', scope.companyId);
    return query.execute();
  }

  /** The visible groups among `groupIds` with their devices (by device name); groups without devices included. */
  async devicesOfGroups(scope: TenantScope, groupIds: number[]): Promise<{ groupIds: number[]; devices: DeviceSubject[] }> {
    if (groupIds.length === 0) return { groupIds: [], devices: [] };
    let groups = this.db.selectFrom('device_groups').select('id').where('id', 'in', groupIds);
    if (scope.kind === 'company') groups = groups.where('company_id', '=', scope.companyId);
    const found = (await groups.execute()).map((g) => g.id);
    if (found.length === 0) return { groupIds: [], devices: [] };
    const devices = await this.db
      .selectFrom('device_group_devices')
      .innerJoin('devices', 'devices.id', 'device_group_devices.device_id')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .select(['devices.id', 'devices.name', 'devices.company_id as companyId', 'companies.timezone', 'devices.device_type_id as deviceTypeId'])
      .where('device_group_devices.device_group_id', 'in', found)
      .orderBy(sql`lower(devices.name)`)
      .orderBy('devices.id')
      .execute();
    return { groupIds: found, devices };
  }

  /** The parameters of the device types, by number; the internal parameter 10000 is never read. */
  parametersOfTypes(deviceTypeIds: number[]): Promise<TypeParameter[]> {
    if (deviceTypeIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('parameters')
      .leftJoin('units', 'units.id', 'parameters.unit_id')
      .select([
        'parameters.device_type_id as deviceTypeId',
        'parameters.number',
        'parameters.name',
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

  /** The user's interface language, for documents the server writes (spreadsheets). */
  async languageOf(userId: number): Promise<string> {
    const row = await this.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
    return row?.language ?? 'pl';
  }

  shiftsOf(companyId: number): Promise<ShiftDefinition[]> {
    return this.db
      .selectFrom('production_shifts')
      .select(['position', 'name', 'hour_start as hourStart', 'hour_end as hourEnd'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .execute();
  }

  /** One row per stored bucket of readings_5min or readings_hour in [start, end); key = bucket start. */
  async bucketRows(level: '5min' | 'hour', selection: SeriesSelection, start: Date, end: Date): Promise<AggregateRow[]> {
    if (!hasSeries(selection)) return [];
    const table = level === '5min' ? sql.table('readings_5min') : sql.table('readings_hour');
    const result = await sql<RawAggregateRow>`
      select r.device_id as "deviceId", r.parameter_number as "number", r.bucket as "key",
        r.sum, r.count::float8 as "count", r.min, r.max, r.last_value as "last"
      from ${table} r
      where ${seriesFilter(selection)} and r.bucket >= ${start} and r.bucket < ${end}`.execute(this.db);
    return toRows(result.rows);
  }

  /** readings_day over the local dates from..to, per day or summed into months or years (key = the label). */
  async dayRows(grouping: 'day' | 'month' | 'year', selection: SeriesSelection, from: string, to: string): Promise<AggregateRow[]> {
    if (!hasSeries(selection)) return [];
    const key = grouping === 'day' ? sql`r.day::text` : grouping === 'month' ? sql`to_char(r.day, 'YYYY-MM')` : sql`to_char(r.day, 'YYYY')`;
    const result = await sql<RawAggregateRow>`
      select r.device_id as "deviceId", r.parameter_number as "number", ${key} as "key", ${AGGREGATES}
      from readings_day r
      where ${seriesFilter(selection)} and r.day >= ${from}::date and r.day <= ${to}::date
      group by 1, 2, 3`.execute(this.db);
    return toRows(result.rows);
  }

  /**
   * readings_5min per shift window (key `day:position`) and per date over the union of that date's windows
   * (key `day:all`, each 5-minute bucket once even if shifts overlap).
   */
  async shiftRows(selection: SeriesSelection, windows: ShiftWindow[]): Promise<AggregateRow[]> {
    if (!hasSeries(selection) || windows.length === 0) return [];
    const first = new Date(Math.min(...windows.map((w) => w.start.getTime())));
    const last = new Date(Math.max(...windows.map((w) => w.end.getTime())));
    const result = await sql<RawAggregateRow>`
      with windows as (
        select * from unnest(${windows.map((w) => w.dayIndex)}::int[], ${windows.map((w) => w.position)}::int[],
          ${windows.map((w) => w.start)}::timestamptz[], ${windows.map((w) => w.end)}::timestamptz[]) as w(day_index, position, starts, ends)
      ), hits as (
        select w.day_index, w.position, r.device_id, r.parameter_number, r.bucket, r.sum, r.count, r.min, r.max, r.last_ts, r.last_value
        from windows w
        join readings_5min r on r.bucket >= w.starts and r.bucket < w.ends
        where ${seriesFilter(selection)} and r.bucket >= ${first} and r.bucket < ${last}
      )
      select r.device_id as "deviceId", r.parameter_number as "number", r.day_index || ':' || r.position as "key", ${AGGREGATES}
      from hits r group by r.day_index, r.position, r.device_id, r.parameter_number
      union all
      select r.device_id, r.parameter_number, r.day_index || ':all', ${AGGREGATES}
      from (select distinct on (day_index, device_id, parameter_number, bucket) * from hits) r
      group by r.day_index, r.device_id, r.parameter_number`.execute(this.db);
    return toRows(result.rows);
  }
}

function hasSeries(selection: SeriesSelection): boolean {
  return selection.deviceIds.length > 0 && selection.numbers.length > 0 && selection.companyIds.length > 0;
}

/** Rows of the selected devices and parameters; company_id repeats the tenancy the device lookup applied. */
export function seriesFilter(selection: SeriesSelection, alias = 'r'): RawBuilder<unknown> {
  const t = sql.raw(alias);
  return sql`${t}.company_id = any(${selection.companyIds}::int[]) and ${t}.device_id = any(${selection.deviceIds}::int[])
    and ${t}.parameter_number = any(${selection.numbers}::int[])`;
}

import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { ParameterAggregation } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ShiftDefinition, ShiftWindow } from './plans.ts';
import { wholeMonths } from './plans.ts';

/** A device the caller may see, with what a rollup read needs of it. */
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

/**
 * The values of one device parameter read from a rollup, one per stored bucket or group: `keys[i]` names the
 * category of `values[i]` (epoch seconds of a 5-minute or hour bucket, a day/month/year label, or for shifts
 * `dayIndex × SHIFT_KEY_STRIDE + position + 1`, and `dayIndex × SHIFT_KEY_STRIDE` for the date's total).
 */
export interface SeriesColumn {
  deviceId: number;
  number: number;
  keys: (string | number)[];
  values: (number | null)[];
}

/** Which rows one rollup query reads: devices of known companies, parameter numbers, and each series' aggregation. */
export interface SeriesSelection {
  companyIds: number[];
  deviceIds: number[];
  numbers: number[];
  /** Every device × number to read, with the aggregation its device type gives the number. */
  series: { deviceId: number; number: number; aggregation: ParameterAggregation }[];
}

// A parameter's value from a rollup bucket, or from a group of buckets, as its aggregation asks (ARCHITECTURE §4):
// sum → sum, avg → sum/count, min, max, last → the reading with the latest timestamp. Computed in SQL so that one
// number per bucket crosses the wire instead of every aggregate, and each series comes back as two JSON arrays:
// node-postgres parses one JSON text far faster than tens of thousands of rows (docs/performance.md).
const BUCKET_VALUE = sql`case w.agg when 'sum' then r.sum when 'avg' then r.sum / nullif(r.count, 0) when 'min' then r.min
  when 'max' then r.max else r.last_value end`;

// Groups of rollup rows are merged with every aggregate at once (MERGED, over rows `r`), and the value is picked after
// the merge (MERGED_VALUE, over merged rows `g`). The last value travels as [epoch seconds of its reading, value]:
// max() of that pair is the value with the latest timestamp (timestamps of one series are distinct), and unlike
// array_agg(… order by …) it lets PostgreSQL hash the groups instead of sorting every group's rows.
const MERGED = sql`sum(r.sum) as sum, sum(r.count)::int8 as count, min(r.min) as min, max(r.max) as max,
  max(array[date_part('epoch', r.last_ts), r.last_value]) as last_pair`;
const MERGED_VALUE = sql`case w.agg when 'sum' then g.sum when 'avg' then g.sum / nullif(g.count, 0) when 'min' then g.min
  when 'max' then g.max else g.last_pair[2] end`;

/** Shift keys: dayIndex × stride + position + 1 for a shift cell, dayIndex × stride for the date's total. */
export const SHIFT_KEY_STRIDE = 16;

// The rollup is scanned once with the device and number lists as index keys, then joined to the wanted series. Without
// the fence PostgreSQL nests the scan under the series list and repeats every index descent per series (measured at
// 50 million readings: 236 ms instead of 35 ms for a day of 100 series at 5 minutes).
const SCAN_FENCE = sql`offset 0`;

/** The wanted series as a relation `w(device_id, parameter_number, agg)`. */
function wantedSeries(selection: SeriesSelection): RawBuilder<unknown> {
  return sql`unnest(${selection.series.map((s) => s.deviceId)}::int[], ${selection.series.map((s) => s.number)}::int[],
    ${selection.series.map((s) => s.aggregation)}::text[]) as w(device_id, parameter_number, agg)`;
}

type ColumnRow = { deviceId: number; number: number; keys: (string | number)[]; values: (number | null)[] };

/**
 * Reads the rollup tables as series of one value per bucket, date or shift, and the devices, parameters and shifts
 * such a read is planned from. Diagnostics, reports, summaries and device histories read through it, so a screen and
 * a report over the same range agree; never the raw readings (diagnostics/raw-repository.ts reads those).
 */
export class RollupRepository {
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

  shiftsOf(companyId: number): Promise<ShiftDefinition[]> {
    return this.db
      .selectFrom('production_shifts')
      .select(['position', 'name', 'hour_start as hourStart', 'hour_end as hourEnd'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .execute();
  }

  /**
   * Whether any work, active or counter reading of the devices fell on the local dates from..to (the day rollup is in
   * the company's dates): a report whose every number is 0 because nothing was read says so, one of real zeros does not.
   */
  async hasWorkReadings(companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<boolean> {
    if (deviceIds.length === 0) return false;
    const numbers = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active, PARAMETER_NUMBERS.counter];
    const result = await sql<{ found: boolean }>`
      select exists (select 1 from readings_day where company_id = ${companyId} and device_id = any(${[...deviceIds]}::int[])
        and parameter_number = any(${numbers}::int[]) and day >= ${from}::date and day <= ${to}::date) as "found"`.execute(this.db);
    return result.rows[0]?.found === true;
  }

  /** The stored buckets of readings_5min or readings_hour in [start, end); keys are epoch seconds of bucket starts. */
  async bucketColumns(level: '5min' | 'hour', selection: SeriesSelection, start: Date, end: Date): Promise<SeriesColumn[]> {
    if (!hasSeries(selection)) return [];
    const table = level === '5min' ? sql.table('readings_5min') : sql.table('readings_hour');
    const result = await sql<ColumnRow>`
      select r.device_id as "deviceId", r.parameter_number as "number",
        json_agg(date_part('epoch', r.bucket)::int8) as "keys", json_agg(${BUCKET_VALUE}) as "values"
      from (select * from ${table} r where ${seriesFilter(selection)} and r.bucket >= ${start} and r.bucket < ${end} ${SCAN_FENCE}) r
      join ${wantedSeries(selection)} on w.device_id = r.device_id and w.parameter_number = r.parameter_number
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /**
   * Local days from..to, per day or combined into months or years (key = the label). Months that lie wholly inside
   * the range are read from readings_month, the partial months at its ends from readings_day: a year is at most
   * 13 month rows and ~60 day rows per series instead of 366 day rows.
   */
  async dayColumns(grouping: 'day' | 'month' | 'year', selection: SeriesSelection, from: string, to: string): Promise<SeriesColumn[]> {
    if (!hasSeries(selection)) return [];
    if (grouping === 'day') {
      const result = await sql<ColumnRow>`
        select r.device_id as "deviceId", r.parameter_number as "number", json_agg(r.day::text) as "keys", json_agg(${BUCKET_VALUE}) as "values"
        from (select * from readings_day r where ${seriesFilter(selection)} and r.day >= ${from}::date and r.day <= ${to}::date ${SCAN_FENCE}) r
        join ${wantedSeries(selection)} on w.device_id = r.device_id and w.parameter_number = r.parameter_number
        group by 1, 2`.execute(this.db);
      return result.rows;
    }
    const unit = grouping === 'month' ? sql.lit('month') : sql.lit('year');
    const months = wholeMonths(from, to);
    const rows = months
      ? sql`select r.device_id, r.parameter_number, date_trunc(${unit}, r.day::timestamp)::date as key, r.sum, r.count, r.min, r.max, r.last_ts, r.last_value
          from readings_day r where ${seriesFilter(selection)}
            and ((r.day >= ${from}::date and r.day < ${months.first}::date) or (r.day >= ${months.end}::date and r.day <= ${to}::date))
          union all
          select r.device_id, r.parameter_number, date_trunc(${unit}, r.month::timestamp)::date, r.sum, r.count, r.min, r.max, r.last_ts, r.last_value
          from readings_month r where ${seriesFilter(selection)} and r.month >= ${months.first}::date and r.month <= ${months.last}::date`
      : sql`select r.device_id, r.parameter_number, date_trunc(${unit}, r.day::timestamp)::date as key, r.sum, r.count, r.min, r.max, r.last_ts, r.last_value
          from readings_day r where ${seriesFilter(selection)} and r.day >= ${from}::date and r.day <= ${to}::date`;
    const label = grouping === 'month' ? sql.lit('YYYY-MM') : sql.lit('YYYY');
    const result = await sql<ColumnRow>`
      select g.device_id as "deviceId", g.parameter_number as "number", json_agg(to_char(g.key, ${label})) as "keys", json_agg(${MERGED_VALUE}) as "values"
      from (select r.device_id, r.parameter_number, r.key, ${MERGED} from (${rows}) r group by 1, 2, 3) g
      join ${wantedSeries(selection)} on w.device_id = g.device_id and w.parameter_number = g.parameter_number
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /**
   * Shift cells and date totals (keys: SHIFT_KEY_STRIDE) from readings_shift, the rollup ingest keeps per shift
   * window of the company's current shifts (migration 005). Only for shifts that do not overlap: then a date's total
   * is the plain merge of its cells. dayIndex counts local dates from `from`.
   */
  async shiftCells(selection: SeriesSelection, from: string, to: string): Promise<SeriesColumn[]> {
    if (!hasSeries(selection)) return [];
    const result = await sql<ColumnRow>`
      with cells as (select * from readings_shift r where ${seriesFilter(selection)} and r.day >= ${from}::date and r.day <= ${to}::date ${SCAN_FENCE})
      select c.device_id as "deviceId", c.parameter_number as "number", json_agg(c.key) as "keys", json_agg(c.value) as "values"
      from (
        select r.device_id, r.parameter_number, (r.day - ${from}::date) * ${SHIFT_KEY_STRIDE} + r.position + 1 as key, ${BUCKET_VALUE} as value
        from cells r join ${wantedSeries(selection)} on w.device_id = r.device_id and w.parameter_number = r.parameter_number
        union all
        select g.device_id, g.parameter_number, g.day_index * ${SHIFT_KEY_STRIDE}, ${MERGED_VALUE}
        from (select r.device_id, r.parameter_number, r.day - ${from}::date as day_index, ${MERGED} from cells r group by 1, 2, 3) g
        join ${wantedSeries(selection)} on w.device_id = g.device_id and w.parameter_number = g.parameter_number
      ) c
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /**
   * Sums of the stored values per device, number and shift over the dates from..to, from readings_shift (shifts that
   * do not overlap, of the devices' own company): the factory shift chart's totals without a cell per date.
   */
  async shiftTotals(selection: SeriesSelection, from: string, to: string): Promise<{ deviceId: number; number: number; position: number; sum: number }[]> {
    if (!hasSeries(selection)) return [];
    const result = await sql<{ deviceId: number; number: number; position: number; sum: number }>`
      select r.device_id as "deviceId", r.parameter_number as "number", r.position::int as "position", sum(r.sum)::float8 as "sum"
      from readings_shift r where ${seriesFilter(selection)} and r.day >= ${from}::date and r.day <= ${to}::date
      group by 1, 2, 3`.execute(this.db);
    return result.rows;
  }

  /**
   * Shift cells and date totals (keys as shiftCells) of any shifts, overlapping ones included, grouped from the
   * hour or 5-minute rollup per request: a bucket counts in every window it lies in, and once per date in the date's
   * total. Shifts are whole local hours: when every window starts and ends on a UTC hour (any whole-hour offset) the
   * hour rollup tiles them exactly and is read, twelve times fewer rows than 5 minutes.
   */
  async shiftColumns(selection: SeriesSelection, windows: ShiftWindow[]): Promise<SeriesColumn[]> {
    if (!hasSeries(selection) || windows.length === 0) return [];
    const first = new Date(Math.min(...windows.map((w) => w.start.getTime())));
    const last = new Date(Math.max(...windows.map((w) => w.end.getTime())));
    const table = windows.every((w) => w.start.getTime() % HOUR_MS === 0 && w.end.getTime() % HOUR_MS === 0)
      ? sql.table('readings_hour')
      : sql.table('readings_5min');
    const result = await sql<ColumnRow>`
      with hits as (
        select x.day_index, x.position, r.device_id, r.parameter_number, r.bucket, r.sum, r.count, r.min, r.max, r.last_ts, r.last_value
        from (select * from ${table} r where ${seriesFilter(selection)} and r.bucket >= ${first} and r.bucket < ${last} ${SCAN_FENCE}) r
        join unnest(${windows.map((w) => w.dayIndex)}::int[], ${windows.map((w) => w.position)}::int[], ${windows.map((w) => w.start)}::timestamptz[],
          ${windows.map((w) => w.end)}::timestamptz[]) as x(day_index, position, starts, ends) on r.bucket >= x.starts and r.bucket < x.ends
      ), merged as (
        select r.device_id, r.parameter_number, r.day_index * ${SHIFT_KEY_STRIDE} + r.position + 1 as key, ${MERGED} from hits r group by 1, 2, 3
        union all
        select r.device_id, r.parameter_number, r.day_index * ${SHIFT_KEY_STRIDE}, ${MERGED}
        from (select distinct on (day_index, device_id, parameter_number, bucket) * from hits) r group by 1, 2, 3
      )
      select g.device_id as "deviceId", g.parameter_number as "number", json_agg(g.key) as "keys", json_agg(${MERGED_VALUE}) as "values"
      from merged g join ${wantedSeries(selection)} on w.device_id = g.device_id and w.parameter_number = g.parameter_number
      group by 1, 2`.execute(this.db);
    return result.rows;
  }
}

const HOUR_MS = 3_600_000;

function hasSeries(selection: SeriesSelection): boolean {
  return selection.series.length > 0 && selection.companyIds.length > 0;
}

/** Rows of the selected devices and parameters; company_id repeats the tenancy the device lookup applied. */
export function seriesFilter(selection: SeriesSelection, alias = 'r'): RawBuilder<unknown> {
  const t = sql.raw(alias);
  return sql`${t}.company_id = any(${selection.companyIds}::int[]) and ${t}.device_id = any(${selection.deviceIds}::int[])
    and ${t}.parameter_number = any(${selection.numbers}::int[])`;
}

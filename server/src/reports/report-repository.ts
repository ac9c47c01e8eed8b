import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ShiftDefinition } from '../diagnostics/buckets.ts';
import { parseDate } from '../time/calendar.ts';

/**
 * The read SQL of the device reports (docs/reports.md). Every query names the company: a report is of one company,
 * and ids of another company's devices or groups simply match nothing. Work, active time and the counter are the
 * `sum` of parameters 1, 2 and 3 in the rollups (5 minutes, local days, shift cells); raw readings are never read.
 */

export interface ReportDevice {
  id: number;
  name: string;
}

export interface ReportGroup {
  id: number;
  name: string;
  deviceIds: number[];
}

/** Work (1), active (2) and counter (3) sums of one device in one bucket; `readings` counts the raw readings behind them. */
export interface WorkSums {
  work: number;
  active: number;
  counter: number;
  readings: number;
}

export interface BucketSums extends WorkSums {
  bucket: number;
  deviceId: number;
}

export interface ShiftCellSums extends WorkSums {
  day: string;
  position: number;
  deviceId: number;
}

export interface FiveMinuteRow extends WorkSums {
  deviceId: number;
  /** Epoch milliseconds of the 5-minute bucket's start. */
  bucket: number;
}

export interface OperatorSpan {
  deviceId: number;
  start: number;
  /** Null while the card is still in the reader. */
  end: number | null;
  operator: string;
}

export interface DeviceCount {
  deviceId: number;
  count: number;
}

// Sums of the three work parameters over rollup rows `r`, one column each, and how many readings they hold.
const WORK_SUMS = sql`coalesce(sum(r.sum) filter (where r.parameter_number = 1), 0)::float8 as "work",
  coalesce(sum(r.sum) filter (where r.parameter_number = 2), 0)::float8 as "active",
  coalesce(sum(r.sum) filter (where r.parameter_number = 3), 0)::float8 as "counter",
  sum(r.count)::int as "readings"`;
const WORK_NUMBERS = sql`r.parameter_number in (1, 2, 3)`;

export class ReportRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async companyTimezone(companyId: number): Promise<string | null> {
    const row = await this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst();
    return row?.timezone ?? null;
  }

  /** The company's devices among `ids`, by name. */
  devices(companyId: number, ids: readonly number[]): Promise<ReportDevice[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('devices')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** The company's groups among `ids`, by name, each with its devices (possibly none). */
  async groups(companyId: number, ids: readonly number[]): Promise<ReportGroup[]> {
    if (ids.length === 0) return [];
    const result = await sql<ReportGroup>`
      select g.id, g.name, coalesce(array_agg(m.device_id order by m.device_id) filter (where m.device_id is not null), '{}') as "deviceIds"
      from device_groups g left join device_group_devices m on m.device_group_id = g.id
      where g.company_id = ${companyId} and g.id = any(${[...ids]}::int[])
      group by g.id, g.name
      order by lower(g.name), g.id`.execute(this.db);
    return result.rows;
  }

  shifts(companyId: number): Promise<ShiftDefinition[]> {
    return this.db
      .selectFrom('production_shifts')
      .select(['position', 'name', 'hour_start as hourStart', 'hour_end as hourEnd'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .execute();
  }

  /**
   * Sums per device and bucket of local dates from the day rollup: local days already hold 23 or 25 hours on the days
   * clocks change. Buckets are consecutive runs of dates: `firsts` are their first dates in order, `last` the period's
   * last date; `bucket` is the index into `firsts` (width_bucket finds it without joining every row to every bucket).
   */
  async dateBucketSums(companyId: number, deviceIds: readonly number[], firsts: readonly string[], last: string): Promise<BucketSums[]> {
    if (deviceIds.length === 0 || firsts.length === 0) return [];
    const result = await sql<BucketSums>`
      select (width_bucket(r.day - ${firsts[0]}::date, ${firsts.map((first) => parseDate(first) - parseDate(firsts[0]!))}::int[]) - 1)::int as "bucket",
        r.device_id as "deviceId", ${WORK_SUMS}
      from readings_day r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and ${WORK_NUMBERS}
        and r.day between ${firsts[0]}::date and ${last}::date
      group by 1, 2`.execute(this.db);
    return result.rows;
  }

  /** Sums per device, date and shift position from the shift rollup (a night shift belongs to the date it starts on). */
  async shiftCellSums(companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<ShiftCellSums[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<ShiftCellSums>`
      select r.day::text as "day", r.position::int as "position", r.device_id as "deviceId", ${WORK_SUMS}
      from readings_shift r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and ${WORK_NUMBERS}
        and r.day between ${from}::date and ${to}::date
      group by 1, 2, 3`.execute(this.db);
    return result.rows;
  }

  /** The stored 5-minute buckets of the devices in [start, end), by device, then in time order. */
  async fiveMinuteRows(companyId: number, deviceIds: readonly number[], start: number, end: number): Promise<FiveMinuteRow[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<FiveMinuteRow>`
      select r.device_id as "deviceId", (extract(epoch from r.bucket) * 1000)::float8 as "bucket", ${WORK_SUMS}
      from readings_5min r
      where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and ${WORK_NUMBERS}
        and r.bucket >= ${new Date(start)} and r.bucket < ${new Date(end)}
      group by r.device_id, r.bucket
      order by r.device_id, r.bucket`.execute(this.db);
    return result.rows;
  }

  /** The devices' RFID sessions that overlap [start, end), by device, then in time order, with the operator's name (the card's number for a card no operator carries). */
  async operatorSpans(companyId: number, deviceIds: readonly number[], start: number, end: number): Promise<OperatorSpan[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<OperatorSpan>`
      select s.device_id as "deviceId", (extract(epoch from s.started_at) * 1000)::float8 as "start",
        (extract(epoch from s.ended_at) * 1000)::float8 as "end",
        coalesce(o.lastname || ' ' || o.firstname, s.rfid) as "operator"
      from operator_sessions s left join operators o on o.id = s.operator_id and o.company_id = s.company_id
      where s.company_id = ${companyId} and s.device_id = any(${[...deviceIds]}::int[])
        and s.started_at < ${new Date(end)} and (s.ended_at is null or s.ended_at > ${new Date(start)})
      order by s.device_id, s.started_at`.execute(this.db);
    return result.rows;
  }

  /**
   * Work (parameter 1) per device and 15-minute slot in [start, end) from the 5-minute rollup, as two arrays per
   * device: `slots` counts quarter hours from `start`, `work` holds their sums (node-postgres parses one JSON text per
   * device far faster than a row per slot). Slots are UTC quarter hours, which are local quarter hours in every zone
   * whose offset is a multiple of 15 minutes (all of them today); `start` must be one.
   */
  async quarterHourWork(
    companyId: number,
    deviceIds: readonly number[],
    start: number,
    end: number,
  ): Promise<{ deviceId: number; slots: number[]; work: number[] }[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<{ deviceId: number; slots: number[]; work: number[] }>`
      select q.device_id as "deviceId", json_agg(q.slot) as "slots", json_agg(q.work) as "work"
      from (
        select r.device_id, floor(extract(epoch from r.bucket - ${new Date(start)}::timestamptz) / 900)::int as slot, sum(r.sum)::float8 as work
        from readings_5min r
        where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number = 1
          and r.bucket >= ${new Date(start)} and r.bucket < ${new Date(end)}
        group by 1, 2
      ) q
      group by 1`.execute(this.db);
    return result.rows;
  }

  /** Per device, the local dates from..to with work (parameter 1 above zero); the union of them in `any`. */
  async daysWorked(companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<{ perDevice: DeviceCount[]; any: number }> {
    if (deviceIds.length === 0) return { perDevice: [], any: 0 };
    const result = await sql<{ deviceId: number | null; count: number }>`
      with worked as (
        select r.device_id, r.day from readings_day r
        where r.company_id = ${companyId} and r.device_id = any(${[...deviceIds]}::int[]) and r.parameter_number = 1 and r.sum > 0
          and r.day between ${from}::date and ${to}::date
      )
      select device_id as "deviceId", count(*)::int as "count" from worked group by device_id
      union all
      select null, count(distinct day)::int from worked`.execute(this.db);
    return splitCounts(result.rows);
  }

  /** Per device, how many known operators had a session on it overlapping [start, end); the distinct operators overall in `any`. */
  async operatorCounts(companyId: number, deviceIds: readonly number[], start: number, end: number): Promise<{ perDevice: DeviceCount[]; any: number }> {
    if (deviceIds.length === 0) return { perDevice: [], any: 0 };
    const result = await sql<{ deviceId: number | null; count: number }>`
      with used as (
        select s.device_id, s.operator_id from operator_sessions s
        where s.company_id = ${companyId} and s.device_id = any(${[...deviceIds]}::int[]) and s.operator_id is not null
          and s.started_at < ${new Date(end)} and (s.ended_at is null or s.ended_at > ${new Date(start)})
      )
      select device_id as "deviceId", count(distinct operator_id)::int as "count" from used group by device_id
      union all
      select null, count(distinct operator_id)::int from used`.execute(this.db);
    return splitCounts(result.rows);
  }
}

function splitCounts(rows: { deviceId: number | null; count: number }[]): { perDevice: DeviceCount[]; any: number } {
  const perDevice: DeviceCount[] = [];
  let any = 0;
  for (const row of rows) {
    if (row.deviceId === null) any = row.count;
    else perDevice.push({ deviceId: row.deviceId, count: row.count });
  }
  return { perDevice, any };
}

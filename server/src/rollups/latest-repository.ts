import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

export interface CurrentReadingRow {
  number: number;
  name: string;
  unit: string | null;
  value: number;
  ts: Date;
}

/** Today's sums over a device group's devices; null when none of them has a reading of the parameter today. */
export interface GroupDayRow {
  groupId: number;
  work: number | null;
  active: number | null;
}

export interface TaggedReadingRow {
  deviceId: number;
  tag: string;
  value: number;
  ts: Date;
  unit: string | null;
}

/**
 * Whether a company has telemetry, as a condition another statement can hold (the companies list's timezone lock):
 * day rollups of any of its devices (read through the rollup's primary key, which starts with the device).
 */
export const hasTelemetry = (companyId: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from devices d join readings_day r on r.device_id = d.id where d.company_id = ${companyId})`;

/**
 * What the rollups say of devices now: today's work and activity (of devices and of device groups), the newest value of
 * each parameter of a device or of tagged parameters.
 */
export class LatestReadingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Work (1) and active (2) seconds of each device on its company's current local date. */
  async today(deviceIds: number[]): Promise<{ deviceId: number; number: number; sum: number }[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<{ deviceId: number; number: number; sum: number }>`
      select r.device_id as "deviceId", r.parameter_number as number, r.sum::float8 as sum
      from readings_day r join companies c on c.id = r.company_id
      where r.device_id = any(${deviceIds}::int[]) and r.parameter_number in (${PARAMETER_NUMBERS.work}, ${PARAMETER_NUMBERS.active})
        and r.day = (now() at time zone c.timezone)::date`.execute(this.db);
    return result.rows;
  }

  /** Work and active seconds summed over each device group's devices for its company's local date at `now`. */
  async groupsToday(groupIds: readonly number[], now: Date): Promise<GroupDayRow[]> {
    if (groupIds.length === 0) return [];
    const result = await sql<GroupDayRow>`
      select l.device_group_id as "groupId",
        sum(r.sum) filter (where r.parameter_number = ${PARAMETER_NUMBERS.work}::int)::float8 as work,
        sum(r.sum) filter (where r.parameter_number = ${PARAMETER_NUMBERS.active}::int)::float8 as active
      from device_group_devices l
      join companies c on c.id = l.company_id
      join readings_day r on r.device_id = l.device_id and r.company_id = l.company_id
        and r.parameter_number in (${PARAMETER_NUMBERS.work}::int, ${PARAMETER_NUMBERS.active}::int)
        and r.day = (${now}::timestamptz at time zone c.timezone)::date
      where l.device_group_id = any(${[...groupIds]}::int[])
      group by l.device_group_id`.execute(this.db);
    return result.rows;
  }

  /** The newest value of each of the device's parameters (but the internal one), from its newest 5-minute bucket. */
  async currentReadings(deviceId: number): Promise<CurrentReadingRow[]> {
    const result = await sql<CurrentReadingRow>`
      select p.number, p.name, u.short as unit, r.last_value as value, r.last_ts as ts
      from devices d
      join parameters p on p.device_type_id = d.device_type_id and p.number <> ${PARAMETER_NUMBERS.internal}
      left join units u on u.id = p.unit_id
      cross join lateral (
        select last_value, last_ts from readings_5min r where r.device_id = d.id and r.parameter_number = p.number order by r.bucket desc limit 1
      ) r
      where d.id = ${deviceId}
      order by p.number`.execute(this.db);
    return result.rows;
  }

  /** The newest value of each device's parameters carrying one of `tags` (from the newest 5-minute bucket). */
  async latestTagged(deviceIds: number[], tags: string[]): Promise<TaggedReadingRow[]> {
    if (deviceIds.length === 0) return [];
    const result = await sql<TaggedReadingRow>`
      select d.id as "deviceId", t.tag, r.last_value as value, r.last_ts as ts, u.short as unit
      from devices d
      join parameters p on p.device_type_id = d.device_type_id
      join unnest(${tags}::text[]) as t(tag) on t.tag = any(p.tags)
      left join units u on u.id = p.unit_id
      cross join lateral (
        select last_value, last_ts from readings_5min r
        where r.device_id = d.id and r.parameter_number = p.number
        order by r.bucket desc limit 1
      ) r
      where d.id = any(${deviceIds}::int[])`.execute(this.db);
    return result.rows;
  }
}

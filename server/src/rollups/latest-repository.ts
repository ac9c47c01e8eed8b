import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

export interface TaggedReadingRow {
  deviceId: number;
  tag: string;
  value: number;
  ts: Date;
  unit: string | null;
}

/** What the rollups say of devices now: today's work and activity, the newest values of tagged parameters. */
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

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A device of the company with what its summaries read of its live state. */
export interface SummaryDeviceRow {
  id: number;
  name: string;
  status: string;
  lastWorkAt: Date | null;
  lastSyncAt: Date | null;
  /** The newest contact of any of its modules; null when none ever made contact. */
  lastContactAt: Date | null;
}

export interface DeviceGroupRow {
  deviceId: number;
  id: number;
  name: string;
}

/** The SQL of the device summaries (server/src/summaries/devices): always scoped by the company. */
export class DeviceSummariesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async companyTimezone(companyId: number): Promise<string> {
    return (await this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow()).timezone;
  }

  /**
   * The company's devices: all of them when `selection` is null, else the chosen devices and the devices of the chosen
   * groups. Another company's ids select nothing.
   */
  async devices(companyId: number, selection: { devices: number[]; deviceGroups: number[] } | null): Promise<SummaryDeviceRow[]> {
    const chosen =
      selection === null
        ? sql`true`
        : sql`(d.id = any(${selection.devices}::int[])
            or d.id in (select gd.device_id from device_group_devices gd join device_groups g on g.id = gd.device_group_id
                        where g.company_id = ${companyId} and g.id = any(${selection.deviceGroups}::int[])))`;
    const result = await sql<SummaryDeviceRow>`
      select d.id, d.name, d.status, s.last_work_at as "lastWorkAt", s.last_sync_at as "lastSyncAt",
        (select max(ss.last_contact_at) from sensors m join sensor_state ss on ss.sensor_id = m.id where m.device_id = d.id) as "lastContactAt"
      from devices d
      left join device_state s on s.device_id = d.id
      where d.company_id = ${companyId} and ${chosen}
      order by lower(d.name), d.id`.execute(this.db);
    return result.rows;
  }

  async groupsOf(companyId: number, deviceIds: number[]): Promise<DeviceGroupRow[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('device_group_devices as gd')
      .innerJoin('device_groups as g', 'g.id', 'gd.device_group_id')
      .select(['gd.device_id as deviceId', 'g.id', 'g.name'])
      .where('g.company_id', '=', companyId)
      .where('gd.device_id', 'in', deviceIds)
      .orderBy('g.name')
      .execute();
  }
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { DEVICE_STATUS_WINDOW_MINUTES } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';

/** A device whose status changed, with its new status (as ingest's statusChanged hook reports it). */
export interface DeviceStatusChange {
  companyId: number;
  deviceId: number;
  online: boolean;
  working: boolean;
}

/** The SQL of the `device-status` events: who is told, and the statuses that time has ended. */
export class DeviceStatusEventsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Active users of the companies, by company: they see every device of theirs. */
  async companyUsers(companyIds: readonly number[]): Promise<{ companyId: number; userId: number }[]> {
    if (companyIds.length === 0) return [];
    return this.db
      .selectFrom('users')
      .select(['company_id as companyId', 'id as userId'])
      .where('company_id', 'in', [...companyIds])
      .where('is_active', '=', true)
      .orderBy('id')
      .execute();
  }

  /**
   * Turns off the announced online and working of the devices whose window has passed since (no call, no work
   * reading within DEVICE_STATUS_WINDOW_MINUTES) and returns them with their new status. Only statuses turned on
   * (by ingest) are turned off: one scan of the last-seen rows, one write per device that changed. A batch committing
   * meanwhile holds the row: the update waits and then sees its times, so it never turns off what the batch renewed.
   */
  async expire(): Promise<DeviceStatusChange[]> {
    const window = sql`now() - make_interval(mins => ${DEVICE_STATUS_WINDOW_MINUTES}::int)`;
    const online = sql`coalesce(last_sync_at >= ${window}, false)`;
    const working = sql`coalesce(last_work_at >= ${window}, false)`;
    const result = await sql<DeviceStatusChange>`
      update device_state set online = online and ${online}, working = working and ${working}, status_changed_at = now()
      where (online and not ${online}) or (working and not ${working})
      returning company_id as "companyId", device_id as "deviceId", online, working`.execute(this.db);
    return result.rows.sort((a, b) => a.deviceId - b.deviceId);
  }
}

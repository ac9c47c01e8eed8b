import type { DeviceStatusListFilter, DeviceStatusSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../security/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';

export interface DeviceStatusRow {
  id: number;
  name: string;
  powerState: string;
  deviceTypeId: number;
  deviceTypeName: string;
  companyId: number;
  companyName: string;
  timezone: string;
  lastSyncAt: Date | null;
  lastReadingAt: Date | null;
  lastWorkAt: Date | null;
  lastPositionAt: Date | null;
  powerChangedAt: Date | null;
  lat: number | null;
  lon: number | null;
  accuracy: number | null;
  currentRfid: string | null;
  operatorId: number | null;
  operatorName: string | null;
}

export interface StatusSensorRow {
  deviceId: number;
  id: number;
  name: string;
  serialNumber: string;
  lastContactAt: Date | null;
}

const SORT_COLUMNS = { id: sql`d.id`, name: sql`lower(d.name)`, lastSync: sql`s.last_sync_at` } as const;

/** The last-seen state of devices (kept by ingest in device_state and sensor_state) and today's totals. */
export class DeviceStatusRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(scope: TenantScope, request: ListRequest<DeviceStatusSortField, DeviceStatusListFilter>, onlyId?: number): Promise<Page<DeviceStatusRow>> {
    const conditions = [sql`true`];
    if (scope.kind === 'company') conditions.push(sql`d.company_id = ${scope.companyId}`);
    if (onlyId !== undefined) conditions.push(sql`d.id = ${onlyId}`);
    if (request.search) conditions.push(sql`d.name ilike ${likePattern(request.search)}`);
    const group = request.filter.deviceGroup;
    if (group !== undefined) conditions.push(sql`d.id in (select device_id from device_group_devices where device_group_id = ${group})`);
    const where = sql.join(conditions, sql` and `);
    const total = (await sql<{ n: number }>`select count(*)::int as n from devices d where ${where}`.execute(this.db)).rows[0]?.n ?? 0;
    const order = sql.join(
      request.sort.map((term) => sql`${SORT_COLUMNS[term.field]} ${sql.raw(term.direction === 'desc' ? 'desc nulls last' : 'asc nulls first')}`),
      sql`, `,
    );
    const limit = request.limit === null ? sql`` : sql`limit ${request.limit} offset ${request.offset}`;
    const rows = await sql<DeviceStatusRow>`
      select d.id, d.name, d.power_state as "powerState", t.id as "deviceTypeId", t.name as "deviceTypeName",
        c.id as "companyId", c.name as "companyName", c.timezone,
        s.last_sync_at as "lastSyncAt", s.last_reading_at as "lastReadingAt", s.last_work_at as "lastWorkAt",
        s.last_position_at as "lastPositionAt", s.power_changed_at as "powerChangedAt", s.lat, s.lon, s.accuracy,
        s.current_rfid as "currentRfid", o.id as "operatorId", nullif(trim(o.firstname || ' ' || o.lastname), '') as "operatorName"
      from devices d
      join device_types t on t.id = d.device_type_id
      join companies c on c.id = d.company_id
      left join device_state s on s.device_id = d.id
      left join operators o on o.company_id = d.company_id and upper(o.rfid) = upper(s.current_rfid)
      where ${where}
      order by ${order}, d.id
      ${limit}`.execute(this.db);
    return { entries: rows.rows, total };
  }

  sensorsOf(deviceIds: number[]): Promise<StatusSensorRow[]> {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sensors')
      .leftJoin('sensor_state', 'sensor_state.sensor_id', 'sensors.id')
      .select([
        'sensors.device_id as deviceId',
        'sensors.id',
        'sensors.name',
        'sensors.serial_number as serialNumber',
        'sensor_state.last_contact_at as lastContactAt',
      ])
      .where('sensors.device_id', 'in', deviceIds)
      .orderBy('sensors.name')
      .execute() as Promise<StatusSensorRow[]>;
  }
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { IoParameterMapping } from './avl-mapping.ts';
import type { WorkActivitySample } from './work-activity.ts';

/** A module of protocol `teltonika` with what reading its packets needs. */
export interface TeltonikaModuleRow {
  sensorId: number;
  serialNumber: string;
  isActive: boolean;
  companyId: number;
  deviceId: number | null;
  timezone: string;
  /** Null: the default period. */
  sendPeriodSeconds: number | null;
  /** The IO-mapped parameters of the device's type; none without a device. */
  parameters: IoParameterMapping[];
  lastRecord: WorkActivitySample | null;
  currentCard: string | null;
}

/** The Teltonika listener's reads and its one write of its own (the latest record, in the batch's transaction). */
export class TeltonikaRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The `teltonika` module with this IMEI (active or not), or undefined when no Teltonika module has it. */
  async findModule(imei: string): Promise<TeltonikaModuleRow | undefined> {
    const row = await this.db
      .selectFrom('sensors')
      .innerJoin('companies', 'companies.id', 'sensors.company_id')
      .leftJoin('devices', 'devices.id', 'sensors.device_id')
      .leftJoin('device_state', 'device_state.device_id', 'sensors.device_id')
      // The latest record counts only for the device it was sent for: a module moved since starts afresh.
      .leftJoin('teltonika_last_records', (join) =>
        join
          .onRef('teltonika_last_records.sensor_id', '=', 'sensors.id')
          .on(sql<boolean>`teltonika_last_records.device_id is not distinct from sensors.device_id`),
      )
      .select([
        'sensors.id as sensorId',
        'sensors.serial_number as serialNumber',
        'sensors.is_active as isActive',
        'sensors.company_id as companyId',
        'sensors.device_id as deviceId',
        'sensors.send_period_seconds as sendPeriodSeconds',
        'companies.timezone as timezone',
        'devices.device_type_id as deviceTypeId',
        'device_state.current_rfid as currentCard',
        'teltonika_last_records.ts as lastTs',
        'teltonika_last_records.ignition as lastIgnition',
        'teltonika_last_records.moving as lastMoving',
      ])
      .where('sensors.protocol', '=', 'teltonika')
      // An IMEI is digits: upper() changes nothing but lets the unique index on upper(serial_number) find it.
      .where(sql<string>`upper(sensors.serial_number)`, '=', imei)
      .executeTakeFirst();
    if (!row) return undefined;
    const parameters =
      row.deviceTypeId === null
        ? []
        : await this.db
            .selectFrom('parameters')
            .select(['number as parameter', 'teltonika_io_id as ioId', 'teltonika_multiplier as multiplier', 'teltonika_offset as offset'])
            .where('device_type_id', '=', row.deviceTypeId)
            .where('teltonika_io_id', 'is not', null)
            .orderBy('number')
            .execute();
    return {
      sensorId: row.sensorId,
      serialNumber: row.serialNumber,
      isActive: row.isActive,
      companyId: row.companyId,
      deviceId: row.deviceId,
      timezone: row.timezone,
      sendPeriodSeconds: row.sendPeriodSeconds,
      parameters: parameters.map((p) => ({ parameter: p.parameter, ioId: p.ioId!, multiplier: p.multiplier, offset: p.offset })),
      lastRecord: row.lastTs === null ? null : { timestampMs: new Date(row.lastTs).getTime(), ignition: row.lastIgnition, moving: row.lastMoving },
      currentCard: row.currentCard,
    };
  }

  /**
   * Keeps the module's latest record for the device it is fitted to; an older one (a packet sent again, or late
   * history) never replaces it, except that the first record for another device (the module was moved) always does.
   */
  async saveLastRecord(sensorId: number, deviceId: number | null, record: WorkActivitySample): Promise<void> {
    await sql`
      insert into teltonika_last_records as t (sensor_id, device_id, ts, ignition, moving)
      values (${sensorId}::int, ${deviceId}::int, ${new Date(record.timestampMs)}::timestamptz, ${record.ignition}, ${record.moving})
      on conflict (sensor_id) do update set device_id = excluded.device_id, ts = excluded.ts, ignition = excluded.ignition, moving = excluded.moving
      where excluded.ts >= t.ts or t.device_id is distinct from excluded.device_id`.execute(this.db);
  }
}

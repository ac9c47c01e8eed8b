import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ModuleIdentity } from '../../telemetry/types.ts';

/** The demo machine's module: found by its serial, and pointed at the port its simulated controller bound. */
export class OpcuaDemoRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The active OPC UA module of `serial`, as the connector knows it; null when there is none (removed, deactivated). */
  async findModule(serial: string): Promise<(ModuleIdentity & { endpointUrl: string }) | null> {
    const row = await this.db
      .selectFrom('sensors')
      .innerJoin('companies', 'companies.id', 'sensors.company_id')
      .innerJoin('opcua_modules', 'opcua_modules.sensor_id', 'sensors.id')
      .select([
        'sensors.id as sensorId',
        'sensors.serial_number as serialNumber',
        'sensors.company_id as companyId',
        'sensors.device_id as deviceId',
        'companies.timezone as timezone',
        'opcua_modules.endpoint_url as endpointUrl',
      ])
      .where('sensors.serial_number', '=', serial)
      .where('sensors.protocol', '=', 'opcua')
      .where('sensors.is_active', '=', true)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The connector sees the new endpoint at its next poll and reconnects there (a module's settings changed). */
  async pointAt(sensorId: number, endpointUrl: string): Promise<void> {
    await this.db.updateTable('opcua_modules').set({ endpoint_url: endpointUrl }).where('sensor_id', '=', sensorId).execute();
  }
}

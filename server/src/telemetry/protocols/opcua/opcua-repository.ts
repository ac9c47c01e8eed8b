import type { Kysely } from 'kysely';
import type { OpcuaMapping, OpcuaSecurityMode, OpcuaSecurityPolicy } from '@gearwatch/contracts';
import type { DB } from '../../../db/schema.ts';
import type { ModuleIdentity } from '../../types.ts';
import type { CounterState } from './sampler.ts';

/** What the connector needs of one active OPC UA module. */
export interface OpcuaModuleRow {
  identity: ModuleIdentity;
  endpointUrl: string;
  securityMode: OpcuaSecurityMode;
  securityPolicy: OpcuaSecurityPolicy;
  userName: string | null;
  passwordEncrypted: string | null;
  samplingIntervalMs: number;
  acceptServerCertificate: boolean;
  mapping: OpcuaMapping[];
  counters: CounterState;
  /** Base64 DER: the certificate a super-admin trusted for the machine (trust on first use); null for none. */
  trustedCertificate: string | null;
  /** Base64 DER: the certificate the machine last presented when refused as not trusted. */
  serverCertificate: string | null;
}

/** The connection as the connector reports it on the module (shown in `GET /api/sensors/{id}`). */
export type ConnectionReport = { state: 'connected'; at: Date } | { state: 'offline'; error: string | null; at: Date };

/** The OPC UA connectors' reads and their writes of their own (connection state, counter marks). */
export class OpcuaRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every active module of protocol `opcua`, with its settings, company timezone and counter marks. */
  async activeModules(): Promise<OpcuaModuleRow[]> {
    const rows = await this.db
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
        'opcua_modules.security_mode as securityMode',
        'opcua_modules.security_policy as securityPolicy',
        'opcua_modules.user_name as userName',
        'opcua_modules.password_encrypted as passwordEncrypted',
        'opcua_modules.sampling_interval_ms as samplingIntervalMs',
        'opcua_modules.accept_server_certificate as acceptServerCertificate',
        'opcua_modules.mapping as mapping',
        'opcua_modules.counter_state as counters',
        'opcua_modules.trusted_certificate as trustedCertificate',
        'opcua_modules.server_certificate as serverCertificate',
      ])
      .where('sensors.protocol', '=', 'opcua')
      .where('sensors.is_active', '=', true)
      .orderBy('sensors.id')
      .execute();
    return rows.map((row) => ({
      identity: { sensorId: row.sensorId, serialNumber: row.serialNumber, companyId: row.companyId, deviceId: row.deviceId, timezone: row.timezone },
      endpointUrl: row.endpointUrl,
      securityMode: row.securityMode as OpcuaSecurityMode,
      securityPolicy: row.securityPolicy as OpcuaSecurityPolicy,
      userName: row.userName,
      passwordEncrypted: row.passwordEncrypted,
      samplingIntervalMs: row.samplingIntervalMs,
      acceptServerCertificate: row.acceptServerCertificate,
      mapping: row.mapping as OpcuaMapping[],
      counters: (row.counters ?? {}) as CounterState,
      trustedCertificate: row.trustedCertificate,
      serverCertificate: row.serverCertificate,
    }));
  }

  /** Records the session's state on the module; an error stays until a session is up again. */
  async report(sensorId: number, report: ConnectionReport): Promise<void> {
    const values =
      report.state === 'connected'
        ? { connection_state: 'connected', connected_at: report.at, last_error: null, last_error_at: null }
        : report.error === null
          ? { connection_state: 'offline' }
          : { connection_state: 'offline', last_error: report.error.slice(0, 2000), last_error_at: report.at };
    await this.db.updateTable('opcua_modules').set(values).where('sensor_id', '=', sensorId).execute();
  }

  /** Keeps the certificate (DER) the machine presented when its session was refused as not trusted. */
  async recordServerCertificate(sensorId: number, certificate: Buffer): Promise<void> {
    await this.db
      .updateTable('opcua_modules')
      .set({ server_certificate: certificate.toString('base64'), server_certificate_seen_at: new Date() })
      .where('sensor_id', '=', sensorId)
      .execute();
  }

  /** The counters' marks after a batch, in the batch's transaction (`trx`): they commit with its readings or not at all. */
  static async saveCounters(trx: Kysely<DB>, sensorId: number, counters: CounterState): Promise<void> {
    await trx
      .updateTable('opcua_modules')
      .set({ counter_state: JSON.stringify(counters) })
      .where('sensor_id', '=', sensorId)
      .execute();
  }
}

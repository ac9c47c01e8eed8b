import type { Kysely } from 'kysely';
import type { OpcuaMapping, OpcuaSecurityMode, OpcuaSecurityPolicy } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';

/** An OPC UA module's settings as the module form writes them (the password already sealed, or kept). */
export interface OpcuaSettingsWrite {
  endpointUrl: string;
  securityMode: OpcuaSecurityMode;
  securityPolicy: OpcuaSecurityPolicy;
  userName: string | null;
  /** The sealed password; `keep` leaves the stored one (a blank password field on edit). */
  passwordEncrypted: string | null | 'keep';
  samplingIntervalMs: number;
  acceptServerCertificate: boolean;
  mapping: OpcuaMapping[];
}

/** The stored settings and the connector's report, for the module's answer and form. */
export interface OpcuaSettingsRow extends Omit<OpcuaSettingsWrite, 'passwordEncrypted'> {
  sensorId: number;
  hasPassword: boolean;
  connectionState: string;
  connectedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** The `opcua_modules` rows of the module form (migration 032); the connector has its own repository. */
export class OpcuaSettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async byIds(ids: readonly number[]): Promise<OpcuaSettingsRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('opcua_modules')
      .select([
        'sensor_id as sensorId',
        'endpoint_url as endpointUrl',
        'security_mode as securityMode',
        'security_policy as securityPolicy',
        'user_name as userName',
        'password_encrypted as passwordEncrypted',
        'sampling_interval_ms as samplingIntervalMs',
        'accept_server_certificate as acceptServerCertificate',
        'mapping',
        'connection_state as connectionState',
        'connected_at as connectedAt',
        'last_error as lastError',
        'last_error_at as lastErrorAt',
      ])
      .where('sensor_id', 'in', ids)
      .execute();
    return rows.map(({ passwordEncrypted, ...row }) => ({
      ...row,
      securityMode: row.securityMode as OpcuaSecurityMode,
      securityPolicy: row.securityPolicy as OpcuaSecurityPolicy,
      mapping: row.mapping as OpcuaMapping[],
      hasPassword: passwordEncrypted !== null,
    }));
  }

  /** The sealed password of a module, to check its settings against the machine before saving. */
  async sealedPassword(sensorId: number): Promise<string | null> {
    const row = await this.db.selectFrom('opcua_modules').select('password_encrypted').where('sensor_id', '=', sensorId).executeTakeFirst();
    return row?.password_encrypted ?? null;
  }

  /** Writes the module's settings (a new row, or the changed columns of its row). */
  async save(sensorId: number, settings: OpcuaSettingsWrite): Promise<void> {
    const columns = {
      endpoint_url: settings.endpointUrl,
      security_mode: settings.securityMode,
      security_policy: settings.securityPolicy,
      user_name: settings.userName,
      sampling_interval_ms: settings.samplingIntervalMs,
      accept_server_certificate: settings.acceptServerCertificate,
      mapping: JSON.stringify(settings.mapping),
      ...(settings.passwordEncrypted === 'keep' ? {} : { password_encrypted: settings.passwordEncrypted }),
    };
    await this.db
      .insertInto('opcua_modules')
      .values({ sensor_id: sensorId, ...columns, password_encrypted: settings.passwordEncrypted === 'keep' ? null : settings.passwordEncrypted })
      .onConflict((oc) => oc.column('sensor_id').doUpdateSet(columns))
      .execute();
  }

  /** A module changed to another protocol keeps no OPC UA settings (nor its password). */
  async remove(sensorId: number): Promise<void> {
    await this.db.deleteFrom('opcua_modules').where('sensor_id', '=', sensorId).execute();
  }
}

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
  /** Base64 DER: what the machine presented when refused as not trusted, and what a super-admin trusted. */
  serverCertificate: string | null;
  serverCertificateSeenAt: Date | null;
  trustedCertificate: string | null;
  certificateTrustedAt: Date | null;
}

/** A module with a machine certificate to show: presented and refused, or trusted (the sensors screen's card). */
export interface OpcuaCertificateRow {
  sensorId: number;
  name: string;
  serialNumber: string;
  endpointUrl: string;
  serverCertificate: string | null;
  serverCertificateSeenAt: Date | null;
  trustedCertificate: string | null;
  certificateTrustedAt: Date | null;
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
        'server_certificate as serverCertificate',
        'server_certificate_seen_at as serverCertificateSeenAt',
        'trusted_certificate as trustedCertificate',
        'certificate_trusted_at as certificateTrustedAt',
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

  /**
   * What of a module is never answered but needed to reach its machine: the sealed password, and the certificate a
   * super-admin trusted (to check or browse with the module's own trust). Undefined: no such OPC UA module.
   */
  async secrets(sensorId: number): Promise<{ passwordEncrypted: string | null; trustedCertificate: string | null } | undefined> {
    return this.db
      .selectFrom('opcua_modules')
      .select(['password_encrypted as passwordEncrypted', 'trusted_certificate as trustedCertificate'])
      .where('sensor_id', '=', sensorId)
      .executeTakeFirst();
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

  /** The OPC UA modules that have a machine certificate presented or trusted, by name. */
  async certificates(sensorId?: number): Promise<OpcuaCertificateRow[]> {
    let query = this.db
      .selectFrom('opcua_modules')
      .innerJoin('sensors', 'sensors.id', 'opcua_modules.sensor_id')
      .select([
        'sensors.id as sensorId',
        'sensors.name as name',
        'sensors.serial_number as serialNumber',
        'opcua_modules.endpoint_url as endpointUrl',
        'opcua_modules.server_certificate as serverCertificate',
        'opcua_modules.server_certificate_seen_at as serverCertificateSeenAt',
        'opcua_modules.trusted_certificate as trustedCertificate',
        'opcua_modules.certificate_trusted_at as certificateTrustedAt',
      ])
      .where('sensors.protocol', '=', 'opcua')
      .where((eb) => eb.or([eb('opcua_modules.server_certificate', 'is not', null), eb('opcua_modules.trusted_certificate', 'is not', null)]));
    if (sensorId !== undefined) query = query.where('sensors.id', '=', sensorId);
    return query.orderBy('sensors.name').orderBy('sensors.id').execute();
  }

  /** Keeps the certificate (base64 DER) a machine presented when refused as not trusted. */
  async recordServerCertificate(sensorId: number, certificate: string, at: Date): Promise<void> {
    await this.db
      .updateTable('opcua_modules')
      .set({ server_certificate: certificate, server_certificate_seen_at: at })
      .where('sensor_id', '=', sensorId)
      .execute();
  }

  /**
   * Trusts `certificate` for the module, only while it is still the one the machine presented (the one the
   * super-admin saw): false when another was recorded meanwhile.
   */
  async trust(sensorId: number, certificate: string, userId: number, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('opcua_modules')
      .set({ trusted_certificate: certificate, certificate_trusted_at: at, certificate_trusted_by: userId })
      .where('sensor_id', '=', sensorId)
      .where('server_certificate', '=', certificate)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Withdraws the trust: the certificate is shown as presented and refused again, until trusted anew. */
  async revoke(sensorId: number, certificate: string, at: Date): Promise<void> {
    await this.db
      .updateTable('opcua_modules')
      .set({
        trusted_certificate: null,
        certificate_trusted_at: null,
        certificate_trusted_by: null,
        server_certificate: certificate,
        server_certificate_seen_at: at,
      })
      .where('sensor_id', '=', sensorId)
      .execute();
  }

  /** A module changed to another protocol keeps no OPC UA settings (nor its password). */
  async remove(sensorId: number): Promise<void> {
    await this.db.deleteFrom('opcua_modules').where('sensor_id', '=', sensorId).execute();
  }
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { ModuleProtocol, SENSOR_SORT_FIELDS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { ListRequest } from '../http/list.ts';
import { likePattern } from '../http/list.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';
import { pagedList } from '../db/paged-list.ts';
import { OpcuaSettingsRepository } from './opcua-settings-repository.ts';

export type SensorSortField = (typeof SENSOR_SORT_FIELDS)[number];

export interface NamedRow {
  id: number;
  name: string;
}

/** A device a module may be fitted to, with its company (the form offers every company's devices). */
export interface DeviceChoiceRow {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
}

/** The module's own columns, as a form write stores them. */
export interface SensorWrite {
  companyId: number;
  deviceId: number | null;
  name: string;
  serialNumber: string;
  protocol: ModuleProtocol;
  securityCode: string;
  type: string | null;
  description: string | null;
  timezone: string;
  subscription: string | null;
  simCardNumber: string | null;
  version: string | null;
  softwareVersion: string | null;
  owner: string | null;
  dealer: string | null;
  active: boolean;
  /** YYYY-MM-DD. */
  warrantyTo: string | null;
  peripherals: string[];
  /** Seconds between records while the machine works; null: the default (docs/teltonika.md). */
  sendPeriodSeconds: number | null;
}

/** One module with what it last reported. */
export interface SensorRow extends Omit<SensorWrite, 'peripherals'> {
  id: number;
  companyName: string;
  deviceName: string | null;
  peripherals: unknown;
  lastContactAt: Date | string | null;
  lastLat: number | null;
  lastLon: number | null;
  lastPositionAt: Date | string | null;
  lastWorkAt: Date | string | null;
}

export interface SensorListFilter {
  companyId?: number;
  deviceId?: number;
  active?: boolean;
  protocol?: ModuleProtocol;
}

const SORT_COLUMNS = {
  id: sql`sensors.id`,
  name: sql`lower(sensors.name)`,
  serialNumber: sql`sensors.serial_number`,
  company: sql`lower(companies.name)`,
  lastActivity: sql`sensor_state.last_contact_at`,
} as const;

/** The unique index on the upper-cased serial number (migration 001). */
export const SENSOR_SERIAL_INDEX = 'sensors_serial_key';

/** Measurement modules of every company (super-admin administration): list, one module, the form's writes, delete. */
export class SensorsRepository {
  private readonly lookups: FormLookupsRepository;
  /** The OPC UA modules' settings (their own table), in the same transaction as the module. */
  readonly opcua: OpcuaSettingsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
    this.opcua = new OpcuaSettingsRepository(db);
  }

  /**
   * Runs `work` in one transaction with a repository bound to it. Inside, use only the repository handed in (PGlite
   * is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: SensorsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SensorsRepository(trx)));
  }

  /** The ids of one page of modules in the list order, and how many match in all. */
  async listIds(filter: SensorListFilter, request: ListRequest<SensorSortField>): Promise<{ ids: number[]; total: number }> {
    let query = this.db
      .selectFrom('sensors')
      .innerJoin('companies', 'companies.id', 'sensors.company_id')
      .leftJoin('sensor_state', 'sensor_state.sensor_id', 'sensors.id');
    if (filter.companyId !== undefined) query = query.where('sensors.company_id', '=', filter.companyId);
    if (filter.deviceId !== undefined) query = query.where('sensors.device_id', '=', filter.deviceId);
    if (filter.active !== undefined) query = query.where('sensors.is_active', '=', filter.active);
    if (filter.protocol !== undefined) query = query.where('sensors.protocol', '=', filter.protocol);
    if (request.search) {
      const pattern = likePattern(request.search);
      query = query.where((eb) =>
        eb.or([eb('sensors.name', 'ilike', pattern), eb('sensors.serial_number', 'ilike', pattern), eb('sensors.sim_card_number', 'ilike', pattern)]),
      );
    }
    // Modules that never called sort after the others whichever the direction.
    const page = await pagedList(query, (matching) => matching.select('sensors.id'), request, {
      columns: SORT_COLUMNS,
      tiebreak: sql`sensors.id`,
      nullsLast: true,
    });
    return { ids: page.entries.map((r) => r.id), total: page.total };
  }

  /**
   * The modules of `ids`, in no particular order, with their last contact, newest position and newest work reading
   * (parameter 1 above 0): among the readings kept while unassigned, and among those of the current device, read
   * backwards from the device's last work through its primary key so that a module on a device is one index probe.
   */
  async byIds(ids: number[]): Promise<SensorRow[]> {
    if (ids.length === 0) return [];
    const work = PARAMETER_NUMBERS.work;
    const result = await sql<SensorRow>`
      select s.id, s.company_id as "companyId", c.name as "companyName", s.device_id as "deviceId", d.name as "deviceName",
        s.name, s.serial_number as "serialNumber", s.protocol, s.security_code as "securityCode", s.type, s.description, s.timezone,
        s.subscription, s.sim_card_number as "simCardNumber", s.version, s.software_version as "softwareVersion",
        s.owner, s.dealer, s.is_active as active, s.warranty_to::text as "warrantyTo", s.peripherals,
        s.send_period_seconds as "sendPeriodSeconds",
        st.last_contact_at as "lastContactAt", p.lat as "lastLat", p.lon as "lastLon", p.ts as "lastPositionAt",
        greatest(u.ts, r.ts) as "lastWorkAt"
      from sensors s
      join companies c on c.id = s.company_id
      left join devices d on d.id = s.device_id
      left join sensor_state st on st.sensor_id = s.id
      left join device_state ds on ds.device_id = s.device_id
      left join lateral (
        select x.lat, x.lon, x.ts from positions x where x.sensor_id = s.id order by x.ts desc limit 1
      ) p on true
      left join lateral (
        select max(x.ts) as ts from unassigned_readings x where x.sensor_id = s.id and x.parameter_number = ${work}::int and x.value > 0
      ) u on true
      left join lateral (
        select x.ts from readings x
        where x.device_id = s.device_id and x.parameter_number = ${work}::int and x.ts <= ds.last_work_at and x.sensor_id = s.id and x.value > 0
        order by x.ts desc limit 1
      ) r on true
      where s.id in (${sql.join(ids.map((id) => sql`${id}::int`))})`.execute(this.db);
    return result.rows;
  }

  async find(id: number): Promise<SensorRow | undefined> {
    return (await this.byIds([id]))[0];
  }

  /** The module's company and device, locked for the rest of the transaction; undefined when there is none. */
  lock(id: number): Promise<{ companyId: number; deviceId: number | null } | undefined> {
    return this.db.selectFrom('sensors').select(['company_id as companyId', 'device_id as deviceId']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  companies(): Promise<NamedRow[]> {
    return this.lookups.companyChoices();
  }

  /** Every company's devices, by company name and device name. */
  devices(): Promise<DeviceChoiceRow[]> {
    return this.db
      .selectFrom('devices')
      .innerJoin('companies', 'companies.id', 'devices.company_id')
      .select(['devices.id', 'devices.name', 'companies.id as companyId', 'companies.name as companyName'])
      .orderBy(sql`lower(companies.name)`)
      .orderBy('companies.id')
      .orderBy(sql`lower(devices.name)`)
      .orderBy('devices.id')
      .execute();
  }

  /** The company of a device, the device kept from being deleted until the transaction ends; undefined without it. */
  async deviceCompany(deviceId: number): Promise<number | undefined> {
    return (await this.db.selectFrom('devices').select('company_id').where('id', '=', deviceId).forShare().executeTakeFirst())?.company_id;
  }

  async companyExists(companyId: number): Promise<boolean> {
    return (await this.db.selectFrom('companies').select('id').where('id', '=', companyId).forShare().executeTakeFirst()) !== undefined;
  }

  /** Another module has this serial number, in any letter case. */
  async serialTaken(serialNumber: string, exceptId: number | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('sensors')
      .select('id')
      .where(sql`upper(serial_number)`, '=', serialNumber.toUpperCase())
      .where('id', '!=', exceptId ?? 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(sensor: SensorWrite): Promise<number> {
    return (await this.db.insertInto('sensors').values(columns(sensor)).returning('id').executeTakeFirstOrThrow()).id;
  }

  async update(id: number, sensor: SensorWrite): Promise<void> {
    await this.db.updateTable('sensors').set(columns(sensor)).where('id', '=', id).execute();
  }

  /** The device the module is fitted to, as the delete's dependents: none or one. */
  async fittedTo(id: number): Promise<NamedRow[]> {
    return this.db
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select(['devices.id', 'devices.name'])
      .where('sensors.id', '=', id)
      .execute();
  }

  async unassign(id: number): Promise<void> {
    await this.db.updateTable('sensors').set({ device_id: null }).where('id', '=', id).execute();
  }

  /**
   * Deletes the module; its positions, events, unassigned readings and state go with it (on delete cascade). The
   * readings it sent while fitted to a device are the device's and stay.
   */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('sensors').where('id', '=', id).execute();
  }
}

function columns(sensor: SensorWrite) {
  return {
    company_id: sensor.companyId,
    device_id: sensor.deviceId,
    name: sensor.name,
    serial_number: sensor.serialNumber,
    protocol: sensor.protocol,
    security_code: sensor.securityCode,
    type: sensor.type,
    description: sensor.description,
    timezone: sensor.timezone,
    subscription: sensor.subscription,
    sim_card_number: sensor.simCardNumber,
    version: sensor.version,
    software_version: sensor.softwareVersion,
    owner: sensor.owner,
    dealer: sensor.dealer,
    is_active: sensor.active,
    warranty_to: sensor.warrantyTo,
    peripherals: JSON.stringify(sensor.peripherals),
    send_period_seconds: sensor.sendPeriodSeconds,
  };
}

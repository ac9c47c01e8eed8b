import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { FormLookupsRepository } from '../forms/lookups-repository.ts';

export interface NamedRow {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
}

export interface DeviceFormRow {
  id: number;
  companyId: number;
  name: string;
  deviceTypeId: number;
  description: string | null;
  status: string;
  powerState: string;
  technicalData: Record<string, unknown>;
  applicationVersion: string | null;
  softwareVersion: string | null;
  groups: number[];
  sensors: number[];
  operators: number[];
  requirements: { weekday: number; workMinutes: number | null; activeMinutes: number | null }[];
  requirementUsers: number[];
}

/** What a device write stores: the row and every link, replaced as a whole. */
export interface DeviceWrite {
  companyId: number;
  name: string;
  deviceTypeId: number;
  description: string | null;
  status: string;
  technicalData: Record<string, number | null>;
  applicationVersion: string | null;
  softwareVersion: string | null;
  groups: number[];
  sensors: number[];
  operators: number[];
  requirements: { weekday: number; workMinutes: number | null; activeMinutes: number | null }[];
  requirementUsers: number[];
}

/** The kinds of rows a device links to, by table, for choices and for checking a submit's ids. */
export type LinkKind = 'groups' | 'sensors' | 'operators' | 'users';

/** The device form's SQL: choices, the row with its links, and the write of all of it. */
export class DeviceFormRepository {
  private readonly lookups: FormLookupsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
  }

  /**
   * Runs `work` in one transaction with a repository bound to it: everything it writes is kept or nothing is.
   * Inside, use only the repository handed in (PGlite is one connection: the outer one would wait for ever).
   */
  transaction<T>(work: (repository: DeviceFormRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new DeviceFormRepository(trx)));
  }

  companies(): Promise<{ id: number; name: string }[]> {
    return this.lookups.companyChoices();
  }

  deviceTypes(): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('device_types')
      .select(['id', 'name'])
      .orderBy(sql`lower(name)`)
      .execute();
  }

  /**
   * Rows of a kind a device of `companyId` (every company when null) may link to. Sensors are those fitted to no
   * device or to `deviceId`: a module is on one machine at a time.
   */
  async linkable(kind: LinkKind, companyId: number | null, deviceId: number | null): Promise<NamedRow[]> {
    const company = (column: string) => (companyId === null ? sql`true` : sql`${sql.ref(column)} = ${companyId}`);
    const rows =
      kind === 'groups'
        ? sql<NamedRow>`select g.id, g.name, c.id as "companyId", c.name as "companyName" from device_groups g join companies c on c.id = g.company_id
            where ${company('g.company_id')} order by lower(c.name), lower(g.name), g.id`
        : kind === 'sensors'
          ? sql<NamedRow>`select s.id, s.name || ' (' || s.serial_number || ')' as name, c.id as "companyId", c.name as "companyName"
              from sensors s join companies c on c.id = s.company_id
              where ${company('s.company_id')} and (s.device_id is null or s.device_id = ${deviceId ?? 0})
              order by lower(c.name), lower(s.name), s.id`
          : kind === 'operators'
            ? sql<NamedRow>`select o.id, trim(o.firstname || ' ' || o.lastname) as name, c.id as "companyId", c.name as "companyName"
                from operators o join companies c on c.id = o.company_id
                where ${company('o.company_id')} order by lower(c.name), lower(o.lastname), lower(o.firstname), o.id`
            : sql<NamedRow>`select u.id, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name, c.id as "companyId", c.name as "companyName"
                from users u join companies c on c.id = u.company_id
                where ${company('u.company_id')} and u.is_active order by lower(c.name), lower(u.lastname), lower(u.firstname), u.id`;
    return (await rows.execute(this.db)).rows;
  }

  async find(id: number, companyId: number | null): Promise<DeviceFormRow | undefined> {
    let query = this.db
      .selectFrom('devices')
      .select([
        'id',
        'company_id as companyId',
        'name',
        'device_type_id as deviceTypeId',
        'description',
        'status',
        'power_state as powerState',
        'technical_data as technicalData',
        'application_version as applicationVersion',
        'software_version as softwareVersion',
      ])
      .where('id', '=', id);
    if (companyId !== null) query = query.where('company_id', '=', companyId);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const ids = async (
      table: 'device_group_devices' | 'device_operators' | 'device_requirement_users',
      column: 'device_group_id' | 'operator_id' | 'user_id',
    ) =>
      (await sql<{ id: number }>`select ${sql.ref(column)} as id from ${sql.table(table)} where device_id = ${id} order by 1`.execute(this.db)).rows.map(
        (r) => r.id,
      );
    const [groups, operators, requirementUsers, sensors, requirements] = await Promise.all([
      ids('device_group_devices', 'device_group_id'),
      ids('device_operators', 'operator_id'),
      ids('device_requirement_users', 'user_id'),
      this.db.selectFrom('sensors').select('id').where('device_id', '=', id).orderBy('id').execute(),
      this.db
        .selectFrom('device_requirements')
        .select(['weekday', 'work_minutes as workMinutes', 'active_minutes as activeMinutes'])
        .where('device_id', '=', id)
        .orderBy('weekday')
        .execute(),
    ]);
    return {
      ...row,
      technicalData: (row.technicalData ?? {}) as Record<string, unknown>,
      groups,
      operators,
      requirementUsers,
      sensors: sensors.map((s) => s.id),
      requirements,
    };
  }

  async nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    return this.lookups.nameTakenInCompany('devices', companyId, name, exceptId);
  }

  /** The names, in lower case, of the company's devices that start with `prefix` (numbering copies). */
  namesStartingWith(companyId: number, prefix: string): Promise<Set<string>> {
    return this.lookups.namesInCompanyStartingWith('devices', companyId, prefix);
  }

  /** Serialises the copies of one company until the transaction ends, so two copies cannot take one name. */
  lockCompanyCopies(companyId: number): Promise<void> {
    return this.lookups.lockCompanyCopies(companyId);
  }

  /** Inserts (id null) or updates the device and replaces every link, inside `transaction(...)`. */
  async write(id: number | null, device: DeviceWrite): Promise<number> {
    const trx = this.db;
    const columns = {
      name: device.name,
      device_type_id: device.deviceTypeId,
      description: device.description,
      status: device.status,
      technical_data: JSON.stringify(device.technicalData),
      application_version: device.applicationVersion,
      software_version: device.softwareVersion,
    };
    const deviceId =
      id === null
        ? (
            await trx
              .insertInto('devices')
              .values({ ...columns, company_id: device.companyId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        : (
            await trx
              .updateTable('devices')
              .set({ ...columns, updated_at: sql`now()` })
              .where('id', '=', id)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
    const companyId = device.companyId;
    await trx.deleteFrom('device_group_devices').where('device_id', '=', deviceId).execute();
    if (device.groups.length)
      await trx
        .insertInto('device_group_devices')
        .values(device.groups.map((g) => ({ company_id: companyId, device_group_id: g, device_id: deviceId })))
        .execute();
    await trx.deleteFrom('device_operators').where('device_id', '=', deviceId).execute();
    if (device.operators.length)
      await trx
        .insertInto('device_operators')
        .values(device.operators.map((o) => ({ company_id: companyId, device_id: deviceId, operator_id: o })))
        .execute();
    await trx.deleteFrom('device_requirement_users').where('device_id', '=', deviceId).execute();
    if (device.requirementUsers.length) {
      await trx
        .insertInto('device_requirement_users')
        .values(device.requirementUsers.map((u) => ({ company_id: companyId, device_id: deviceId, user_id: u })))
        .execute();
    }
    await trx.deleteFrom('device_requirements').where('device_id', '=', deviceId).execute();
    const requirements = device.requirements.filter((r) => r.workMinutes !== null || r.activeMinutes !== null);
    if (requirements.length) {
      await trx
        .insertInto('device_requirements')
        .values(
          requirements.map((r) => ({
            company_id: companyId,
            device_id: deviceId,
            weekday: r.weekday,
            work_minutes: r.workMinutes,
            active_minutes: r.activeMinutes,
          })),
        )
        .execute();
    }
    // Modules taken off this device are unassigned; the chosen ones are fitted to it (each was free or already here).
    await trx
      .updateTable('sensors')
      .set({ device_id: null })
      .where('device_id', '=', deviceId)
      .where('id', 'not in', device.sensors.length ? device.sensors : [0])
      .execute();
    if (device.sensors.length)
      await trx.updateTable('sensors').set({ device_id: deviceId }).where('id', 'in', device.sensors).where('company_id', '=', companyId).execute();
    return deviceId;
  }

  /** The modules fitted to a device: what blocks deleting it. */
  fittedSensors(deviceId: number): Promise<{ id: number; name: string }[]> {
    return this.db.selectFrom('sensors').select(['id', 'name']).where('device_id', '=', deviceId).orderBy('name').execute();
  }

  /**
   * The device's unconfirmed alerts, newest first, named by their rule (or their message key for a requirement
   * alert): what also blocks deleting it. At most `limit`, so a device with thousands does not make a huge answer.
   */
  async unconfirmedAlerts(deviceId: number, limit: number): Promise<{ id: number; name: string }[]> {
    const result = await sql<{ id: number; name: string }>`
      select a.id, coalesce(r.name, a.message_key) as name from alerts a left join alert_rules r on r.id = a.rule_id
      where a.device_id = ${deviceId} and a.confirmed_at is null order by a.started_at desc, a.id desc limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Confirms every unconfirmed alert of the device, as `userId`. */
  async confirmAlerts(deviceId: number, userId: number): Promise<void> {
    await this.db
      .updateTable('alerts')
      .set({ confirmed_at: sql`now()`, confirmed_by: userId, updated_at: sql`now()` })
      .where('device_id', '=', deviceId)
      .where('confirmed_at', 'is', null)
      .execute();
  }

  async unassignSensors(deviceId: number): Promise<void> {
    await this.db.updateTable('sensors').set({ device_id: null }).where('device_id', '=', deviceId).execute();
  }

  /**
   * Deletes the device and its telemetry (readings and every rollup) in one transaction. Positions and module events
   * belong to the modules, which were unassigned first: they stay, no longer pointing at the device.
   */
  async delete(deviceId: number): Promise<void> {
    await this.transaction(async ({ db: trx }) => {
      for (const table of ['readings', 'readings_5min', 'readings_hour', 'readings_day', 'readings_month', 'readings_shift'] as const) {
        await trx.deleteFrom(table).where('device_id', '=', deviceId).execute();
      }
      await trx.updateTable('positions').set({ device_id: null }).where('device_id', '=', deviceId).execute();
      await trx.updateTable('module_events').set({ device_id: null }).where('device_id', '=', deviceId).execute();
      await trx.deleteFrom('devices').where('id', '=', deviceId).execute();
    });
  }
}

import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type {
  CompaniesTable,
  DB,
  DeviceGroupDevicesTable,
  DeviceGroupsTable,
  DeviceOperatorsTable,
  DevicesTable,
  DeviceTypesTable,
  OperatorGroupsTable,
  OperatorsTable,
  ParametersTable,
  ProductionShiftsTable,
  SensorsTable,
  SubscribersTable,
  UnitsTable,
  UserSettingsTable,
  UsersTable,
} from '../db/schema.ts';

/** Arbitrary constant, distinct from the migration lock: instances starting together seed one at a time. */
const SEED_LOCK_KEY = 720_431_002;

/**
 * Bulk inserts for the demo data. Each method writes a whole table's
 * rows in one statement and returns the natural keys the caller needs to resolve references.
 */
export class SeedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Serialises seeding across instances until the surrounding transaction ends; call it inside a transaction. */
  async lockSeeding(): Promise<void> {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(this.db);
  }

  async hasCompanies(): Promise<boolean> {
    const row = await this.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The units by name: the migration seeds the dictionary's units, so most exist already and are reused. */
  insertUnits(rows: Insertable<UnitsTable>[]) {
    return this.many(rows, (values) =>
      this.db
        .insertInto('units')
        .values(values)
        .onConflict((oc) => oc.column('name').doUpdateSet({ name: (eb) => eb.ref('excluded.name') }))
        .returning(['id', 'name'])
        .execute(),
    );
  }

  insertDeviceTypes(rows: Insertable<DeviceTypesTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('device_types').values(values).returning(['id', 'name']).execute());
  }

  insertParameters(rows: Insertable<ParametersTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('parameters').values(values).returning(['id', 'device_type_id', 'number']).execute());
  }

  insertSubscribers(rows: Insertable<SubscribersTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('subscribers').values(values).returning(['id', 'name']).execute());
  }

  insertCompanies(rows: Insertable<CompaniesTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('companies').values(values).returning(['id', 'name']).execute());
  }

  insertShifts(rows: Insertable<ProductionShiftsTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('production_shifts').values(values).returning(['id', 'company_id', 'position']).execute());
  }

  insertDevices(rows: Insertable<DevicesTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('devices').values(values).returning(['id', 'company_id', 'name']).execute());
  }

  insertSensors(rows: Insertable<SensorsTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('sensors').values(values).returning(['id', 'serial_number']).execute());
  }

  insertDeviceGroups(rows: Insertable<DeviceGroupsTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('device_groups').values(values).returning(['id', 'company_id', 'name']).execute());
  }

  insertDeviceGroupDevices(rows: Insertable<DeviceGroupDevicesTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('device_group_devices').values(values).returning(['device_group_id', 'device_id']).execute());
  }

  insertOperatorGroups(rows: Insertable<OperatorGroupsTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('operator_groups').values(values).returning(['id', 'company_id', 'name']).execute());
  }

  insertOperators(rows: Insertable<OperatorsTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('operators').values(values).returning(['id', 'company_id', 'rfid']).execute());
  }

  insertDeviceOperators(rows: Insertable<DeviceOperatorsTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('device_operators').values(values).returning(['device_id', 'operator_id']).execute());
  }

  insertUsers(rows: Insertable<UsersTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('users').values(values).returning(['id', 'username']).execute());
  }

  async insertUserSettings(rows: Insertable<UserSettingsTable>[]): Promise<void> {
    await this.many(rows, (values) => this.db.insertInto('user_settings').values(values).execute());
  }

  /** An insert with no rows is invalid SQL, so empty batches never reach the database. */
  private async many<Row, Result>(rows: Row[], insert: (rows: Row[]) => Promise<Result[]>): Promise<Result[]> {
    return rows.length === 0 ? [] : insert(rows);
  }
}

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
  OpcuaModulesTable,
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

  insertOpcuaModules(rows: Insertable<OpcuaModulesTable>[]) {
    return this.many(rows, (values) => this.db.insertInto('opcua_modules').values(values).returning(['sensor_id']).execute());
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

/** A demo alert rule with its condition and links, by id. */
export interface DemoAlertRuleRow {
  companyId: number;
  name: string;
  type: string;
  importance: string;
  description: string;
  createdAt: Date;
  condition: object | null;
  deviceIds: number[];
  groupIds: number[];
  userIds: number[];
}

/** The demo's alert rules and device requirements (docs/alerts.md "The demo"). */
export class DemoAlertsSeedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insertRule(rule: DemoAlertRuleRow): Promise<void> {
    const { id } = await this.db
      .insertInto('alert_rules')
      .values({
        company_id: rule.companyId,
        name: rule.name,
        type: rule.type,
        importance: rule.importance,
        description: rule.description,
        // The demo's rules have been on since the history begins, so its history has their alerts.
        created_at: rule.createdAt,
        active_since: rule.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const company_id = rule.companyId;
    if (rule.condition)
      await this.db
        .insertInto('alert_rule_conditions')
        .values({ company_id, rule_id: id, position: 0, condition: JSON.stringify(rule.condition) })
        .execute();
    if (rule.deviceIds.length)
      await this.db
        .insertInto('alert_rule_devices')
        .values(rule.deviceIds.map((device_id) => ({ company_id, rule_id: id, device_id })))
        .execute();
    if (rule.groupIds.length) {
      await this.db
        .insertInto('alert_rule_device_groups')
        .values(rule.groupIds.map((device_group_id) => ({ company_id, rule_id: id, device_group_id })))
        .execute();
    }
    if (rule.userIds.length)
      await this.db
        .insertInto('alert_rule_users')
        .values(rule.userIds.map((user_id) => ({ company_id, rule_id: id, user_id })))
        .execute();
  }

  async insertRequirements(
    companyId: number,
    deviceId: number,
    days: { weekday: number; workMinutes: number | null; activeMinutes: number | null }[],
    userIds: number[],
  ): Promise<void> {
    await this.db
      .insertInto('device_requirements')
      .values(
        days.map((d) => ({ company_id: companyId, device_id: deviceId, weekday: d.weekday, work_minutes: d.workMinutes, active_minutes: d.activeMinutes })),
      )
      .execute();
    await this.db
      .insertInto('device_requirement_users')
      .values(userIds.map((user_id) => ({ company_id: companyId, device_id: deviceId, user_id })))
      .execute();
  }
}

/** Alerts per rule name (and requirement alerts), for the backfill benchmark's report. */
export async function demoAlertCounts(db: Kysely<DB>): Promise<{ rule: string; alerts: number; occurrences: number }[]> {
  const result = await sql<{ rule: string; alerts: number; occurrences: number }>`
    select coalesce(r.name, 'device requirements') as rule, count(*)::int as alerts, sum(a.counter)::int as occurrences
    from alerts a left join alert_rules r on r.id = a.rule_id group by 1 order by 1`.execute(db);
  return result.rows;
}

import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../security/passwords.ts';
import { demoBoardSettings } from './demo-boards.ts';
import { DemoAlertsSeedRepository, SeedRepository } from './seed-repository.ts';
import { seedDemoAlerts } from './demo-alerts.ts';
import { seedDemoTasks } from './demo-tasks.ts';
import { DemoTasksSeedRepository } from './demo-tasks-repository.ts';
import { seedDemoProductionView } from './demo-production.ts';
import { ProductionViewsRepository } from '../production-views/views-repository.ts';
import { DEMO_HISTORY_DAYS } from './simulator/index.ts';
import {
  DEMO_COMPANIES,
  DEMO_DEVICE_TYPES,
  DEMO_TELTONIKA,
  DEMO_UNITS,
  DEMO_USERS,
  SENSOR_SOFTWARE_VERSION,
  SENSOR_TYPE,
  SENSOR_VERSION,
  SENSOR_WARRANTY_TO,
  demoSecurityCode,
} from './demo-data.ts';
import { DEMO_OPCUA } from './demo-data.ts';
import { demoOpcuaModule } from './demo-opcua-module.ts';

/**
 * Creates the demo catalogue, companies and sign-ins when the database has no company yet. Everything is written in
 * one transaction, so a failure leaves the database empty and the next start tries again. Returns whether it seeded.
 */
export async function seedDemoIfEmpty(db: Kysely<DB>, options: { historyDays?: number } = {}): Promise<boolean> {
  // Cheap check first: an already-seeded database must not pay for the password hashing below.
  if (await new SeedRepository(db).hasCompanies()) return false;
  const hashes = new Map(await Promise.all(DEMO_USERS.map(async (u) => [u.username, await hashPassword(u.password)] as const)));

  return db.transaction().execute(async (trx) => {
    const repo = new SeedRepository(trx);
    // Another instance may have seeded between the check above and the lock; the re-check sees its commit.
    await repo.lockSeeding();
    if (await repo.hasCompanies()) return false;
    await seedAll(repo, hashes, options.historyDays ?? DEMO_HISTORY_DAYS, {
      alerts: new DemoAlertsSeedRepository(trx),
      tasks: new DemoTasksSeedRepository(trx),
      production: new ProductionViewsRepository(trx),
    });
    return true;
  });
}

interface DemoContentRepositories {
  alerts: DemoAlertsSeedRepository;
  tasks: DemoTasksSeedRepository;
  production: ProductionViewsRepository;
}

async function seedAll(repo: SeedRepository, passwordHashes: Map<string, string>, historyDays: number, content: DemoContentRepositories): Promise<void> {
  const unitIds = idsBy(await repo.insertUnits(DEMO_UNITS.map((u) => ({ ...u }))), (r) => r.name);
  const typeIds = idsBy(await repo.insertDeviceTypes(DEMO_DEVICE_TYPES.map(({ name, description }) => ({ name, description }))), (r) => r.name);
  await repo.insertParameters(
    DEMO_DEVICE_TYPES.flatMap((type) =>
      type.parameters.map((p) => ({
        device_type_id: lookup(typeIds, type.name),
        number: p.number,
        name: p.name,
        description: p.description,
        tags: p.tags,
        unit_id: p.unit === null ? null : lookup(unitIds, p.unit),
        aggregation: p.aggregation,
        data_type: p.dataType,
        chart: p.chart,
        formula: null,
        is_public: p.isPublic,
        teltonika_io_id: p.teltonika?.ioId ?? null,
        ...(p.teltonika ? { teltonika_multiplier: p.teltonika.multiplier, teltonika_offset: p.teltonika.offset } : {}),
      })),
    ),
  );

  const subscriberIds = idsBy(
    await repo.insertSubscribers(
      DEMO_COMPANIES.map(({ subscriber: s }) => ({ name: s.name, tax_number: s.taxNumber, address: s.address, city: s.city, email: s.email })),
    ),
    (r) => r.name,
  );
  const companyIds = idsBy(
    await repo.insertCompanies(
      DEMO_COMPANIES.map((c) => ({
        subscriber_id: lookup(subscriberIds, c.subscriber.name),
        name: c.name,
        timezone: c.timezone,
        subscription_type: c.subscriptionType,
        automatic_operator_registration: false,
      })),
    ),
    (r) => r.name,
  );
  const companies = DEMO_COMPANIES.map((c) => ({ ...c, id: lookup(companyIds, c.name) }));

  await repo.insertShifts(
    companies.flatMap((c) => c.shifts.map((s, position) => ({ company_id: c.id, position, name: s.name, hour_start: s.hourStart, hour_end: s.hourEnd }))),
  );

  // Names repeat across companies, so tenant rows are keyed by company id and name.
  const deviceIds = idsBy(
    await repo.insertDevices(
      companies.flatMap((c) =>
        c.devices.map((d) => ({
          company_id: c.id,
          device_type_id: lookup(typeIds, d.type),
          name: d.name,
          description: d.description,
          status: d.status,
          technical_data: JSON.stringify(d.technicalData),
          application_version: d.applicationVersion,
          software_version: d.softwareVersion,
        })),
      ),
    ),
    (r) => key(r.company_id, r.name),
  );
  const deviceId = (companyId: number, name: string) => lookup(deviceIds, key(companyId, name));

  const sensorIds = await repo.insertSensors(
    companies.flatMap((c) =>
      c.devices.map(({ name, sensor: s }) => ({
        company_id: c.id,
        device_id: deviceId(c.id, name),
        ...(s.protocol === 'teltonika'
          ? // A Teltonika tracker is known by its IMEI alone (docs/teltonika.md); it sends every minute at the most.
            {
              name: `Teltonika ${DEMO_TELTONIKA.model} ${s.serialNumber}`,
              protocol: 'teltonika',
              security_code: '',
              type: DEMO_TELTONIKA.model,
              send_period_seconds: DEMO_TELTONIKA.sendPeriodSeconds,
              description: `Teltonika tracker of ${name}`,
            }
          : s.protocol === 'opcua'
            ? // Read over OPC UA by the connector (docs/opcua.md): no code, the settings are its opcua_modules row.
              { name: `OPC UA ${name}`, protocol: 'opcua', security_code: '', type: 'OPC UA server', description: `OPC UA server of ${name}'s controller` }
            : {
                name: `GW-Module ${s.serialNumber}`,
                security_code: demoSecurityCode(s.serialNumber),
                type: SENSOR_TYPE,
                description: `Measurement module of ${name}`,
              }),
        serial_number: s.serialNumber,
        timezone: c.timezone,
        subscription: c.subscriptionType,
        sim_card_number: s.simCardNumber,
        version: SENSOR_VERSION,
        software_version: SENSOR_SOFTWARE_VERSION,
        owner: c.subscriber.name,
        dealer: c.dealer,
        warranty_to: SENSOR_WARRANTY_TO,
        peripherals: JSON.stringify(s.peripherals),
      })),
    ),
  );
  // The demo machine's controller, on this host; the simulator points the endpoint at the port its server bound.
  const opcuaSerials = companies.flatMap((c) => c.devices.filter((d) => d.sensor.protocol === 'opcua').map((d) => d.sensor.serialNumber));
  await repo.insertOpcuaModules(
    sensorIds
      .filter((row) => opcuaSerials.includes(row.serial_number))
      .map((row) => ({ sensor_id: row.id, ...demoOpcuaModule(`opc.tcp://127.0.0.1:${DEMO_OPCUA.defaultPort}`) })),
  );

  const groupIds = idsBy(
    await repo.insertDeviceGroups(companies.flatMap((c) => c.deviceGroups.map((g) => ({ company_id: c.id, name: g.name, description: g.description })))),
    (r) => key(r.company_id, r.name),
  );
  await repo.insertDeviceGroupDevices(
    companies.flatMap((c) =>
      c.deviceGroups.flatMap((g) =>
        g.devices.map((name) => ({ company_id: c.id, device_group_id: lookup(groupIds, key(c.id, g.name)), device_id: deviceId(c.id, name) })),
      ),
    ),
  );

  const operatorGroupIds = idsBy(
    await repo.insertOperatorGroups(companies.flatMap((c) => c.operatorGroups.map((g) => ({ company_id: c.id, name: g.name })))),
    (r) => key(r.company_id, r.name),
  );
  const operators = companies.flatMap((c) =>
    c.operatorGroups.flatMap((g) => g.operators.map((o) => ({ ...o, companyId: c.id, groupId: lookup(operatorGroupIds, key(c.id, g.name)) }))),
  );
  const operatorIds = idsBy(
    await repo.insertOperators(
      operators.map((o) => ({
        company_id: o.companyId,
        operator_group_id: o.groupId,
        firstname: o.firstname,
        lastname: o.lastname,
        email: o.email,
        position: o.position,
        rfid: o.rfid,
        phone: o.phone,
        supervisor: o.supervisor,
        company_name: o.companyName,
      })),
    ),
    (r) => key(r.company_id, r.rfid ?? ''),
  );
  await repo.insertDeviceOperators(
    operators.flatMap((o) =>
      o.devices.map((name) => ({
        company_id: o.companyId,
        device_id: deviceId(o.companyId, name),
        operator_id: lookup(operatorIds, key(o.companyId, o.rfid)),
      })),
    ),
  );

  const userIds = idsBy(
    await repo.insertUsers(
      DEMO_USERS.map((u) => ({
        company_id: lookup(companyIds, u.company),
        username: u.username,
        email: u.email,
        firstname: u.firstname,
        lastname: u.lastname,
        password_hash: lookup(passwordHashes, u.username),
        language: u.language,
        is_super_admin: u.isSuperAdmin,
        can_impersonate: u.canImpersonate,
      })),
    ),
    (r) => r.username,
  );

  await seedDemoAlerts(
    content.alerts,
    {
      companyId: (name) => lookup(companyIds, name),
      deviceId,
      groupId: (companyId, name) => lookup(groupIds, key(companyId, name)),
      userId: (username) => lookup(userIds, username),
    },
    historyDays,
  );

  const contentNames = { companyId: (name: string) => lookup(companyIds, name), deviceId, userId: (username: string) => lookup(userIds, username) };
  await seedDemoTasks(content.tasks, contentNames);
  await seedDemoProductionView(content.production, contentNames);

  // Every demo user opens on filled boards: the dashboard and diagnostics monitors of the user's company.
  await repo.insertUserSettings(
    DEMO_USERS.flatMap((u) => {
      const companyId = lookup(companyIds, u.company);
      const names = {
        device: (name: string) => deviceId(companyId, name),
        deviceGroup: (name: string) => lookup(groupIds, key(companyId, name)),
        operatorGroup: (name: string) => lookup(operatorGroupIds, key(companyId, name)),
      };
      return demoBoardSettings(u.company, names).map(({ key: settingKey, value }) => ({
        company_id: companyId,
        user_id: lookup(userIds, u.username),
        key: settingKey,
        value: JSON.stringify(value),
      }));
    }),
  );
}

const key = (companyId: number, name: string) => `${companyId}\u0000${name}`;

function idsBy<Row extends { id: number }>(rows: Row[], keyOf: (row: Row) => string): Map<string, number> {
  return new Map(rows.map((row) => [keyOf(row), row.id]));
}

/** A dangling name in demo-data.ts is a programming error; failing loudly rolls the whole seed back. */
function lookup<V>(map: Map<string, V>, name: string): V {
  const value = map.get(name);
  if (value === undefined) throw new Error(`demo data refers to unknown "${name.replace('\u0000', ' / ')}"`);
  return value;
}

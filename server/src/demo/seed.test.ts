import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardSettingSchema, MONITOR_PAGES, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { verifyPassword } from '../security/passwords.ts';
import { seedDemoIfEmpty } from './seed.ts';
import { DEMO_COMPANIES, DEMO_OPCUA, DEMO_SIGN_INS, DEMO_TELTONIKA, demoSecurityCode } from './demo-data.ts';

const TABLES = [
  'units',
  'device_types',
  'parameters',
  'subscribers',
  'companies',
  'production_shifts',
  'devices',
  'sensors',
  'device_groups',
  'device_group_devices',
  'operator_groups',
  'operators',
  'device_operators',
  'users',
  'user_settings',
] as const;

describe('seedDemoIfEmpty', { timeout: 60_000 }, () => {
  let database: Database;
  let seeded: boolean;

  beforeAll(async () => {
    database = await openDatabase({});
    await migrate(database);
    seeded = await seedDemoIfEmpty(database.db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const count = async (table: (typeof TABLES)[number]) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const companyId = async (name: string) => (await db().selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('seeds an empty database', async () => {
    expect(seeded).toBe(true);
    expect(await count('companies')).toBe(2);
    expect(await count('subscribers')).toBe(2);
    expect(await count('units')).toBe(15);
    expect(await count('device_types')).toBe(4);
    expect(await count('devices')).toBe(28);
    expect(await count('sensors')).toBe(28);
    expect(await count('device_groups')).toBe(5);
    expect(await count('operator_groups')).toBe(3);
    expect(await count('operators')).toBe(15);
    expect(await count('users')).toBe(3);
    expect(await count('production_shifts')).toBe(5);
  });

  it('gives each company its devices, groups, operators and shifts', async () => {
    const demo = await companyId('Demo Factory');
    const north = await companyId('Northwind Logistics');
    const perCompany = async (table: 'devices' | 'device_groups' | 'operators' | 'production_shifts', id: number) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await perCompany('devices', demo)).toBe(24);
    expect(await perCompany('devices', north)).toBe(4);
    expect(await perCompany('device_groups', demo)).toBe(4);
    expect(await perCompany('operators', demo)).toBe(12);
    expect(await perCompany('operators', north)).toBe(3);
    const night = await db().selectFrom('production_shifts').selectAll().where('company_id', '=', demo).where('position', '=', 2).executeTakeFirstOrThrow();
    expect(night).toMatchObject({ name: 'Shift III', hour_start: 22, hour_end: 6 });
    const company = await db().selectFrom('companies').selectAll().where('id', '=', demo).executeTakeFirstOrThrow();
    expect(company).toMatchObject({ timezone: 'Europe/Warsaw', subscription_type: 'premium', automatic_operator_registration: false });
  });

  it('defines the well-known parameters on the right device types', async () => {
    const rows = await db()
      .selectFrom('parameters')
      .innerJoin('device_types', 'device_types.id', 'parameters.device_type_id')
      .leftJoin('units', 'units.id', 'parameters.unit_id')
      .select(['device_types.name as type', 'parameters.number', 'parameters.aggregation', 'parameters.is_public', 'parameters.tags', 'units.name as unit'])
      .execute();
    const numbers = (type: string) => rows.filter((r) => r.type === type).map((r) => r.number);
    expect(numbers('Electric forklift')).toEqual(expect.arrayContaining([1, 2, 10000, 10003]));
    expect(numbers('Diesel forklift')).toEqual(expect.arrayContaining([1, 2, 10000]));
    expect(numbers('Production machine')).toEqual(expect.arrayContaining([1, 2, 3, 10000]));
    expect(numbers('Diesel forklift')).not.toContain(PARAMETER_NUMBERS.chargingQuantity);
    for (const row of rows.filter((r) => r.number === PARAMETER_NUMBERS.work)) {
      expect(row).toMatchObject({ tags: ['effective work time'], unit: 'seconds', aggregation: 'sum' });
    }
    for (const row of rows.filter((r) => r.number === PARAMETER_NUMBERS.internal)) {
      expect(row).toMatchObject({ is_public: false, aggregation: 'last' });
    }
  });

  it('keeps every link inside one company', async () => {
    const sensorMismatch = await db()
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .select('sensors.id')
      .whereRef('sensors.company_id', '!=', 'devices.company_id')
      .execute();
    expect(sensorMismatch).toEqual([]);
    const perDevice = await db()
      .selectFrom('devices')
      .leftJoin('sensors', 'sensors.device_id', 'devices.id')
      .select(['devices.id', (eb) => eb.fn.count<number>('sensors.id').as('n')])
      .groupBy('devices.id')
      .execute();
    expect(perDevice.every((r) => Number(r.n) === 1)).toBe(true);
    const groupMismatch = await db()
      .selectFrom('device_group_devices as gd')
      .innerJoin('devices', 'devices.id', 'gd.device_id')
      .innerJoin('device_groups', 'device_groups.id', 'gd.device_group_id')
      .select('gd.device_id')
      .where((eb) => eb.or([eb('devices.company_id', '!=', eb.ref('gd.company_id')), eb('device_groups.company_id', '!=', eb.ref('gd.company_id'))]))
      .execute();
    expect(groupMismatch).toEqual([]);
  });

  it('gives sensors unique serials with deterministic security codes', async () => {
    const all = await db().selectFrom('sensors').select(['serial_number', 'security_code', 'name', 'protocol']).execute();
    expect(new Set(all.map((s) => s.serial_number)).size).toBe(all.length);
    const sensors = all.filter((s) => s.protocol === 'gearwatch');
    expect(all.filter((s) => s.protocol === 'teltonika').map((s) => s.serial_number)).toEqual([DEMO_TELTONIKA.imei]);
    expect(all.filter((s) => s.protocol === 'opcua').map((s) => s.serial_number)).toEqual(['GW2024000120']);
    for (const s of sensors) {
      expect(s.serial_number).toMatch(/^GW2024\d{6}$/);
      expect(s.security_code).toBe(demoSecurityCode(s.serial_number));
      expect(s.security_code).toMatch(/^[0-9A-F]{8}$/);
      expect(s.name).toBe(`GW-Module ${s.serial_number}`);
    }
    expect(sensors.map((s) => s.serial_number)).toContain('GW2024000101');
  });

  it("reads Injection Moulder 4 over OPC UA: an active module, security None on the loopback, mapped to the demo machine's nodes", async () => {
    const module = await db()
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .innerJoin('opcua_modules', 'opcua_modules.sensor_id', 'sensors.id')
      .select([
        'devices.name as device',
        'sensors.is_active',
        'sensors.security_code',
        'sensors.serial_number',
        'opcua_modules.endpoint_url',
        'opcua_modules.security_mode',
        'opcua_modules.user_name',
        'opcua_modules.mapping',
      ])
      .where('sensors.protocol', '=', 'opcua')
      .execute();
    expect(module).toHaveLength(1);
    expect(module[0]).toMatchObject({
      device: DEMO_OPCUA.device,
      is_active: true,
      security_code: '',
      serial_number: 'GW2024000120',
      endpoint_url: `opc.tcp://127.0.0.1:${DEMO_OPCUA.defaultPort}`,
      security_mode: 'None',
      user_name: null,
    });
    const mapping = module[0]!.mapping as { kind: string; nodeId: string; parameter: number | null }[];
    expect(mapping.map((m) => [m.kind, m.nodeId, m.parameter])).toEqual([
      ['state', DEMO_OPCUA.nodes.machineMode, null],
      ['counter', DEMO_OPCUA.nodes.cycleCounter, PARAMETER_NUMBERS.counter],
      ['value', DEMO_OPCUA.nodes.supplyVoltage, 21],
      ['value', DEMO_OPCUA.nodes.hydraulicPressure, 24],
      ['value', DEMO_OPCUA.nodes.motorCurrent, 25],
    ]);
  });

  it('fits DF-04 with an active Teltonika tracker whose type maps the IO presets', async () => {
    const module = await db()
      .selectFrom('sensors')
      .innerJoin('devices', 'devices.id', 'sensors.device_id')
      .innerJoin('device_types', 'device_types.id', 'devices.device_type_id')
      .select(['devices.name as device', 'device_types.id as typeId', 'sensors.is_active', 'sensors.send_period_seconds', 'sensors.security_code'])
      .where('sensors.serial_number', '=', DEMO_TELTONIKA.imei)
      .executeTakeFirstOrThrow();
    expect(module).toMatchObject({ device: DEMO_TELTONIKA.device, is_active: true, send_period_seconds: 60, security_code: '' });
    // Luhn-valid, like a real IMEI.
    const digits = [...DEMO_TELTONIKA.imei].reverse().map(Number);
    expect(digits.reduce((sum, d, i) => sum + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0) % 10).toBe(0);
    const mapped = await db()
      .selectFrom('parameters')
      .select(['number', 'teltonika_io_id', 'teltonika_multiplier'])
      .where('device_type_id', '=', module.typeId)
      .where('teltonika_io_id', 'is not', null)
      .orderBy('number')
      .execute();
    expect(mapped.map((p) => [p.number, p.teltonika_io_id])).toEqual([
      [21, 66],
      [22, 102],
      [23, 89],
      [30, 67],
      [31, 16],
      [32, 24],
      [33, 21],
    ]);
    expect(mapped.find((p) => p.teltonika_io_id === 66)?.teltonika_multiplier).toBe(0.001);
  });

  it('gives operators unique RFIDs and at most 16 per device', async () => {
    const operators = await db().selectFrom('operators').select(['rfid', 'phone']).execute();
    const rfids = operators.map((o) => o.rfid?.toUpperCase());
    expect(new Set(rfids).size).toBe(operators.length);
    // RFID cards of 5 bytes, iButton keys of 8 (the warehouse crew's, as the Teltonika tracker reads them).
    expect(rfids.every((r) => r !== undefined && /^([0-9A-F]{10}|[0-9A-F]{16})$/.test(r))).toBe(true);
    const demoPhones = DEMO_COMPANIES[0]?.operatorGroups.flatMap((g) => g.operators.map((o) => o.phone)) ?? [];
    expect(demoPhones.every((p) => p.startsWith('+48'))).toBe(true);
    const links = await db()
      .selectFrom('device_operators')
      .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('device_id')
      .execute();
    expect(links.length).toBeGreaterThan(0);
    expect(Math.max(...links.map((l) => Number(l.n)))).toBeLessThanOrEqual(16);
  });

  it('creates the three demo sign-ins with working passwords', async () => {
    const users = await db()
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['users.username', 'users.password_hash', 'users.is_super_admin', 'users.can_impersonate', 'companies.name as company'])
      .execute();
    for (const signIn of Object.values(DEMO_SIGN_INS)) {
      const user = users.find((u) => u.username === signIn.username);
      expect(user?.company).toBe(signIn.company);
      expect(await verifyPassword(user?.password_hash ?? null, signIn.password)).toBe(true);
    }
    expect(users.find((u) => u.username === 'admin')).toMatchObject({ is_super_admin: true, can_impersonate: true });
    expect(users.find((u) => u.username === 'demo')).toMatchObject({ is_super_admin: false, can_impersonate: false });
  });

  it('opens every demo user on a dashboard and a diagnostics board of six monitors of the own company', async () => {
    const rows = await db()
      .selectFrom('user_settings')
      .innerJoin('users', 'users.id', 'user_settings.user_id')
      .select(['users.username', 'users.company_id', 'user_settings.key', 'user_settings.value'])
      .execute();
    const ownIds = async (table: 'devices' | 'device_groups' | 'operator_groups', company: number) =>
      new Set((await db().selectFrom(table).select('id').where('company_id', '=', company).execute()).map((r) => r.id));
    for (const signIn of Object.values(DEMO_SIGN_INS)) {
      for (const page of MONITOR_PAGES) {
        const row = rows.find((r) => r.username === signIn.username && r.key === page);
        expect(row, `${signIn.username} ${page}`).toBeDefined();
        if (!row) continue;
        const board = boardSettingSchema.parse(row.value);
        expect(board.monitors).toHaveLength(6);
        expect(new Set(board.monitors.map((m) => m.kind)).size).toBeGreaterThanOrEqual(4);
        const devices = await ownIds('devices', row.company_id);
        const groups = await ownIds('device_groups', row.company_id);
        const operatorGroups = await ownIds('operator_groups', row.company_id);
        for (const monitor of board.monitors) {
          const settings = monitor.settings as Record<string, unknown>;
          expect(settings.edited).toBe(false);
          const chosen = [
            ...((settings.devices as number[] | undefined) ?? []).map((id) => devices.has(id)),
            ...((settings.deviceGroups as number[] | undefined) ?? []).map((id) => groups.has(id)),
            ...((settings.deviceOperatorsGroups as number[] | undefined) ?? []).map((id) => operatorGroups.has(id)),
            ...(typeof settings.device === 'number' ? [devices.has(settings.device)] : []),
          ];
          expect(chosen.length, `${page} ${monitor.id} chooses something`).toBeGreaterThan(0);
          expect(chosen.every(Boolean), `${page} ${monitor.id} stays in its company`).toBe(true);
        }
      }
    }
  });

  it('gives the demo company an inspection due this week, an overdue task and a done one, each on its devices', async () => {
    const factory = await companyId('Demo Factory');
    const now = Date.now();
    const tasks = await db().selectFrom('tasks').select(['id', 'type', 'status', 'deadline', 'company_id']).orderBy('id').execute();
    expect(tasks.every((t) => t.company_id === factory)).toBe(true);
    const open = tasks.filter((t) => t.status === 'open');
    const dueThisWeek = open.filter(
      (t) => t.type === 'inspection' && t.deadline !== null && t.deadline.getTime() > now && t.deadline.getTime() < now + 7 * 86_400_000,
    );
    expect(dueThisWeek).toHaveLength(1);
    expect(open.filter((t) => t.deadline !== null && t.deadline.getTime() < now)).toHaveLength(1);
    expect(tasks.filter((t) => t.status === 'done')).toHaveLength(1);
    const links = await db().selectFrom('task_devices').select(['task_id', 'company_id']).execute();
    expect(new Set(links.map((l) => l.task_id)).size).toBe(3);
    expect(links.every((l) => l.company_id === factory)).toBe(true);
  });

  it('gives the demo company a production view of two of its three-shift machines with a png logo, reset at its shift changes', async () => {
    const factory = await companyId('Demo Factory');
    const views = await db().selectFrom('production_views').select(['id', 'company_id', 'reset_hours', 'logo', 'logo_type']).execute();
    expect(views).toHaveLength(1);
    const [view] = views;
    expect(view?.company_id).toBe(factory);
    expect(view?.reset_hours).toEqual([6, 14, 22]);
    expect(view?.logo_type).toBe('image/png');
    expect(Buffer.from(view!.logo!).subarray(1, 4).toString('latin1')).toBe('PNG');
    const lines = await db()
      .selectFrom('production_view_lines')
      .innerJoin('devices', 'devices.id', 'production_view_lines.device_id')
      .select(['production_view_lines.company_id', 'devices.company_id as device_company', 'devices.name', 'production_view_lines.parameter'])
      .where('production_view_lines.view_id', '=', view!.id)
      .orderBy('production_view_lines.position')
      .execute();
    expect(lines.map((l) => [l.name, l.parameter])).toEqual([
      ['Injection Moulder 4', 3],
      ['Welding Robot 8', 3],
    ]);
    expect(lines.every((l) => l.company_id === factory && l.device_company === factory)).toBe(true);
  });

  it('does nothing on a database that already has companies', async () => {
    const before = await Promise.all(TABLES.map(count));
    expect(await seedDemoIfEmpty(db())).toBe(false);
    expect(await Promise.all(TABLES.map(count))).toEqual(before);
  });
});

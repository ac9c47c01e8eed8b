import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGE_KEYS, ENTITY_MESSAGE_KEYS, MESSAGE_KEYS, validationErrorSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, createOperatorGroup } from './telemetry-fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { insertProductionView } from './production-views-fixtures.ts';

/**
 * `POST /api/{resource}/{id}/duplicate` of alert rules, report configurations, production views, device groups and
 * devices (issue 33 item 2): what each copy takes and leaves, the copy's name, the caller's company only, and a
 * refused copy that writes nothing.
 */
describe('duplicating rows', () => {
  let ctx: TestContext;
  let company: TestCompany;
  let user: TestUser;
  let token: string;
  let strangerToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    company = await createCompany(ctx.database.db, 'Copying company');
    user = await createUser(ctx.database.db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const stranger = await createUser(ctx.database.db, (await createCompany(ctx.database.db, 'Stranger company')).id);
    strangerToken = (await signIn(ctx.app, stranger.username, stranger.password)).access_token;
  });
  afterAll(async () => ctx?.close());

  const duplicate = (resource: string, id: number, body: Record<string, unknown> = {}, as = token) =>
    ctx.app.inject({ method: 'POST', url: `/api/${resource}/${id}/duplicate`, headers: bearer(as), payload: body });
  const copyId = async (resource: string, id: number, body: Record<string, unknown> = {}) => {
    const response = await duplicate(resource, id, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const db = () => ctx.database.db;
  const countOf = async (table: 'device_groups' | 'devices' | 'alert_rules' | 'report_configurations' | 'production_views') =>
    Number((await db().selectFrom(table).select(db().fn.countAll().as('n')).where('company_id', '=', company.id).executeTakeFirstOrThrow()).n);

  it('copies a device group with its devices, numbering the copy names, under a given name, refusing a taken one', async () => {
    const [a, b] = [await createDevice(db(), company.id), await createDevice(db(), company.id)];
    const group = await createDeviceGroup(db(), company.id, 'Line A', [a.id, b.id]);
    const copy = await copyId('devicegroups', group);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/devicegroups/${copy}`, headers: bearer(token) });
    expect(read.json()).toMatchObject({ name: 'Line A (copy)', deviceCount: 2 });
    expect(read.json().devices.map((d: { id: number }) => d.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    const second = await copyId('devicegroups', group, { name: '   ' });
    expect((await db().selectFrom('device_groups').select('name').where('id', '=', second).executeTakeFirstOrThrow()).name).toBe('Line A (copy 2)');
    expect(await copyId('devicegroups', group, { name: 'Line B' })).toBeGreaterThan(second);

    const before = await countOf('device_groups');
    const taken = await duplicate('devicegroups', group, { name: 'LINE a (COPY)' });
    expect(taken.statusCode).toBe(400);
    expect(validationErrorSchema.parse(taken.json())).toEqual({ errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] }, rootErrors: [] });
    expect((await duplicate('devicegroups', group, { name: 'x'.repeat(129) })).statusCode).toBe(400);
    expect((await duplicate('devicegroups', group, {}, strangerToken)).statusCode).toBe(404);
    expect((await duplicate('devicegroups', 999_999)).statusCode).toBe(404);
    expect(await countOf('device_groups')).toBe(before);
  });

  it('copies a device with its type, groups, operators and requirements, but not its module, alerts or rules', async () => {
    const device = await createDevice(db(), company.id, 'Forklift 7');
    const group = await createDeviceGroup(db(), company.id, 'Forklifts', [device.id]);
    await db()
      .updateTable('devices')
      .set({ description: 'Blue one', technical_data: JSON.stringify({ capacity: 2500 }), software_version: '1.2' })
      .where('id', '=', device.id)
      .execute();
    const operator = (
      await db()
        .insertInto('operators')
        .values({ company_id: company.id, operator_group_id: await createOperatorGroup(db(), company.id, 'Drivers'), firstname: 'Ola', lastname: 'Nowak' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db().insertInto('device_operators').values({ company_id: company.id, device_id: device.id, operator_id: operator }).execute();
    await db()
      .insertInto('device_requirements')
      .values({ company_id: company.id, device_id: device.id, weekday: 1, work_minutes: 300, active_minutes: 400 })
      .execute();
    await db().insertInto('device_requirement_users').values({ company_id: company.id, device_id: device.id, user_id: user.id }).execute();
    const sensor = (
      await db()
        .insertInto('sensors')
        .values({ company_id: company.id, device_id: device.id, name: 'Module', serial_number: 'DUP-0001', security_code: 'secret' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const rule = await createRule(db(), company.id, { name: 'Watches the forklift', devices: [device.id] });
    await insertAlert(db(), { companyId: company.id, deviceId: device.id, ruleId: rule });

    const copy = await copyId('devices', device.id);
    const row = await db().selectFrom('devices').selectAll().where('id', '=', copy).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: company.id,
      name: 'Forklift 7 (copy)',
      device_type_id: device.deviceTypeId,
      description: 'Blue one',
      software_version: '1.2',
    });
    expect(row.technical_data).toEqual({ capacity: 2500 });
    const links = async (
      table: 'device_group_devices' | 'device_operators' | 'device_requirement_users',
      column: 'device_group_id' | 'operator_id' | 'user_id',
    ) => (await db().selectFrom(table).select(column).where('device_id', '=', copy).execute()).map((r) => (r as Record<string, number>)[column]);
    expect(await links('device_group_devices', 'device_group_id')).toEqual([group]);
    expect(await links('device_operators', 'operator_id')).toEqual([operator]);
    expect(await links('device_requirement_users', 'user_id')).toEqual([user.id]);
    expect(await db().selectFrom('device_requirements').select(['weekday', 'work_minutes', 'active_minutes']).where('device_id', '=', copy).execute()).toEqual([
      { weekday: 1, work_minutes: 300, active_minutes: 400 },
    ]);
    // The module stays on the original; the copy has no alerts and no rule names it.
    expect((await db().selectFrom('sensors').select('device_id').where('id', '=', sensor).executeTakeFirstOrThrow()).device_id).toBe(device.id);
    expect(await db().selectFrom('alerts').select('id').where('device_id', '=', copy).execute()).toEqual([]);
    expect(await db().selectFrom('alert_rule_devices').select('rule_id').where('device_id', '=', copy).execute()).toEqual([]);

    expect((await duplicate('devices', device.id, {}, strangerToken)).statusCode).toBe(404);
    expect((await duplicate('devices', device.id, { name: 'forklift 7 (copy)' })).json()).toEqual({
      errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] },
      rootErrors: [],
    });
  });

  it('copies an alert rule disabled, with its conditions and links, not its alerts; an archived rule is refused', async () => {
    const device = await createDevice(db(), company.id);
    const group = await createDeviceGroup(db(), company.id, 'Rule group', [device.id]);
    const rule = await createRule(db(), company.id, { name: 'Low voltage', importance: 'error', devices: [device.id], groups: [group], users: [user.id] });
    const condition = { variable: 1, operator: 'lt', argument: 44, date_interval: '10m' };
    await db()
      .insertInto('alert_rule_conditions')
      .values({ company_id: company.id, rule_id: rule, position: 1, condition: JSON.stringify(condition) })
      .execute();
    await insertAlert(db(), { companyId: company.id, deviceId: device.id, ruleId: rule });

    const copy = await copyId('alertrules', rule);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/alertrules/${copy}`, headers: bearer(token) });
    expect(read.json()).toMatchObject({
      name: 'Low voltage (copy)',
      type: 'value',
      importance: 'error',
      enabled: false,
      draft: false,
      devices: [{ id: device.id }],
      groups: [{ id: group }],
      users: [{ id: user.id }],
    });
    expect(read.json().stats.every((s: { count: number }) => s.count === 0)).toBe(true);
    expect(read.json().conditions).toEqual([expect.objectContaining({ position: 1, condition })]);
    expect(await db().selectFrom('alerts').select('id').where('rule_id', '=', copy).execute()).toEqual([]);
    // The original keeps running as it was.
    expect((await db().selectFrom('alert_rules').select('enabled').where('id', '=', rule).executeTakeFirstOrThrow()).enabled).toBe(true);

    await ctx.app.inject({ method: 'DELETE', url: `/api/alertrules/${rule}`, headers: bearer(token) });
    const archived = await duplicate('alertrules', rule);
    expect(archived.statusCode).toBe(400);
    expect(archived.json()).toEqual({ errors: {}, rootErrors: [ALERT_MESSAGE_KEYS.archived] });
    expect((await duplicate('alertrules', copy, {}, strangerToken)).statusCode).toBe(404);
  });

  it('copies a report configuration switched off with its groups and recipients, and no file', async () => {
    const group = await createDeviceGroup(db(), company.id, 'Report group', []);
    const configuration = (
      await db()
        .insertInto('report_configurations')
        .values({
          company_id: company.id,
          report_type: 'efficiency-report',
          name: 'Weekly efficiency',
          report_interval: 'week',
          frequency: 'week',
          format: 'pdf',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('report_configuration_device_groups')
      .values({ company_id: company.id, configuration_id: configuration, device_group_id: group })
      .execute();
    await db().insertInto('report_configuration_users').values({ company_id: company.id, configuration_id: configuration, user_id: user.id }).execute();
    await db().insertInto('report_configuration_emails').values({ configuration_id: configuration, email: 'boss@example.com' }).execute();

    const copy = await copyId('reportsconfigurations', configuration);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/reportsconfigurations/${copy}`, headers: bearer(token) });
    expect(read.json()).toMatchObject({
      name: 'Weekly efficiency (copy)',
      reportType: 'efficiency-report',
      reportInterval: 'week',
      frequency: 'week',
      format: 'pdf',
      enabled: false,
      groups: [{ id: group }],
      users: [{ id: user.id }],
      emails: ['boss@example.com'],
      createdBy: { id: user.id },
      lastPeriod: null,
    });
    expect(await db().selectFrom('report_files').select('id').where('configuration_id', '=', copy).execute()).toEqual([]);

    const before = await countOf('report_configurations');
    expect((await duplicate('reportsconfigurations', configuration, { name: 'ab' })).json()).toEqual({
      errors: { name: [MESSAGE_KEYS.tooShort] },
      rootErrors: [],
    });
    expect((await duplicate('reportsconfigurations', configuration, {}, strangerToken)).statusCode).toBe(404);
    expect(await countOf('report_configurations')).toBe(before);
  });

  it('copies a production view with its lines and logo, not its display links; a long name stays within the limit', async () => {
    const device = await createDevice(db(), company.id);
    const name = 'V'.repeat(127);
    const view = await insertProductionView(db(), company.id, device.id, name);
    await db()
      .insertInto('production_view_display_links')
      .values({ company_id: company.id, view_id: view, token_sha256: Buffer.alloc(32, 7) })
      .execute();

    const copy = await copyId('productionviews', view);
    const [original, copied] = await Promise.all(
      [view, copy].map(async (id) => (await ctx.app.inject({ method: 'GET', url: `/api/productionviews/${id}`, headers: bearer(token) })).json()),
    );
    expect(copied.name).toBe(`${'V'.repeat(120)} (copy)`);
    expect(copied).toMatchObject({ view_type: original.view_type, lines: original.lines, reset_time: original.reset_time, logo: original.logo });
    expect(await db().selectFrom('production_view_display_links').select('id').where('view_id', '=', copy).execute()).toEqual([]);
    expect((await duplicate('productionviews', view, {}, strangerToken)).statusCode).toBe(404);
  });
});

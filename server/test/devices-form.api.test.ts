import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_MESSAGE_KEYS, FORM_MESSAGE_KEYS, MESSAGE_KEYS, formDefinitionSchema, problemSchema } from '@gearwatch/contracts';
import type { FormDefinition } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createOperator, createTelemetryDevice } from './telemetry-fixtures.ts';

/** The device form, delete and unassign of /manage devices (docs/forms.md), for a company user and a super-admin. */
describe('device form API', () => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let adminToken: string;
  let companyId: number;
  let otherCompanyId: number;
  let deviceTypeId: number;
  let groupId: number;
  let otherGroupId: number;
  let operatorIds: number[];
  let freeSensorId: number;
  let userId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = token) =>
    ctx.app.inject({ method, url, headers: bearer(as), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  const formOf = async (url: string, as = token) => formDefinitionSchema.parse((await call('GET', url, undefined, as)).json());
  const encoded = (fields: Record<string, string | string[]>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
    return params.toString();
  };
  const submitForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string | string[]>, as = token) =>
    ctx.app.inject({ method, url, headers: { ...bearer(as), 'content-type': 'application/x-www-form-urlencoded' }, payload: encoded(fields) });

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    const other = await createCompany(db);
    companyId = company.id;
    otherCompanyId = other.id;
    const user = await createUser(db, company.id, { firstname: 'Ewa', lastname: 'Nowak' });
    userId = user.id;
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const otherUser = await createUser(db, other.id);
    otherToken = (await signIn(ctx.app, otherUser.username, otherUser.password)).access_token;
    const admin = await createUser(db, other.id, { superAdmin: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    deviceTypeId = (await createDevice(db, company.id, 'Existing forklift')).deviceTypeId;
    groupId = (await db.insertInto('device_groups').values({ company_id: company.id, name: 'Yard' }).returning('id').executeTakeFirstOrThrow()).id;
    otherGroupId = (await db.insertInto('device_groups').values({ company_id: other.id, name: 'Theirs' }).returning('id').executeTakeFirstOrThrow()).id;
    operatorIds = [];
    for (let i = 0; i < 17; i++) operatorIds.push(await createOperator(db, company.id, { firstname: `Op${i}`, lastname: 'Test', rfid: `CARD${i}` }));
    freeSensorId = (
      await db
        .insertInto('sensors')
        .values({ company_id: company.id, name: 'Spare module', serial_number: `SPARE${process.pid}`, security_code: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A module fitted to another device is not offered.
    await createTelemetryDevice(db, company.id, deviceTypeId, 'Busy machine');
  });
  afterAll(() => ctx?.close());

  it("answers the new-device form: fields in order with their flags, choices of the caller's company only, a token", async () => {
    const definition = await formOf('/api/devices/new');
    expect(Object.keys(definition.schema).slice(0, 6)).toEqual(['name', 'deviceType', 'groups', 'description', 'status', 'powerState']);
    expect(definition.schema.company).toBeUndefined();
    expect(definition.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128 });
    expect(definition.schema.operators).toMatchObject({ type: 'entity', multiple: true, maxItems: 16 });
    expect(definition.schema.powerState).toMatchObject({ disabled: true });
    expect(definition.schema.requiredWork_mon).toMatchObject({ type: 'number', min: 0, max: 1440, step: 1 });
    expect(definition.choices.groups).toEqual([{ value: groupId, label: 'Yard' }]);
    expect(definition.choices.sensors!.map((s) => s.value)).toEqual([freeSensorId]);
    expect(definition.choices.status!.map((s) => s.value)).toEqual(['operational', 'damaged']);
    expect(definition.choices.requirementUsers).toEqual([{ value: userId, label: 'Ewa Nowak' }]);
    expect(definition.data).toMatchObject({ name: null, status: 'operational', groups: [] });
    expect(definition.token).toMatch(/^\d+\./);
  });

  async function createForklift(definition: FormDefinition, extra: Record<string, string | string[]> = {}) {
    return submitForm('POST', '/api/devices', {
      token: definition.token,
      name: 'Forklift 7',
      deviceType: String(deviceTypeId),
      groups: [String(groupId)],
      description: 'Electric, yard',
      status: 'operational',
      tankCapacity: '40,5',
      sensors: [String(freeSensorId)],
      'operators[]': operatorIds.slice(0, 3).map(String),
      requiredWork_mon: '240',
      requiredActive_mon: '360',
      requirementUsers: [String(userId)],
      ...extra,
    });
  }

  it('creates a device from a form-encoded submit, with every link, and reads it back in the edit form', async () => {
    const response = await createForklift(await formOf('/api/devices/new'));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const edit = await formOf(`/api/devices/${id}/edit`);
    expect(edit.data).toMatchObject({
      name: 'Forklift 7',
      deviceType: deviceTypeId,
      groups: [groupId],
      description: 'Electric, yard',
      tankCapacity: 40.5,
      width: null,
      sensors: [freeSensorId],
      operators: operatorIds.slice(0, 3),
      requiredWork_mon: 240,
      requiredActive_mon: 360,
      requiredWork_tue: null,
      requirementUsers: [userId],
    });
    // The fitted module is offered to this device only.
    expect(edit.choices.sensors!.map((s) => s.value)).toContain(freeSensorId);
    expect((await formOf('/api/devices/new')).choices.sensors!.map((s) => s.value)).not.toContain(freeSensorId);
    const device = (await call('GET', `/api/devices/${id}`)).json<{ groups: { id: number }[]; sensors: { id: number }[] }>();
    expect(device.groups.map((g) => g.id)).toEqual([groupId]);
    expect(device.sensors.map((s) => s.id)).toEqual([freeSensorId]);

    // JSON update replaces the links.
    const updated = await call('PUT', `/api/devices/${id}`, {
      token: edit.token,
      name: 'Forklift 7b',
      deviceType: deviceTypeId,
      groups: [],
      status: 'damaged',
      sensors: [freeSensorId],
      operators: [operatorIds[5]],
      requirementUsers: [],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await formOf(`/api/devices/${id}/edit`)).data).toMatchObject({
      name: 'Forklift 7b',
      groups: [],
      status: 'damaged',
      operators: [operatorIds[5]],
      requiredWork_mon: null,
      description: null,
    });
  });

  it("names each bad field with the spec's message keys and writes nothing", async () => {
    const definition = await formOf('/api/devices/new');
    const before = await ctx.database.db.selectFrom('devices').select(ctx.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const response = await createForklift(definition, {
      name: 'Existing forklift',
      sensors: [],
      groups: [String(otherGroupId)],
      'operators[]': operatorIds.map(String),
      requiredWork_mon: '2000',
      requiredActive_tue: '1.5',
      status: 'broken',
    });
    expect(response.statusCode).toBe(400);
    // One round: the name in use is told with the schema's mistakes, not after they are fixed.
    expect(response.json()).toEqual({
      errors: {
        name: [ENTITY_MESSAGE_KEYS.nameInUse],
        groups: [MESSAGE_KEYS.incorrect],
        operators: [ENTITY_MESSAGE_KEYS.tooManyOperators],
        requiredWork_mon: [FORM_MESSAGE_KEYS.outOfRange],
        requiredActive_tue: [MESSAGE_KEYS.incorrect],
        status: [MESSAGE_KEYS.incorrect],
      },
      rootErrors: [],
    });
    const taken = await createForklift(definition, { name: 'existing FORKLIFT', sensors: [] });
    expect(taken.json()).toEqual({ errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] }, rootErrors: [] });
    const blank = await submitForm('POST', '/api/devices', { token: definition.token, name: ' ' });
    expect(blank.json().errors).toMatchObject({ name: [MESSAGE_KEYS.notBlank], deviceType: [MESSAGE_KEYS.notBlank], status: [MESSAGE_KEYS.notBlank] });
    const after = await ctx.database.db.selectFrom('devices').select(ctx.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it("refuses a submit without the form's token, with a forged one, or with another row's", async () => {
    const definition = await formOf('/api/devices/new');
    for (const bad of [undefined, 'forged', `${Math.floor(Date.now() / 1000) + 100}.${'a'.repeat(43)}`]) {
      const response = await createForklift(definition, bad === undefined ? {} : { token: bad });
      if (bad === undefined) continue;
      expect(response.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    }
    const missing = await call('POST', '/api/devices', { name: 'x' });
    expect(missing.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    const existing = (await call('GET', '/api/devices?search=Existing')).json<{ entries: { id: number }[] }>().entries[0]!.id;
    const put = await call('PUT', `/api/devices/${existing}`, { token: definition.token, name: 'x', deviceType: deviceTypeId, status: 'operational' });
    expect(put.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
  });

  it('keeps other companies out: their devices are 404 for every form call, delete and unassign', async () => {
    const existing = (await call('GET', '/api/devices?search=Existing')).json<{ entries: { id: number }[] }>().entries[0]!.id;
    const token = (await formOf(`/api/devices/${existing}/edit`)).token;
    for (const [method, url] of [
      ['GET', `/api/devices/${existing}/edit`],
      ['PUT', `/api/devices/${existing}`],
      ['DELETE', `/api/devices/${existing}`],
      ['DELETE', `/api/devices/${existing}/sensors`],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? { token, name: 'x' } : undefined, otherToken);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/devices/999999/edit')).statusCode).toBe(404);
  });

  it('refuses to delete a device with fitted modules, naming them; unassigning them lets it go with its telemetry', async () => {
    const response = await createForklift(await formOf('/api/devices/new'), { name: 'To delete', sensors: [] });
    const { id } = response.json<{ id: number }>();
    const sensor = await ctx.database.db
      .insertInto('sensors')
      .values({ company_id: companyId, device_id: id, name: 'Module A', serial_number: `DEL${process.pid}`, security_code: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blocked = await call('DELETE', `/api/devices/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(problemSchema.parse(blocked.json()).dependents).toEqual({ sensors: [{ id: sensor.id, name: 'Module A' }] });
    expect((await call('DELETE', `/api/devices/${id}/sensors`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/devices/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/devices/${id}`)).statusCode).toBe(404);
    const module = await ctx.database.db.selectFrom('sensors').select('device_id').where('id', '=', sensor.id).executeTakeFirstOrThrow();
    expect(module.device_id).toBeNull();
  });

  it('gives a super-admin the company field, links only within the chosen company, and the company fixed on edit', async () => {
    const definition = await formOf('/api/devices/new', adminToken);
    expect(Object.keys(definition.schema)[0]).toBe('company');
    expect(definition.choices.company!.map((c) => c.value)).toEqual(expect.arrayContaining([companyId, otherCompanyId]));
    const mixed = await call(
      'POST',
      '/api/devices',
      { token: definition.token, company: otherCompanyId, name: 'Admin device', deviceType: deviceTypeId, status: 'operational', groups: [groupId] },
      adminToken,
    );
    expect(mixed.json()).toEqual({ errors: { groups: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    const created = await call(
      'POST',
      '/api/devices',
      { token: definition.token, company: otherCompanyId, name: 'Admin device', deviceType: deviceTypeId, status: 'operational', groups: [otherGroupId] },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const filtered = (
      await call('GET', `/api/devices?page_size=0&filter=${encodeURIComponent(JSON.stringify({ company: otherCompanyId }))}`, undefined, adminToken)
    ).json<{
      entries: { name: string; company: { id: number } }[];
    }>();
    expect(filtered.entries.map((d) => d.name)).toEqual(['Admin device']);
    const edit = await formOf(`/api/devices/${created.json<{ id: number }>().id}/edit`, adminToken);
    expect(edit.schema.company).toMatchObject({ disabled: true });
    expect(edit.data.company).toBe(otherCompanyId);
    expect(edit.choices.groups).toEqual([{ value: otherGroupId, label: 'Theirs' }]);
  });
});

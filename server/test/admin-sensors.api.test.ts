import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  MESSAGE_KEYS,
  UNKNOWN_MODULES_KEPT,
  UNKNOWN_MODULES_LISTED,
  problemSchema,
  sensorSchema,
  unknownModuleListSchema,
} from '@gearwatch/contracts';
import type { Sensor } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { basicAuth } from './ingest-fixtures.ts';
import { adminClient, adminRoutes, errorsOn } from './admin-fixtures.ts';

const MINUTE = 60_000;

/** /api/sensors: the measurement modules of every company, kept by super-admins (spec 01 §2, docs/forms.md). */
describe('administration: sensors API', () => {
  let ctx: TestContext;
  let adminToken: string;
  let userToken: string;
  let factory: TestCompany;
  let other: TestCompany;
  let press: { id: number; deviceTypeId: number };
  let lathe: { id: number; deviceTypeId: number };
  let foreignDevice: { id: number; deviceTypeId: number };
  const { call, formOf, submitForm, listOf } = adminClient(
    () => ctx,
    () => adminToken,
  );
  const db = () => ctx.database.db;
  let counter = 0;
  const serial = (prefix = 'SN') => `${prefix}${process.pid}X${++counter}`;
  const insertSensor = async (
    companyId: number,
    values: { name?: string; serial_number?: string; device_id?: number | null; sim_card_number?: string; is_active?: boolean } = {},
  ) =>
    (
      await db()
        .insertInto('sensors')
        .values({
          company_id: companyId,
          name: values.name ?? `Module ${++counter}`,
          serial_number: values.serial_number ?? serial(),
          security_code: 'CODE',
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const sensorOf = async (id: number): Promise<Sensor> => {
    const response = await call('GET', `/api/sensors/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return sensorSchema.parse(response.json());
  };
  const ingest = (serialNumber: string, code: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { ...basicAuth(serialNumber, code), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    factory = await createCompany(db(), 'Acme Factory');
    other = await createCompany(db(), 'Other Works');
    const admin = await createUser(db(), other.id, { superAdmin: true });
    const user = await createUser(db(), factory.id, { impersonate: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
    press = await createDevice(db(), factory.id, 'Press');
    lathe = await createDevice(db(), factory.id, 'Lathe');
    foreignDevice = await createDevice(db(), other.id, 'Their crane');
  });
  afterAll(() => ctx?.close());

  it("answers 403 to a company user on every route, their own company's modules included", async () => {
    const id = await insertSensor(factory.id, { device_id: press.id });
    const token = (await formOf(`/api/sensors/${id}/edit`)).token;
    for (const [method, url] of adminRoutes('sensors', id, [['DELETE', `/api/sensors/${id}/devices`]])) {
      const response = await call(method, url, method === 'POST' || method === 'PUT' ? { token, name: 'x' } : undefined, userToken);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(problemSchema.parse(response.json()).message).toBe(MESSAGE_KEYS.forbidden);
    }
    expect((await sensorOf(id)).device).toEqual({ id: press.id, name: 'Press' });
    await db().deleteFrom('sensors').where('id', '=', id).execute();
  });

  it("answers the form: fields in order with their types and flags, every company's devices, timezones, defaults, a token", async () => {
    const definition = await formOf('/api/sensors/new');
    expect(Object.keys(definition.schema)).toEqual([
      'company',
      'name',
      'protocol',
      'serialNumber',
      'securityCode',
      'sendPeriodSeconds',
      'type',
      'description',
      'device',
      'timezone',
      'subscription',
      'simCardNumber',
      'version',
      'softwareVersion',
      'owner',
      'dealer',
      'active',
      'warrantyTo',
      'peripherals',
      // An OPC UA module's endpoint, security, credentials and mapping (docs/opcua.md); other protocols ignore them.
      'opcuaEndpointUrl',
      'opcuaSecurityMode',
      'opcuaSecurityPolicy',
      'opcuaUserName',
      'opcuaPassword',
      'opcuaClearPassword',
      'opcuaSamplingIntervalMs',
      'opcuaAcceptServerCertificate',
      'opcuaMapping',
    ]);
    expect(definition.schema.company).toMatchObject({ type: 'entity', label: 'sensor.field.company', required: true, disabled: false });
    expect(definition.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128 });
    expect(definition.schema.serialNumber).toMatchObject({
      type: 'text',
      label: 'sensor.field.serial-number',
      required: true,
      changeToUpperCase: true,
      maxLength: 64,
    });
    expect(definition.schema.protocol).toMatchObject({ type: 'choice', label: 'sensor.field.protocol', required: false });
    // Required of a `gearwatch` module only, by the module's rules.
    expect(definition.schema.securityCode).toMatchObject({ type: 'text', required: false, maxLength: 64 });
    expect(definition.schema.description).toMatchObject({ type: 'textarea', required: false });
    expect(definition.schema.device).toMatchObject({ type: 'entity', required: false, multiple: false });
    expect(definition.schema.timezone).toMatchObject({ type: 'choice', required: true });
    expect(definition.schema.active).toMatchObject({ type: 'switch' });
    expect(definition.schema.warrantyTo).toMatchObject({ type: 'datetime' });
    expect(definition.schema.peripherals).toMatchObject({ type: 'textarea', maxLength: 2000 });
    for (const readOnly of ['lastActivity', 'lastLocation', 'lastWorkTime', 'state']) expect(definition.schema[readOnly]).toBeUndefined();
    expect(definition.choices.company).toEqual([
      { value: factory.id, label: 'Acme Factory' },
      { value: other.id, label: 'Other Works' },
    ]);
    expect(definition.choices.device).toEqual([
      { value: lathe.id, label: 'Acme Factory · Lathe' },
      { value: press.id, label: 'Acme Factory · Press' },
      { value: foreignDevice.id, label: 'Other Works · Their crane' },
    ]);
    expect(definition.choices.timezone!.map((c) => c.value)).toEqual(expect.arrayContaining(['Europe/Warsaw', 'America/New_York', 'UTC']));
    expect(definition.choices.protocol).toEqual([
      { value: 'gearwatch', label: 'sensor.protocol.gearwatch', translate: true },
      { value: 'teltonika', label: 'sensor.protocol.teltonika', translate: true },
      { value: 'opcua', label: 'sensor.protocol.opcua', translate: true },
    ]);
    expect(definition.data).toMatchObject({
      company: null,
      name: null,
      protocol: 'gearwatch',
      serialNumber: null,
      device: null,
      timezone: 'Europe/Warsaw',
      active: true,
      warrantyTo: null,
      peripherals: null,
    });
    expect(definition.token).toMatch(/^\d+\./);
  });

  it('creates a module from a form-encoded submit, reads it back, and the module authenticates on POST /api/ingest', async () => {
    const serialNumber = serial('gw-new');
    // The fields read back just as they were sent.
    const asSent = {
      type: 'GW-4',
      description: 'On the main press',
      timezone: 'Europe/Warsaw',
      subscription: 'Annual 2026',
      simCardNumber: '8948 0100 1234',
      version: 'r2',
      softwareVersion: '4.1.0',
      owner: 'Acme',
      dealer: 'Gear Dealer',
    };
    const created = await submitForm('POST', '/api/sensors', {
      token: (await formOf('/api/sensors/new')).token,
      company: String(factory.id),
      name: ' Press module ',
      serialNumber,
      securityCode: 's3cret-Code',
      ...asSent,
      device: String(press.id),
      active: 'on',
      warrantyTo: '2027-01-31',
      peripherals: 'RFID reader\r\n\r\n  GPS antenna  \nCAN adapter',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const read = await sensorOf(id);
    expect(read).toEqual({
      id,
      name: 'Press module',
      serialNumber: serialNumber.toUpperCase(),
      protocol: 'gearwatch',
      securityCode: 's3cret-Code',
      company: { id: factory.id, name: 'Acme Factory' },
      device: { id: press.id, name: 'Press' },
      ...asSent,
      active: true,
      warrantyTo: '2027-01-31',
      peripherals: ['RFID reader', 'GPS antenna', 'CAN adapter'],
      sendPeriodSeconds: null,
      lastActivity: null,
      lastLocation: null,
      lastWorkTime: null,
      state: 'offline',
      opcua: null,
    });
    const edit = await formOf(`/api/sensors/${id}/edit`);
    expect(edit.data).toMatchObject({
      company: factory.id,
      serialNumber: serialNumber.toUpperCase(),
      device: press.id,
      active: true,
      // Midnight of the last warranty day in the module's timezone (CET).
      warrantyTo: '2027-01-30T23:00:00.000Z',
      peripherals: 'RFID reader\nGPS antenna\nCAN adapter',
    });

    // The module sends with its serial number in any letter case and its security code.
    const t0 = Date.now() - 30 * MINUTE;
    const sent = await ingest(serialNumber.toLowerCase(), 's3cret-Code', {
      readings: [
        { p: 1, t: t0, v: 60 },
        { p: 1, t: t0 + 5 * MINUTE, v: 0 },
        { p: 2, t: t0 + 6 * MINUTE, v: 60 },
      ],
      positions: [
        { t: t0, lat: 52.1, lon: 21.1 },
        { t: t0 + 10 * MINUTE, lat: 52.2, lon: 21.2, acc: 4 },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ readings: 3, unassigned: 0, positions: 2 });
    expect((await ingest(serialNumber, 'wrong-code', { readings: [] })).statusCode).toBe(401);
    const reporting = await sensorOf(id);
    expect(reporting.state).toBe('online');
    expect(Date.now() - Date.parse(reporting.lastActivity!)).toBeLessThan(MINUTE);
    expect(reporting.lastLocation).toEqual({ lat: 52.2, lon: 21.2, time: new Date(t0 + 10 * MINUTE).toISOString() });
    expect(reporting.lastWorkTime).toBe(new Date(t0).toISOString());

    // JSON update: another device, inactive, no warranty; an inactive module is refused by ingest.
    const updated = await call('PUT', `/api/sensors/${id}`, {
      token: edit.token,
      company: factory.id,
      name: 'Lathe module',
      serialNumber: serialNumber.toUpperCase(),
      securityCode: 'new-code',
      device: lathe.id,
      timezone: 'America/New_York',
      active: false,
      warrantyTo: '2027-06-30T12:00:00Z',
      peripherals: '',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id });
    expect(await sensorOf(id)).toMatchObject({
      name: 'Lathe module',
      securityCode: 'new-code',
      device: { id: lathe.id, name: 'Lathe' },
      type: null,
      description: null,
      timezone: 'America/New_York',
      active: false,
      warrantyTo: '2027-06-30',
      peripherals: [],
      // Work on the press is not counted for the lathe.
      lastWorkTime: null,
    });
    expect((await formOf(`/api/sensors/${id}/edit`)).data.warrantyTo).toBe('2027-06-30T04:00:00.000Z');
    expect((await ingest(serialNumber, 'new-code', { readings: [] })).statusCode).toBe(401);
  });

  it('keeps a Teltonika module by its IMEI without a code: refused a serial that is no IMEI, never signed in on POST /api/ingest, filtered by protocol', async () => {
    const token = (await formOf('/api/sensors/new')).token;
    const base = { token, company: factory.id, name: 'FMB tracker', protocol: 'teltonika', timezone: 'UTC', active: true };
    const notImei = await call('POST', '/api/sensors', { ...base, serialNumber: '35620904238A' });
    expect(notImei.statusCode).toBe(400);
    expect(notImei.json()).toEqual({ errors: { serialNumber: [ENTITY_MESSAGE_KEYS.imeiIncorrect] }, rootErrors: [] });
    const unknownProtocol = await call('POST', '/api/sensors', { ...base, protocol: 'modbus', serialNumber: '356209042380001' });
    expect(unknownProtocol.statusCode).toBe(400);
    expect(Object.keys(unknownProtocol.json<{ errors: object }>().errors)).toEqual(['protocol']);

    const imei = `35620904${String(process.pid).padStart(7, '0').slice(-7)}`;
    // A code sent with it is not kept: a Teltonika module has none that could sign it in.
    const created = await call('POST', '/api/sensors', { ...base, serialNumber: imei, securityCode: 'ignored' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(await sensorOf(id)).toMatchObject({ serialNumber: imei, protocol: 'teltonika', securityCode: '' });
    expect((await formOf(`/api/sensors/${id}/edit`)).data).toMatchObject({ protocol: 'teltonika', securityCode: null });
    expect((await ingest(imei, '', { readings: [] })).statusCode).toBe(401);
    expect((await ingest(imei, 'ignored', { readings: [] })).statusCode).toBe(401);

    // A gearwatch module needs its code.
    const noCode = await call('POST', '/api/sensors', { ...base, protocol: 'gearwatch', serialNumber: serial() });
    expect(noCode.json()).toEqual({ errors: { securityCode: [MESSAGE_KEYS.notBlank] }, rootErrors: [] });

    const filtered = (protocol: string) => listOf(`/api/sensors?filter=${encodeURIComponent(JSON.stringify({ protocol }))}`);
    expect((await filtered('teltonika')).ids).toEqual([id]);
    const gearwatch = (await filtered('gearwatch')).ids;
    expect(gearwatch.length).toBeGreaterThan(0);
    expect(gearwatch).not.toContain(id);
    expect((await call('GET', `/api/sensors?filter=${encodeURIComponent('{"protocol":"opc"}')}`)).statusCode).toBe(400);
    await db().deleteFrom('sensors').where('id', '=', id).execute();
  });

  it('lists unknown devices, the latest try first, until one is registered or dismissed; keeps a bounded number', async () => {
    const unknown = ctx.services.unknownModules;
    const listed = async () => {
      const response = await call('GET', '/api/unknown-modules');
      expect(response.statusCode, response.body).toBe(200);
      return unknownModuleListSchema.parse(response.json()).entries;
    };
    const first = '356307042441013';
    const second = '352093081452251';
    await unknown.record('teltonika', first, '192.0.2.10');
    await unknown.record('teltonika', second, '192.0.2.11');
    await unknown.record('teltonika', first, '198.51.100.7');
    const entries = await listed();
    expect(entries.map((e) => [e.serialNumber, e.attempts, e.address])).toEqual([
      [first, 2, '198.51.100.7'],
      [second, 1, '192.0.2.11'],
    ]);
    expect(Date.parse(entries[0]!.lastSeen)).toBeGreaterThanOrEqual(Date.parse(entries[0]!.firstSeen));
    expect((await call('GET', '/api/unknown-modules', undefined, userToken)).statusCode).toBe(403);

    // Registering the first takes it off the list; dismissing the second forgets it.
    const token = (await formOf('/api/sensors/new')).token;
    const registered = await call('POST', '/api/sensors', {
      token,
      company: factory.id,
      name: 'Yard tracker',
      protocol: 'teltonika',
      serialNumber: first,
      timezone: 'UTC',
      active: true,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await listed()).map((e) => e.serialNumber)).toEqual([second]);
    expect((await call('DELETE', `/api/unknown-modules/teltonika/${second}`, undefined, userToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/unknown-modules/teltonika/${second}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/unknown-modules/teltonika/${second}`)).statusCode).toBe(404);
    expect(await listed()).toEqual([]);

    // A flood of made-up serial numbers keeps only the latest UNKNOWN_MODULES_KEPT.
    for (let i = 0; i < UNKNOWN_MODULES_KEPT + 3; i++) await unknown.record('teltonika', `9${String(i).padStart(14, '0')}`, null);
    const kept = await db().selectFrom('unknown_modules').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(UNKNOWN_MODULES_KEPT);
    expect((await listed()).length).toBe(UNKNOWN_MODULES_LISTED);
    await db().deleteFrom('unknown_modules').execute();
    await db().deleteFrom('sensors').where('id', '=', registered.json<{ id: number }>().id).execute();
  });

  it('takes the work time of an unassigned module from the readings kept for it', async () => {
    const serialNumber = serial('FREE');
    const definition = await formOf('/api/sensors/new');
    const created = await call('POST', '/api/sensors', {
      token: definition.token,
      company: other.id,
      name: 'Spare',
      serialNumber,
      securityCode: 'abc',
      timezone: 'UTC',
      active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const t0 = Date.now() - 20 * MINUTE;
    const sent = await ingest(serialNumber, 'abc', {
      readings: [
        { p: 1, t: t0, v: 5 },
        { p: 1, t: t0 + MINUTE, v: 0 },
      ],
    });
    expect(sent.json()).toMatchObject({ unassigned: 2 });
    expect(await sensorOf(id)).toMatchObject({ device: null, lastWorkTime: new Date(t0).toISOString(), lastLocation: null, state: 'online' });
  });

  it("names every bad field with the spec's message keys and writes nothing", async () => {
    const count = async () => (await db().selectFrom('sensors').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const token = (await formOf('/api/sensors/new')).token;
    const blank = await submitForm('POST', '/api/sensors', { token, company: '', name: ' ', serialNumber: '', securityCode: '', timezone: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ errors: errorsOn(['company', 'name', 'serialNumber', 'securityCode', 'timezone'], MESSAGE_KEYS.notBlank), rootErrors: [] });
    const bad = await call('POST', '/api/sensors', {
      token,
      company: 999999,
      name: 'n'.repeat(129),
      serialNumber: 's'.repeat(65),
      securityCode: 'c'.repeat(65),
      device: 999999,
      timezone: 'Europe/Atlantis',
      warrantyTo: 'next year',
      active: { yes: true },
      peripherals: 'p'.repeat(2001),
    });
    expect(bad.json()).toEqual({
      errors: {
        ...errorsOn(['company', 'device', 'timezone', 'active', 'warrantyTo'], MESSAGE_KEYS.incorrect),
        ...errorsOn(['name', 'serialNumber', 'securityCode', 'peripherals'], MESSAGE_KEYS.tooLong),
      },
      rootErrors: [],
    });
    // A date the warranty column cannot sensibly hold.
    for (const warrantyTo of ['0001-01-01', '1899-12-31T12:00:00Z']) {
      const response = await call('POST', '/api/sensors', {
        token,
        company: factory.id,
        name: 'M',
        serialNumber: serial(),
        securityCode: 'x',
        timezone: 'UTC',
        active: true,
        warrantyTo,
      });
      expect(response.json(), warrantyTo).toEqual({ errors: { warrantyTo: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    }
    // The device must be of the module's own company.
    const foreign = await call('POST', '/api/sensors', {
      token,
      company: factory.id,
      name: 'M',
      serialNumber: serial(),
      securityCode: 'x',
      device: foreignDevice.id,
      timezone: 'UTC',
      active: true,
    });
    expect(foreign.json()).toEqual({ errors: { device: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    // Serial numbers are unique without regard to case.
    const existing = serial('Dup');
    await insertSensor(factory.id, { serial_number: existing.toUpperCase() });
    for (const taken of [existing, existing.toLowerCase(), existing.toUpperCase()]) {
      const response = await call('POST', '/api/sensors', {
        token,
        company: other.id,
        name: 'M',
        serialNumber: taken,
        securityCode: 'x',
        timezone: 'UTC',
        active: true,
      });
      expect(response.json(), taken).toEqual({ errors: { serialNumber: [ENTITY_MESSAGE_KEYS.serialInUse] }, rootErrors: [] });
    }
    // One round: the serial in use and the foreign device are told with the schema's mistakes.
    const mixed = await call('POST', '/api/sensors', {
      token,
      company: factory.id,
      name: ' ',
      serialNumber: existing,
      securityCode: 'x',
      device: foreignDevice.id,
      timezone: 'UTC',
      active: true,
    });
    expect(mixed.json()).toEqual({
      errors: { name: [MESSAGE_KEYS.notBlank], serialNumber: [ENTITY_MESSAGE_KEYS.serialInUse], device: [MESSAGE_KEYS.incorrect] },
      rootErrors: [],
    });
    expect(await count()).toEqual(before + 1);
  });

  it("lets a module keep its own serial number and move to another company with that company's device", async () => {
    const id = await insertSensor(factory.id, { serial_number: serial('KEEP').toUpperCase(), device_id: press.id });
    const edit = await formOf(`/api/sensors/${id}/edit`);
    const base = {
      token: edit.token,
      name: 'Mover',
      serialNumber: String(edit.data.serialNumber).toLowerCase(),
      securityCode: 'x',
      timezone: 'Europe/Warsaw',
      active: true,
    };
    const stale = await call('PUT', `/api/sensors/${id}`, { ...base, company: other.id, device: press.id });
    expect(stale.json()).toEqual({ errors: { device: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    const moved = await call('PUT', `/api/sensors/${id}`, { ...base, company: other.id, device: foreignDevice.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sensorOf(id)).toMatchObject({ company: { id: other.id, name: 'Other Works' }, device: { id: foreignDevice.id, name: 'Their crane' } });
    await db().deleteFrom('sensors').where('id', '=', id).execute();
  });

  it("refuses a submit without the form's token, with a forged one or with another row's", async () => {
    const id = await insertSensor(factory.id, { name: 'Token target' });
    const newToken = (await formOf('/api/sensors/new')).token;
    const body = { company: factory.id, name: 'Changed', serialNumber: serial(), securityCode: 'x', timezone: 'UTC', active: true };
    for (const token of [undefined, 'forged', `${Math.floor(Date.now() / 1000) + 100}.${'a'.repeat(43)}`, newToken]) {
      const response = await call('PUT', `/api/sensors/${id}`, { ...body, ...(token === undefined ? {} : { token }) });
      expect(response.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    }
    const missing = await submitForm('POST', '/api/sensors', {
      company: String(factory.id),
      name: 'No token',
      serialNumber: serial(),
      securityCode: 'x',
      timezone: 'UTC',
    });
    expect(missing.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    expect((await sensorOf(id)).name).toBe('Token target');
    expect((await call('GET', '/api/sensors/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/sensors/999999/edit')).statusCode).toBe(404);
    expect((await call('PUT', '/api/sensors/999999', { ...body, token: newToken })).statusCode).toBe(404);
    await db().deleteFrom('sensors').where('id', '=', id).execute();
  });

  it('lists with search, every sort both ways, each filter, paging headers, no limit and 204', async () => {
    await db().deleteFrom('sensors').execute();
    const a = await insertSensor(factory.id, { name: 'alpha', serial_number: 'LIST-C', device_id: press.id, sim_card_number: '+48 600 100 200' });
    const b = await insertSensor(other.id, { name: 'Bravo', serial_number: 'LIST-A', is_active: false });
    const c = await insertSensor(factory.id, { name: 'charlie', serial_number: 'LIST-B', device_id: press.id });
    const now = Date.now();
    await db()
      .insertInto('sensor_state')
      .values([
        { sensor_id: a, company_id: factory.id, last_contact_at: new Date(now - 2 * MINUTE) },
        { sensor_id: b, company_id: other.id, last_contact_at: new Date(now - 60 * MINUTE) },
      ])
      .execute();

    expect((await listOf('/api/sensors')).ids).toEqual([a, b, c]);
    expect((await listOf('/api/sensors?sort=-name')).ids).toEqual([c, b, a]);
    expect((await listOf('/api/sensors?sort=id')).ids).toEqual([a, b, c]);
    expect((await listOf('/api/sensors?sort=-id')).ids).toEqual([c, b, a]);
    expect((await listOf('/api/sensors?sort=serialNumber')).ids).toEqual([b, c, a]);
    expect((await listOf('/api/sensors?sort=-serialNumber')).ids).toEqual([a, c, b]);
    expect((await listOf('/api/sensors?sort=company,name')).ids).toEqual([a, c, b]);
    expect((await listOf('/api/sensors?sort=-company,-name')).ids).toEqual([b, c, a]);
    // A module that never called comes last whichever the direction.
    expect((await listOf('/api/sensors?sort=lastActivity')).ids).toEqual([b, a, c]);
    expect((await listOf('/api/sensors?sort=-lastActivity')).ids).toEqual([a, b, c]);

    expect((await listOf('/api/sensors?search=BRAV')).ids).toEqual([b]);
    expect((await listOf('/api/sensors?search=list-b')).ids).toEqual([c]);
    expect((await listOf('/api/sensors?search=600%20100')).ids).toEqual([a]);
    const filter = (value: unknown) => `/api/sensors?filter=${encodeURIComponent(JSON.stringify(value))}`;
    expect((await listOf(filter({ company: factory.id }))).ids).toEqual([a, c]);
    expect((await listOf(filter({ company: String(other.id) }))).ids).toEqual([b]);
    expect((await listOf(filter({ device: press.id }))).ids).toEqual([a, c]);
    expect((await listOf(filter({ active: false }))).ids).toEqual([b]);
    expect((await listOf(filter({ active: 'true', company: factory.id, device: press.id }))).ids).toEqual([a, c]);
    expect((await listOf(filter({ device: lathe.id }))).status).toBe(204);
    for (const bad of [{ company: 'x' }, { device: -1 }, { active: 'maybe' }]) {
      const response = await call('GET', filter(bad));
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toEqual({ errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    }
    expect((await call('GET', '/api/sensors?filter=not-json')).statusCode).toBe(400);
    expect((await call('GET', '/api/sensors?sort=securityCode')).statusCode).toBe(400);

    const entries = (await call('GET', '/api/sensors?sort=name&page_size=1')).json<{ entries: Sensor[] }>().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: a, name: 'alpha', device: { id: press.id, name: 'Press' }, state: 'online', simCardNumber: '+48 600 100 200' });
    expect((await sensorOf(b)).state).toBe('offline');

    const page = await listOf('/api/sensors?page=2&page_size=2');
    expect(page.ids).toEqual([c]);
    expect(page.headers).toEqual({ pageEntries: '1', pageNumber: '2', totalEntries: '3', totalPages: '2' });
    const all = await listOf('/api/sensors?page_size=0');
    expect(all.ids).toEqual([a, b, c]);
    expect(all.headers).toEqual({ pageEntries: '3', pageNumber: '1', totalEntries: '3', totalPages: '1' });
    const none = await listOf('/api/sensors?search=nothing-matches');
    expect(none.status).toBe(204);
    expect(none.headers.totalEntries).toBe('0');
  });

  it("refuses to delete a fitted module, naming its device; unassigning lets it go with its positions and events, not the device's readings", async () => {
    const serialNumber = serial('DEL');
    const definition = await formOf('/api/sensors/new');
    const created = await call('POST', '/api/sensors', {
      token: definition.token,
      company: factory.id,
      name: 'Doomed',
      serialNumber,
      securityCode: 'k',
      device: lathe.id,
      timezone: 'Europe/Warsaw',
      active: true,
    });
    const { id } = created.json<{ id: number }>();
    const t0 = Date.now() - 40 * MINUTE;
    const sent = await ingest(serialNumber, 'k', {
      readings: [{ p: 1, t: t0, v: 30 }],
      positions: [{ t: t0, lat: 50, lon: 19 }],
      events: [{ t: t0, type: 'power_on' }],
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const blocked = await call('DELETE', `/api/sensors/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(problemSchema.parse(blocked.json()).dependents).toEqual({ devices: [{ id: lathe.id, name: 'Lathe' }] });
    const unassigned = await call('DELETE', `/api/sensors/${id}/devices`);
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json()).toEqual({});
    expect((await sensorOf(id)).device).toBeNull();
    // Sent while unassigned: kept for the module, deleted with it.
    await ingest(serialNumber, 'k', { readings: [{ p: 1, t: t0 + MINUTE, v: 30 }] });

    const deleted = await call('DELETE', `/api/sensors/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({});
    expect((await call('GET', `/api/sensors/${id}`)).statusCode).toBe(404);
    for (const table of ['positions', 'module_events', 'unassigned_readings', 'sensor_state'] as const) {
      expect(await db().selectFrom(table).select('sensor_id').where('sensor_id', '=', id).execute(), table).toEqual([]);
    }
    const readings = await db().selectFrom('readings').select(['device_id', 'value']).where('sensor_id', '=', id).execute();
    expect(readings).toEqual([{ device_id: lathe.id, value: 30 }]);
    expect((await ingest(serialNumber, 'k', { readings: [] })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/sensors/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/sensors/${id}/devices`)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  LIST_HEADERS,
  MESSAGE_KEYS,
  PARAMETER_AGGREGATIONS,
  adminParameterSchema,
  deviceTypeAdminListSchema,
  deviceTypeDetailSchema,
  deviceTypeMonitorListSchema,
  formDefinitionSchema,
  parameterListSchema,
  problemSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';

/** The device-type catalogue and its parameters as super-admins keep them (/administration devices-types). */
describe('device types and parameters API', () => {
  let ctx: TestContext;
  let adminToken: string;
  let userToken: string;
  let companyId: number;
  let secondsUnit: number;
  let litresUnit: number;
  /** The type of the company user's device (made by the fixture, parameters 1 and 2). */
  let fixtureType: number;
  let fixtureDevice: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = adminToken) =>
    ctx.app.inject({ method, url, headers: bearer(as), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  const formOf = async (url: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return formDefinitionSchema.parse(response.json());
  };
  const submitForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, as = adminToken) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(as), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const createType = async (name: string, description?: string) => {
    const definition = await formOf('/api/devicetypes/new');
    const response = await call('POST', '/api/devicetypes', { token: definition.token, name, ...(description ? { description } : {}) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const createParameter = async (deviceType: number, fields: Record<string, unknown>) => {
    const definition = await formOf('/api/parameters/new');
    const response = await call('POST', '/api/parameters', { token: definition.token, deviceType, aggregation: 'sum', ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const ids = (response: { statusCode: number; json: () => { entries: { id: number }[] } }) =>
    response.statusCode === 204 ? [] : response.json().entries.map((e) => e.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    companyId = company.id;
    const user = await createUser(db, company.id);
    userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
    const admin = await createUser(db, (await createCompany(db)).id, { superAdmin: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    const fixture = await createDevice(db, company.id, 'Yard forklift');
    fixtureType = fixture.deviceTypeId;
    fixtureDevice = fixture.id;
    secondsUnit = (
      await db
        .insertInto('units')
        .values({ name: `seconds-${process.pid}`, short: 's', long: 'seconds' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    litresUnit = (
      await db
        .insertInto('units')
        .values({ name: `litres-${process.pid}`, short: 'l', long: 'litres' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => ctx?.close());

  it('answers 403 to a company user on every write and form route, whatever the id, body or token', async () => {
    const typeId = await createType('Forbidden fruit');
    const parameterId = await createParameter(typeId, { number: 5, name: 'p' });
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/devicetypes?context=admin'],
      ['GET', '/api/devicetypes/new'],
      ['GET', `/api/devicetypes/${typeId}/edit`],
      ['GET', '/api/devicetypes/999999/edit'],
      ['POST', '/api/devicetypes', { name: 'x' }],
      ['PUT', `/api/devicetypes/${typeId}`, { token: 'forged', name: 'x' }],
      ['DELETE', `/api/devicetypes/${typeId}`],
      ['POST', `/api/devicetypes/${typeId}/duplicate`, {}],
      ['GET', '/api/parameters/new'],
      ['GET', `/api/parameters/${parameterId}/edit`],
      ['POST', '/api/parameters', { deviceType: typeId }],
      ['PUT', `/api/parameters/${parameterId}`, {}],
      ['DELETE', `/api/parameters/${parameterId}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(method, url, body, userToken);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(problemSchema.parse(response.json()).message).toBe(MESSAGE_KEYS.forbidden);
    }
    // Nothing changed, and without a token it is 401 as everywhere.
    expect((await call('GET', `/api/devicetypes/${typeId}`)).json().name).toBe('Forbidden fruit');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/devicetypes/new' })).statusCode).toBe(401);
  });

  it('answers the device-type form: fields with their flags, no choices, a token; the edit form filled', async () => {
    const definition = await formOf('/api/devicetypes/new');
    expect(Object.keys(definition.schema)).toEqual(['name', 'description']);
    expect(definition.schema.name).toMatchObject({
      type: 'text',
      label: 'devicetype.field.name',
      required: true,
      maxLength: 128,
      disabled: false,
      multiple: false,
    });
    expect(definition.schema.description).toMatchObject({ type: 'textarea', required: false, maxLength: 2000 });
    expect(definition.choices).toEqual({});
    expect(definition.data).toEqual({ name: null, description: null });
    expect(definition.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const id = await createType('Edit me', 'Described');
    const edit = await formOf(`/api/devicetypes/${id}/edit`);
    expect(edit.data).toEqual({ name: 'Edit me', description: 'Described' });
    expect((await call('GET', '/api/devicetypes/999999/edit')).statusCode).toBe(404);
  });

  it('creates a device type from a form-encoded submit, reads it, and updates it from JSON', async () => {
    const definition = await formOf('/api/devicetypes/new');
    const created = await submitForm('POST', '/api/devicetypes', { token: definition.token, name: '  Crane  ', description: 'Tower crane' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const read = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${id}`)).json());
    expect(read).toEqual({ id, name: 'Crane', description: 'Tower crane', deviceCount: 0, parameterCount: 0, parameters: [] });

    const edit = await formOf(`/api/devicetypes/${id}/edit`);
    // Its own name in another letter case is no clash.
    const updated = await call('PUT', `/api/devicetypes/${id}`, { token: edit.token, name: 'CRANE', description: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id });
    expect((await call('GET', `/api/devicetypes/${id}`)).json()).toMatchObject({ name: 'CRANE', description: null });
  });

  it('names each bad device-type field: blank, too long, a name in use in any letter case; bad tokens are root errors', async () => {
    await createType('Excavator');
    const definition = await formOf('/api/devicetypes/new');
    const post = (body: Record<string, unknown>) => call('POST', '/api/devicetypes', { token: definition.token, ...body });
    expect((await post({ name: ' ' })).json()).toEqual({ errors: { name: [MESSAGE_KEYS.notBlank] }, rootErrors: [] });
    expect((await post({ name: 'x'.repeat(129), description: 'y'.repeat(2001) })).json()).toEqual({
      errors: { name: [MESSAGE_KEYS.tooLong], description: [MESSAGE_KEYS.tooLong] },
      rootErrors: [],
    });
    expect((await post({ name: 'eXcAvAtOr' })).json()).toEqual({ errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] }, rootErrors: [] });
    // One round: the name in use is told with the schema's mistakes.
    expect((await post({ name: 'EXCAVATOR', description: 'y'.repeat(2001) })).json()).toEqual({
      errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse], description: [MESSAGE_KEYS.tooLong] },
      rootErrors: [],
    });
    expect((await post({ name: { not: 'text' } })).json()).toEqual({ errors: { name: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });

    const other = await createType('Bulldozer');
    const edit = await formOf(`/api/devicetypes/${other}/edit`);
    expect((await call('PUT', `/api/devicetypes/${other}`, { token: edit.token, name: 'EXCAVATOR' })).json()).toEqual({
      errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] },
      rootErrors: [],
    });

    const invalidToken = { errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] };
    expect((await call('POST', '/api/devicetypes', { name: 'No token' })).json()).toEqual(invalidToken);
    expect((await call('POST', '/api/devicetypes', { token: 'forged', name: 'Forged' })).json()).toEqual(invalidToken);
    expect((await call('POST', '/api/devicetypes', { token: `${Math.floor(Date.now() / 1000) + 60}.${'a'.repeat(43)}`, name: 'Forged' })).json()).toEqual(
      invalidToken,
    );
    // Another row's token.
    expect((await call('PUT', `/api/devicetypes/${other}`, { token: definition.token, name: 'Stolen' })).json()).toEqual(invalidToken);
    expect((await call('GET', '/api/devicetypes?search=Stolen&context=admin')).statusCode).toBe(204);
  });

  it('lists the catalogue for the administration: search, sort either way, page sizes, paging headers, 204 when empty', async () => {
    const prefix = `Lst${process.pid}`;
    const a = await createType(`${prefix} Alpha`);
    const b = await createType(`${prefix} beta`);
    const c = await createType(`${prefix} Gamma`);
    await createParameter(c, { number: 1, name: 'one' });
    await createParameter(c, { number: 2, name: 'two' });
    await createParameter(a, { number: 1, name: 'one' });
    await ctx.database.db.insertInto('devices').values({ company_id: companyId, device_type_id: b, name: 'Beta machine' }).execute();

    const list = (query: string) => call('GET', `/api/devicetypes?context=admin&search=${prefix}${query}`);
    const first = await list('');
    expect(first.statusCode).toBe(200);
    expect(first.headers[LIST_HEADERS.contexts]).toBe('admin');
    const entries = deviceTypeAdminListSchema.parse(first.json()).entries;
    expect(entries).toEqual([
      { id: a, name: `${prefix} Alpha`, description: null, deviceCount: 0, parameterCount: 1 },
      { id: b, name: `${prefix} beta`, description: null, deviceCount: 1, parameterCount: 0 },
      { id: c, name: `${prefix} Gamma`, description: null, deviceCount: 0, parameterCount: 2 },
    ]);
    expect(ids(await list('&sort=-name'))).toEqual([c, b, a]);
    expect(ids(await list('&sort=-parameterCount'))).toEqual([c, a, b]);
    expect(ids(await list('&sort=-deviceCount,id'))).toEqual([b, a, c]);
    expect(ids(await list('&sort=id'))).toEqual([a, b, c]);
    const page = await list('&page=2&page_size=2');
    expect(ids(page)).toEqual([c]);
    expect(page.headers[LIST_HEADERS.pageEntries]).toBe('1');
    expect(page.headers[LIST_HEADERS.pageNumber]).toBe('2');
    expect(page.headers[LIST_HEADERS.totalEntries]).toBe('3');
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
    const all = await list('&page_size=0');
    expect(ids(all)).toEqual([a, b, c]);
    expect(all.headers[LIST_HEADERS.totalPages]).toBe('1');
    expect((await list('&filter={}')).statusCode).toBe(200);
    expect((await list('nothing-like-this')).statusCode).toBe(204);
    expect((await list('&sort=description')).json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await list('&filter=nope')).json()).toEqual({ errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });

    // The monitors' context keeps its shape and its sort fields.
    const monitor = await call('GET', `/api/devicetypes?search=${prefix}&context=devicetypes_monitor&sort=-name`);
    expect(deviceTypeMonitorListSchema.parse(monitor.json()).entries.map((e) => e.id)).toEqual([c, b, a]);
    expect(monitor.json().entries[0]).toEqual({ id: c, name: `${prefix} Gamma`, parameters: expect.any(Array) });
    expect((await call('GET', `/api/devicetypes?sort=deviceCount`)).json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    // A company user sees its own devices' types in the monitors' context, as before.
    expect(ids(await call('GET', '/api/devicetypes?page_size=0&sort=id', undefined, userToken))).toEqual([fixtureType, b].sort((x, y) => x - y));
  });

  it('answers the parameter form: fields in order with their flags and choices; the type fixed on edit', async () => {
    const typeId = await createType('Form type');
    const definition = await formOf('/api/parameters/new');
    expect(Object.keys(definition.schema)).toEqual([
      'deviceType',
      'number',
      'name',
      'description',
      'tags',
      'unit',
      'aggregation',
      'dataType',
      'chart',
      'formula',
      'public',
      'teltonikaIoId',
      'teltonikaMultiplier',
      'teltonikaOffset',
    ]);
    expect(definition.schema.deviceType).toMatchObject({ type: 'entity', required: true, disabled: false });
    expect(definition.schema.number).toMatchObject({ type: 'number', required: true, min: 0, step: 1 });
    expect(definition.schema.name).toMatchObject({ type: 'text', required: true, maxLength: 128 });
    expect(definition.schema.description).toMatchObject({ type: 'textarea', required: false });
    expect(definition.schema.tags).toMatchObject({ type: 'text', required: false, help: 'parameter.help.tags' });
    expect(definition.schema.unit).toMatchObject({ type: 'entity', required: false, multiple: false });
    expect(definition.schema.aggregation).toMatchObject({ type: 'choice', required: true });
    expect(definition.schema.dataType).toMatchObject({ type: 'choice', required: false });
    expect(definition.schema.chart).toMatchObject({ type: 'choice' });
    expect(definition.schema.formula).toMatchObject({ type: 'text' });
    expect(definition.schema.public).toMatchObject({ type: 'switch' });
    expect(definition.choices.aggregation).toEqual(
      PARAMETER_AGGREGATIONS.map((value) => ({ value, label: `parameter.aggregation.${value}`, translate: true })),
    );
    expect(definition.choices.dataType!.map((c) => c.value)).toEqual(['integer', 'float', 'boolean']);
    expect(definition.choices.chart!.map((c) => c.value)).toEqual(['bar', 'line', 'step']);
    expect(definition.choices.deviceType).toContainEqual({ value: typeId, label: 'Form type' });
    expect(definition.choices.unit).toContainEqual({ value: secondsUnit, label: `seconds-${process.pid} (s)`, unit: 's' });
    expect(definition.data).toEqual({
      deviceType: null,
      number: null,
      name: null,
      description: null,
      tags: null,
      unit: null,
      aggregation: null,
      dataType: 'float',
      chart: 'bar',
      formula: null,
      public: true,
      teltonikaIoId: null,
      teltonikaMultiplier: 1,
      teltonikaOffset: 0,
    });
    const id = await createParameter(typeId, { number: 7, name: 'Fuel', tags: 'fuel, tank', unit: litresUnit, aggregation: 'last' });
    const edit = await formOf(`/api/parameters/${id}/edit`);
    expect(edit.schema.deviceType).toMatchObject({ disabled: true });
    expect(edit.data).toMatchObject({
      deviceType: typeId,
      number: 7,
      name: 'Fuel',
      tags: 'fuel, tank',
      unit: litresUnit,
      aggregation: 'last',
      dataType: 'float',
      public: false,
    });
    expect((await call('GET', '/api/parameters/999999/edit')).statusCode).toBe(404);
  });

  it('creates parameters from form-encoded and JSON submits, lists them with every list parameter, and updates them', async () => {
    const typeId = await createType('Parameter type');
    const definition = await formOf('/api/parameters/new');
    const created = await submitForm('POST', '/api/parameters', {
      token: definition.token,
      deviceType: String(typeId),
      number: '20',
      name: 'Engine temperature',
      description: 'Coolant',
      tags: ' engine,  temperature ,, engine ',
      unit: String(secondsUnit),
      aggregation: 'avg',
      dataType: 'integer',
      chart: 'line',
      formula: 'x / 10',
      public: 'on',
    });
    expect(created.statusCode, created.body).toBe(201);
    const engine = created.json<{ id: number }>().id;
    const read = adminParameterSchema.parse((await call('GET', `/api/parameters/${engine}`)).json());
    expect(read).toEqual({
      id: engine,
      deviceType: { id: typeId, name: 'Parameter type' },
      number: 20,
      name: 'Engine temperature',
      description: 'Coolant',
      tags: ['engine', 'temperature'],
      unit: { id: secondsUnit, name: `seconds-${process.pid}`, short: 's', long: 'seconds', min: null, max: null },
      aggregation: 'avg',
      dataType: 'integer',
      chart: 'line',
      formula: 'x / 10',
      public: true,
      teltonika: null,
    });
    const counter = await createParameter(typeId, { number: 3, name: 'counter', public: true });
    const idle = await createParameter(typeId, { number: 100, name: 'Idle time', tags: 'idle' });
    expect((await call('GET', `/api/parameters/${counter}`)).json()).toMatchObject({ tags: [], unit: null, dataType: 'float', chart: 'bar', public: true });

    const list = (query: string) => call('GET', `/api/parameters?filter=${encodeURIComponent(JSON.stringify({ deviceType: typeId }))}${query}`);
    const all = await list('');
    expect(parameterListSchema.parse(all.json()).entries.map((p) => p.number)).toEqual([3, 20, 100]);
    expect(all.headers[LIST_HEADERS.totalEntries]).toBe('3');
    expect(ids(await list('&sort=-number'))).toEqual([idle, engine, counter]);
    expect(ids(await list('&sort=name'))).toEqual([counter, engine, idle]);
    expect(ids(await list('&search=TEMP'))).toEqual([engine]);
    expect(ids(await list('&search=idle'))).toEqual([idle]);
    expect(ids(await list('&search=100'))).toEqual([idle]);
    const page = await list('&page=2&page_size=2');
    expect(ids(page)).toEqual([idle]);
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
    expect(ids(await list('&page_size=0'))).toEqual([counter, engine, idle]);
    expect((await list('&search=nothing')).statusCode).toBe(204);
    expect((await call('GET', '/api/parameters?filter={"deviceType":"x"}')).json()).toEqual({ errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await call('GET', '/api/parameters?sort=formula')).json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });

    const edit = await formOf(`/api/parameters/${engine}/edit`);
    // deviceType is disabled on edit: a submitted one is ignored.
    const other = await createType('Elsewhere');
    const updated = await call('PUT', `/api/parameters/${engine}`, {
      token: edit.token,
      deviceType: other,
      number: 21,
      name: 'Engine temp.',
      tags: '',
      unit: '',
      aggregation: 'max',
      public: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('GET', `/api/parameters/${engine}`)).json()).toMatchObject({
      deviceType: { id: typeId },
      number: 21,
      name: 'Engine temp.',
      description: null,
      tags: [],
      unit: null,
      aggregation: 'max',
      dataType: 'float',
      chart: 'bar',
      formula: null,
      public: false,
    });
    const detail = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${typeId}`)).json());
    expect(detail.parameterCount).toBe(3);
    expect(detail.parameters.map((p) => p.number)).toEqual([3, 21, 100]);
  });

  it('names each bad parameter field; a number is unique within its type only', async () => {
    const typeId = await createType('Rules type');
    const otherType = await createType('Other rules type');
    const existing = await createParameter(typeId, { number: 10, name: 'ten' });
    const definition = await formOf('/api/parameters/new');
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/parameters', { token: definition.token, deviceType: typeId, number: 11, name: 'ok', aggregation: 'sum', ...body });
    expect((await post({ number: 10 })).json()).toEqual({ errors: { number: [ENTITY_MESSAGE_KEYS.numberInUse] }, rootErrors: [] });
    expect((await post({ number: 10, name: ' ' })).json()).toEqual({
      errors: { number: [ENTITY_MESSAGE_KEYS.numberInUse], name: [MESSAGE_KEYS.notBlank] },
      rootErrors: [],
    });
    expect((await post({ number: 10, deviceType: otherType })).statusCode).toBe(201);
    expect((await post({ number: -1 })).json()).toEqual({ errors: { number: [FORM_MESSAGE_KEYS.outOfRange] }, rootErrors: [] });
    expect((await post({ number: '1.5' })).json()).toEqual({ errors: { number: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await post({ number: 'ten' })).json()).toEqual({ errors: { number: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await post({ number: 2 ** 31 })).json()).toEqual({ errors: { number: [FORM_MESSAGE_KEYS.outOfRange] }, rootErrors: [] });
    expect((await post({ name: '', number: '', deviceType: '', aggregation: '' })).json()).toEqual({
      errors: { deviceType: [MESSAGE_KEYS.notBlank], number: [MESSAGE_KEYS.notBlank], name: [MESSAGE_KEYS.notBlank], aggregation: [MESSAGE_KEYS.notBlank] },
      rootErrors: [],
    });
    expect((await post({ name: 'n'.repeat(129) })).json()).toEqual({ errors: { name: [MESSAGE_KEYS.tooLong] }, rootErrors: [] });
    expect((await post({ aggregation: 'median', dataType: 'text', chart: 'pie', unit: 999999, deviceType: 999999 })).json()).toEqual({
      errors: {
        deviceType: [MESSAGE_KEYS.incorrect],
        unit: [MESSAGE_KEYS.incorrect],
        aggregation: [MESSAGE_KEYS.incorrect],
        dataType: [MESSAGE_KEYS.incorrect],
        chart: [MESSAGE_KEYS.incorrect],
      },
      rootErrors: [],
    });
    expect((await call('POST', '/api/parameters', { deviceType: typeId, number: 12, name: 'x', aggregation: 'sum' })).json()).toEqual({
      errors: {},
      rootErrors: [FORM_MESSAGE_KEYS.invalidToken],
    });
    // On update the number may stay, but not take another parameter's of the type.
    const eleven = await createParameter(typeId, { number: 11, name: 'eleven' });
    const edit = await formOf(`/api/parameters/${eleven}/edit`);
    expect((await call('PUT', `/api/parameters/${eleven}`, { token: edit.token, number: 10, name: 'ok', aggregation: 'sum' })).json()).toEqual({
      errors: { number: [ENTITY_MESSAGE_KEYS.numberInUse] },
      rootErrors: [],
    });
    expect((await call('PUT', `/api/parameters/${eleven}`, { token: edit.token, number: 11, name: 'renamed', aggregation: 'sum' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/parameters/${existing}`, { token: edit.token, number: 10, name: 'x', aggregation: 'sum' })).json()).toEqual({
      errors: {},
      rootErrors: [FORM_MESSAGE_KEYS.invalidToken],
    });
  });

  it("answers a parameter's unit name (null without one), in the company's scope", async () => {
    const typeId = await createType('Unit type');
    const withUnit = await createParameter(typeId, { number: 1, name: 'fuel', unit: litresUnit });
    const withoutUnit = await createParameter(typeId, { number: 2, name: 'flag' });
    expect((await call('GET', `/api/parameters/${withUnit}/unit`)).json()).toEqual({ name: `litres-${process.pid}` });
    expect((await call('GET', `/api/parameters/${withoutUnit}/unit`)).json()).toEqual({ name: null });
    expect((await call('GET', '/api/parameters/999999/unit')).statusCode).toBe(404);
    // A company user reaches the parameters of its devices' types only.
    expect((await call('GET', `/api/parameters/${withUnit}/unit`, undefined, userToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/devicetypes/${typeId}`, undefined, userToken)).statusCode).toBe(404);
    const own = parameterListSchema.parse((await call('GET', `/api/parameters?filter={"deviceType":${fixtureType}}`, undefined, userToken)).json()).entries;
    expect(own.map((p) => p.number)).toEqual([1, 2]);
    expect((await call('GET', `/api/parameters/${own[0]!.id}/unit`, undefined, userToken)).json()).toEqual({ name: expect.stringMatching(/^seconds/) });
    expect((await call('GET', `/api/parameters?filter={"deviceType":${typeId}}`, undefined, userToken)).statusCode).toBe(204);
    const detail = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${fixtureType}`, undefined, userToken)).json());
    expect(detail).toMatchObject({ id: fixtureType, deviceCount: 1, parameterCount: 2 });
  });

  it('deletes a parameter; deletes a device type with its parameters unless devices have it, naming them', async () => {
    const typeId = await createType('Doomed type');
    const parameter = await createParameter(typeId, { number: 1, name: 'gone' });
    const kept = await createParameter(typeId, { number: 2, name: 'kept' });
    expect((await call('DELETE', `/api/parameters/${parameter}`)).json()).toEqual({});
    expect((await call('GET', `/api/parameters/${parameter}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/parameters/${parameter}`)).statusCode).toBe(404);

    const blocked = await call('DELETE', `/api/devicetypes/${fixtureType}`);
    expect(blocked.statusCode).toBe(409);
    expect(problemSchema.parse(blocked.json()).dependents).toEqual({ devices: [{ id: fixtureDevice, name: 'Yard forklift' }] });
    expect((await call('GET', `/api/devicetypes/${fixtureType}`)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/devicetypes/${typeId}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/devicetypes/${typeId}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/parameters/${kept}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/devicetypes/${typeId}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/devicetypes/abc')).statusCode).toBe(404);
  });

  it('duplicates a device type with every parameter, under a given name or a numbered copy name', async () => {
    const typeId = await createType('Loader', 'Wheel loader');
    await createParameter(typeId, {
      number: 1,
      name: 'work',
      tags: 'effective work time',
      unit: secondsUnit,
      aggregation: 'sum',
      dataType: 'integer',
      chart: 'step',
      formula: 'x',
      public: true,
    });
    await createParameter(typeId, { number: 10000, name: 'internal', aggregation: 'last' });
    const original = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${typeId}`)).json());

    const first = await call('POST', `/api/devicetypes/${typeId}/duplicate`, {});
    expect(first.statusCode, first.body).toBe(201);
    const copy = deviceTypeDetailSchema.parse((await call('GET', `/api/devicetypes/${first.json<{ id: number }>().id}`)).json());
    expect(copy).toMatchObject({ name: 'Loader (copy)', description: 'Wheel loader', deviceCount: 0, parameterCount: 2 });
    const withoutIds = (parameters: typeof original.parameters) => parameters.map(({ id: _id, deviceType: _type, ...rest }) => rest);
    expect(withoutIds(copy.parameters)).toEqual(withoutIds(original.parameters));
    expect(copy.parameters.every((p) => p.deviceType.id === copy.id && !original.parameters.some((o) => o.id === p.id))).toBe(true);

    const second = await call('POST', `/api/devicetypes/${typeId}/duplicate`, { name: '  ' });
    expect((await call('GET', `/api/devicetypes/${second.json<{ id: number }>().id}`)).json().name).toBe('Loader (copy 2)');
    const named = await call('POST', `/api/devicetypes/${typeId}/duplicate`, { name: 'Compact loader' });
    expect(named.statusCode).toBe(201);
    expect((await call('GET', `/api/devicetypes/${named.json<{ id: number }>().id}`)).json()).toMatchObject({ name: 'Compact loader', parameterCount: 2 });
    expect((await call('POST', `/api/devicetypes/${typeId}/duplicate`, { name: 'LOADER (COPY)' })).json()).toEqual({
      errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] },
      rootErrors: [],
    });
    expect((await call('POST', `/api/devicetypes/${typeId}/duplicate`, { name: 'x'.repeat(129) })).json()).toEqual({
      errors: { name: [MESSAGE_KEYS.tooLong] },
      rootErrors: [],
    });
    expect((await call('POST', '/api/devicetypes/999999/duplicate', {})).statusCode).toBe(404);

    // A name at the longest still gets a copy suffix within the limit.
    const long = await createType('L'.repeat(128));
    const longCopy = await call('POST', `/api/devicetypes/${long}/duplicate`, {});
    expect((await call('GET', `/api/devicetypes/${longCopy.json<{ id: number }>().id}`)).json().name).toBe(`${'L'.repeat(121)} (copy)`);
  });
});

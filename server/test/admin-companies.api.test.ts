import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_MESSAGE_KEYS, FORM_MESSAGE_KEYS, MESSAGE_KEYS, companySchema, problemSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createDeviceGroup, createOperator, createOperatorGroup } from './telemetry-fixtures.ts';
import { adminClient, adminRoutes } from './admin-fixtures.ts';
import { ValidationError } from '../src/http/errors.ts';

/** /api/companies: the administration's "user groups", kept by super-admins (spec 01 §2, docs/forms.md). */
describe('administration: companies API', () => {
  let ctx: TestContext;
  let adminToken: string;
  let userToken: string;
  let adminUserId: number;
  let home: TestCompany;
  let subscriberId: number;
  const { call, formOf, submitForm, listOf } = adminClient(
    () => ctx,
    () => adminToken,
  );
  const db = () => ctx.database.db;
  const dayRollup = async (companyId: number, deviceId: number) =>
    db()
      .insertInto('readings_day')
      .values({
        company_id: companyId,
        device_id: deviceId,
        parameter_number: 1,
        day: '2026-01-15',
        sum: 60,
        count: 1,
        min: 60,
        max: 60,
        last_ts: new Date('2026-01-15T10:00:00Z'),
        last_value: 60,
      })
      .execute();

  beforeAll(async () => {
    ctx = await createTestContext();
    home = await createCompany(db(), 'Home Company');
    const admin = await createUser(db(), home.id, { superAdmin: true });
    adminUserId = admin.id;
    const user = await createUser(db(), home.id, { impersonate: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
    subscriberId = (await db().insertInto('subscribers').values({ name: 'Payer' }).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ctx?.close());

  it('answers 403 to a company user on every route, their own company included', async () => {
    const token = (await formOf(`/api/companies/${home.id}/edit`)).token;
    for (const [method, url] of adminRoutes('companies', home.id)) {
      const response = await call(
        method,
        url,
        method === 'POST' || method === 'PUT' ? { token, name: 'x', timezone: 'UTC', subscriptionType: 'basic' } : undefined,
        userToken,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(problemSchema.parse(response.json()).message).toBe(MESSAGE_KEYS.forbidden);
    }
    expect((await call('GET', `/api/companies/${home.id}`)).json()).toMatchObject({ name: 'Home Company' });
  });

  it('answers the form: fields with their types and flags, the choices, default data and a token', async () => {
    const definition = await formOf('/api/companies/new');
    expect(Object.keys(definition.schema)).toEqual(['name', 'subscriber', 'timezone', 'subscriptionType', 'automaticOperatorRegistration']);
    expect(definition.schema.name).toMatchObject({ type: 'text', label: 'company.field.name', required: true, maxLength: 128 });
    expect(definition.schema.subscriber).toMatchObject({ type: 'entity', required: false, multiple: false });
    expect(definition.schema.timezone).toMatchObject({ type: 'choice', required: true, disabled: false });
    expect(definition.schema.subscriptionType).toMatchObject({ type: 'choice', required: true });
    expect(definition.schema.automaticOperatorRegistration).toMatchObject({ type: 'switch', required: false });
    expect(definition.choices.subscriber).toEqual([{ value: subscriberId, label: 'Payer' }]);
    expect(definition.choices.subscriptionType).toEqual([
      { value: 'basic', label: 'company.subscription-type.basic', translate: true },
      { value: 'standard', label: 'company.subscription-type.standard', translate: true },
      { value: 'premium', label: 'company.subscription-type.premium', translate: true },
    ]);
    const zones = definition.choices.timezone!.map((c) => c.value);
    expect(zones).toEqual(expect.arrayContaining(['Europe/Warsaw', 'Asia/Tokyo', 'America/New_York', 'UTC']));
    expect(definition.choices.timezone!.find((c) => c.value === 'Europe/Riga')).toEqual({ value: 'Europe/Riga', label: 'Europe/Riga' });
    expect(definition.data).toEqual({
      name: null,
      subscriber: null,
      timezone: 'Europe/Warsaw',
      subscriptionType: 'standard',
      automaticOperatorRegistration: false,
    });
    expect(definition.token).toMatch(/^\d+\./);
  });

  it('creates from a form-encoded submit, reads it back with its counts, and updates from JSON', async () => {
    const created = await submitForm('POST', '/api/companies', {
      token: (await formOf('/api/companies/new')).token,
      name: ' Riga Works ',
      subscriber: String(subscriberId),
      timezone: 'Europe/Riga',
      subscriptionType: 'premium',
      automaticOperatorRegistration: 'on',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    await createUser(db(), id);
    await createDevice(db(), id);
    await createDevice(db(), id);
    const read = companySchema.parse((await call('GET', `/api/companies/${id}`)).json());
    expect(read).toEqual({
      id,
      name: 'Riga Works',
      subscriber: { id: subscriberId, name: 'Payer' },
      timezone: 'Europe/Riga',
      subscriptionType: 'premium',
      automaticOperatorRegistration: true,
      userCount: 1,
      deviceCount: 2,
      timezoneLocked: false,
    });
    const edit = await formOf(`/api/companies/${id}/edit`);
    expect(edit.data).toEqual({
      name: 'Riga Works',
      subscriber: subscriberId,
      timezone: 'Europe/Riga',
      subscriptionType: 'premium',
      automaticOperatorRegistration: true,
    });

    const updated = await call('PUT', `/api/companies/${id}`, {
      token: edit.token,
      name: 'Riga Works 2',
      subscriber: null,
      timezone: 'America/Sao_Paulo',
      subscriptionType: 'basic',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id });
    expect((await call('GET', `/api/companies/${id}`)).json()).toMatchObject({
      name: 'Riga Works 2',
      subscriber: null,
      timezone: 'America/Sao_Paulo',
      subscriptionType: 'basic',
      automaticOperatorRegistration: false,
    });
  });

  it("names every bad field with the spec's message keys and writes nothing", async () => {
    const count = async () => (await db().selectFrom('companies').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const token = (await formOf('/api/companies/new')).token;
    const blank = await submitForm('POST', '/api/companies', { token, name: ' ', timezone: '', subscriptionType: '' });
    expect(blank.json()).toEqual({
      errors: { name: [MESSAGE_KEYS.notBlank], timezone: [MESSAGE_KEYS.notBlank], subscriptionType: [MESSAGE_KEYS.notBlank] },
      rootErrors: [],
    });
    const bad = await call('POST', '/api/companies', {
      token,
      name: 'n'.repeat(129),
      subscriber: 999999,
      timezone: 'Mars/Olympus_Mons',
      subscriptionType: 'gold',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: {
        name: [MESSAGE_KEYS.tooLong],
        subscriber: [MESSAGE_KEYS.incorrect],
        timezone: [MESSAGE_KEYS.incorrect],
        subscriptionType: [MESSAGE_KEYS.incorrect],
      },
      rootErrors: [],
    });
    for (const name of ['HOME COMPANY', 'home company', 'Home Company']) {
      const taken = await call('POST', '/api/companies', { token, name, timezone: 'UTC', subscriptionType: 'basic' });
      expect(taken.json(), name).toEqual({ errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse] }, rootErrors: [] });
    }
    // One round: the name in use is told with the schema's mistakes.
    const mixed = await call('POST', '/api/companies', { token, name: 'home COMPANY', timezone: 'UTC', subscriptionType: 'gold' });
    expect(mixed.json()).toEqual({ errors: { name: [ENTITY_MESSAGE_KEYS.nameInUse], subscriptionType: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect(await count()).toEqual(before);
    // Renaming a company to its own name in another case is no clash.
    const edit = await formOf(`/api/companies/${home.id}/edit`);
    const same = await call('PUT', `/api/companies/${home.id}`, {
      token: edit.token,
      name: 'HOME Company',
      timezone: 'Europe/Warsaw',
      subscriptionType: 'standard',
    });
    expect(same.statusCode, same.body).toBe(200);
    await db().updateTable('companies').set({ name: 'Home Company' }).where('id', '=', home.id).execute();
  });

  it("keeps offering a company's present timezone when the runtime lists it under another name", async () => {
    const company = await createCompany(db(), 'Kathmandu Co');
    await db().updateTable('companies').set({ timezone: 'Asia/Kathmandu' }).where('id', '=', company.id).execute();
    const edit = await formOf(`/api/companies/${company.id}/edit`);
    expect(edit.choices.timezone).toContainEqual({ value: 'Asia/Kathmandu', label: 'Asia/Kathmandu' });
    const kept = await call('PUT', `/api/companies/${company.id}`, {
      token: edit.token,
      name: 'Kathmandu Co',
      timezone: 'Asia/Kathmandu',
      subscriptionType: 'standard',
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("refuses a submit without the form's token, with a forged one or with another row's", async () => {
    const other = await createCompany(db(), 'Token Target');
    const newToken = (await formOf('/api/companies/new')).token;
    const homeToken = (await formOf(`/api/companies/${home.id}/edit`)).token;
    for (const token of [undefined, 'forged', `${Math.floor(Date.now() / 1000) + 100}.${'a'.repeat(43)}`, newToken, homeToken]) {
      const response = await call('PUT', `/api/companies/${other.id}`, {
        ...(token === undefined ? {} : { token }),
        name: 'Changed',
        timezone: 'UTC',
        subscriptionType: 'basic',
      });
      expect(response.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    }
    const missing = await submitForm('POST', '/api/companies', { name: 'No token', timezone: 'UTC', subscriptionType: 'basic' });
    expect(missing.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    expect((await call('GET', `/api/companies/${other.id}`)).json()).toMatchObject({ name: 'Token Target' });
  });

  it('fixes the timezone once the company has telemetry: disabled in the form, a change refused, other fields still saved', async () => {
    const company = await createCompany(db(), 'Telemetry Co');
    const device = await createDevice(db(), company.id);
    const open = await formOf(`/api/companies/${company.id}/edit`);
    expect(open.schema.timezone).toMatchObject({ disabled: false });
    await dayRollup(company.id, device.id);

    const edit = await formOf(`/api/companies/${company.id}/edit`);
    expect(edit.schema.timezone).toMatchObject({ disabled: true, help: 'company.help.timezone-locked' });
    expect(edit.data.timezone).toBe('Europe/Warsaw');
    expect((await call('GET', `/api/companies/${company.id}`)).json()).toMatchObject({ timezoneLocked: true });

    for (const submit of [
      () => call('PUT', `/api/companies/${company.id}`, { token: edit.token, name: 'Telemetry Co', timezone: 'Asia/Tokyo', subscriptionType: 'basic' }),
      () => submitForm('PUT', `/api/companies/${company.id}`, { token: edit.token, name: 'Telemetry Co', timezone: 'UTC', subscriptionType: 'basic' }),
      // The form opened before the telemetry came, its token still good.
      () => call('PUT', `/api/companies/${company.id}`, { token: open.token, name: 'Telemetry Co', timezone: 'America/New_York', subscriptionType: 'basic' }),
    ]) {
      const refused = await submit();
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errors: { timezone: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    }
    const kept = await call('PUT', `/api/companies/${company.id}`, {
      token: edit.token,
      name: 'Telemetry Co 2',
      timezone: 'Europe/Warsaw',
      subscriptionType: 'premium',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const omitted = await call('PUT', `/api/companies/${company.id}`, { token: edit.token, name: 'Telemetry Co 3', subscriptionType: 'premium' });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect((await call('GET', `/api/companies/${company.id}`)).json()).toMatchObject({
      name: 'Telemetry Co 3',
      timezone: 'Europe/Warsaw',
      subscriptionType: 'premium',
    });

    // A form decoded while the field was still enabled: the service refuses inside its transaction.
    const auth = { userId: adminUserId, companyId: home.id, isSuperAdmin: true, canImpersonate: true };
    const race = ctx.services.companies.update(auth, company.id, {
      name: 'Telemetry Co',
      subscriber: null,
      timezone: 'Asia/Tokyo',
      subscriptionType: 'basic',
      automaticOperatorRegistration: false,
    });
    await expect(race).rejects.toBeInstanceOf(ValidationError);
    await expect(race).rejects.toMatchObject({ errors: { timezone: [MESSAGE_KEYS.incorrect] } });
    expect((await call('GET', `/api/companies/${company.id}`)).json()).toMatchObject({ timezone: 'Europe/Warsaw' });
  });

  it('lists with user and device counts, search, sort (both ways), paging headers, no limit and 204', async () => {
    await db().insertInto('subscribers').values({ name: 'Unused' }).execute();
    const zulu = await createCompany(db(), 'zulu list co');
    const alpha = await createCompany(db(), 'Alpha List Co');
    const mike = await createCompany(db(), 'Mike List Co');
    await createUser(db(), mike.id);
    await createUser(db(), mike.id);
    await createDevice(db(), mike.id);
    const search = 'list co';
    expect((await listOf(`/api/companies?search=${encodeURIComponent(search)}`)).ids).toEqual([alpha.id, mike.id, zulu.id]);
    expect((await listOf(`/api/companies?search=LIST%20CO&sort=-name`)).ids).toEqual([zulu.id, mike.id, alpha.id]);
    expect((await listOf(`/api/companies?search=list&sort=id`)).ids).toEqual([zulu.id, alpha.id, mike.id]);
    expect((await listOf(`/api/companies?search=list&sort=-id`)).ids).toEqual([mike.id, alpha.id, zulu.id]);
    const entries = (await call('GET', '/api/companies?search=mike')).json<{ entries: unknown[] }>().entries;
    expect(entries).toEqual([
      {
        id: mike.id,
        name: 'Mike List Co',
        subscriber: null,
        timezone: 'Europe/Warsaw',
        subscriptionType: 'standard',
        automaticOperatorRegistration: false,
        userCount: 2,
        deviceCount: 1,
        timezoneLocked: false,
      },
    ]);
    const page = await listOf('/api/companies?search=list&page=2&page_size=2');
    expect(page.ids).toEqual([zulu.id]);
    expect(page.headers).toEqual({ pageEntries: '1', pageNumber: '2', totalEntries: '3', totalPages: '2' });
    const total = (await db().selectFrom('companies').select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const all = await listOf('/api/companies?page_size=0');
    expect(all.ids).toHaveLength(Number(total));
    expect(all.headers).toMatchObject({ pageNumber: '1', totalEntries: String(total), totalPages: '1' });
    expect((await listOf('/api/companies?search=no-such-company')).status).toBe(204);
    expect((await call('GET', '/api/companies?sort=userCount')).statusCode).toBe(400);
  });

  it('refuses to delete a company with users, devices or modules, naming them; deletes an empty one with its settings', async () => {
    const company = await createCompany(db(), 'Doomed Co');
    const user = await createUser(db(), company.id, { firstname: 'Ola', lastname: 'Nowak' });
    const device = await createDevice(db(), company.id, 'Doomed press');
    const sensor = await db()
      .insertInto('sensors')
      .values({ company_id: company.id, name: 'Doomed module', serial_number: `DOOM${process.pid}`, security_code: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const blocked = await call('DELETE', `/api/companies/${company.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(problemSchema.parse(blocked.json()).dependents).toEqual({
      users: [{ id: user.id, name: 'Ola Nowak' }],
      devices: [{ id: device.id, name: 'Doomed press' }],
      sensors: [{ id: sensor.id, name: 'Doomed module' }],
    });
    // No unassign call for these: they are removed first.
    expect((await call('DELETE', `/api/companies/${company.id}/users`)).statusCode).toBe(404);
    await db().deleteFrom('users').where('id', '=', user.id).execute();
    await db().deleteFrom('sensors').where('id', '=', sensor.id).execute();
    const onlyDevice = await call('DELETE', `/api/companies/${company.id}`);
    expect(problemSchema.parse(onlyDevice.json()).dependents).toEqual({ devices: [{ id: device.id, name: 'Doomed press' }] });
    await db().deleteFrom('devices').where('id', '=', device.id).execute();

    // What is left of its settings goes with it.
    await createDeviceGroup(db(), company.id, 'Empty line', []);
    const crew = await createOperatorGroup(db(), company.id, 'Crew');
    await createOperator(db(), company.id, { firstname: 'Jan', lastname: 'Kowal', groupId: crew });
    await db().insertInto('production_shifts').values({ company_id: company.id, position: 0, name: 'Day', hour_start: 6, hour_end: 14 }).execute();
    const deleted = await call('DELETE', `/api/companies/${company.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({});
    expect((await call('GET', `/api/companies/${company.id}`)).statusCode).toBe(404);
    for (const table of ['device_groups', 'operators', 'operator_groups', 'production_shifts'] as const) {
      expect(await db().selectFrom(table).select('id').where('company_id', '=', company.id).execute(), table).toEqual([]);
    }
    expect((await call('DELETE', `/api/companies/${company.id}`)).statusCode).toBe(404);
  });
});

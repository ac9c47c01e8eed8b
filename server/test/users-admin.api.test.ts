import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_MESSAGE_KEYS,
  FORM_MESSAGE_KEYS,
  LIST_HEADERS,
  MESSAGE_KEYS,
  USER_MESSAGE_KEYS,
  formDefinitionSchema,
  userDetailSchema,
  userListSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import type { TestSmtpServer } from './smtp.ts';
import { startSmtpServer } from './smtp.ts';

const PUBLIC_URL = 'https://gearwatch.example/app';
const LINK = /https:\/\/gearwatch\.example\/app\/resetting\?token=([A-Za-z0-9_-]{43})\n/;
const invalidToken = { errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] };

/** User management (/users, /administration users): list, one user, the form with the welcome mail, delete. */
describe('user management API', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let companyId: number;
  let otherCompanyId: number;
  let manager: TestUser;
  let managerToken: string;
  let strangerToken: string;
  let admin: TestUser;
  let adminToken: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = managerToken) =>
    ctx.app.inject({ method, url, headers: bearer(as), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  const formOf = async (url: string, as = managerToken) => {
    const response = await call('GET', url, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return formDefinitionSchema.parse(response.json());
  };
  const submitForm = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, as = managerToken) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(as), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const valid = (username: string) => ({ username, email: `${username}@acme.example`, firstname: 'New', lastname: 'User', language: 'en', active: true });
  /** Creates a user through the form as `as`, waiting for the welcome mail. */
  const createThroughForm = async (fields: Record<string, unknown>, as = managerToken) => {
    const definition = await formOf('/api/users/new', as);
    const response = await call('POST', '/api/users', { token: definition.token, ...fields }, as);
    expect(response.statusCode, response.body).toBe(201);
    await ctx.services.mail.drainUntilIdle();
    return response.json<{ id: number }>().id;
  };
  const ids = (response: { statusCode: number; json: () => { entries: { id: number }[] } }) =>
    response.statusCode === 204 ? [] : response.json().entries.map((e) => e.id);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Gearwatch <robot@gearwatch.test>' });
    const db = ctx.database.db;
    const company = await createCompany(db, `Acme ${process.pid}`);
    companyId = company.id;
    otherCompanyId = (await createCompany(db)).id;
    manager = await createUser(db, company.id, { firstname: 'Marta', lastname: 'Kowalska' });
    managerToken = (await signIn(ctx.app, manager.username, manager.password)).access_token;
    const stranger = await createUser(db, otherCompanyId);
    strangerToken = (await signIn(ctx.app, stranger.username, stranger.password)).access_token;
    admin = await createUser(db, (await createCompany(db)).id, { superAdmin: true, impersonate: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("answers a company user's form: fields in order with their flags, language choices defaulting to Polish, no rights", async () => {
    const definition = await formOf('/api/users/new');
    expect(Object.keys(definition.schema)).toEqual(['username', 'email', 'firstname', 'lastname', 'language', 'phone', 'rfid', 'note', 'active']);
    expect(definition.schema.username).toMatchObject({ type: 'text', label: 'user.field.username', required: true, maxLength: 180 });
    expect(definition.schema.email).toMatchObject({ type: 'email', required: true, maxLength: 180, icon: 'email' });
    expect(definition.schema.firstname).toMatchObject({ type: 'text', required: true, maxLength: 128 });
    expect(definition.schema.lastname).toMatchObject({ type: 'text', required: true, maxLength: 128 });
    expect(definition.schema.language).toMatchObject({ type: 'choice', required: true });
    expect(definition.schema.phone).toMatchObject({ type: 'text', required: false, icon: 'phone' });
    expect(definition.schema.rfid).toMatchObject({ type: 'text', required: false });
    expect(definition.schema.note).toMatchObject({ type: 'textarea', required: false });
    expect(definition.schema.active).toMatchObject({ type: 'switch', required: false });
    expect(definition.choices).toEqual({
      language: [
        { value: 'pl', label: 'Polski' },
        { value: 'en', label: 'English' },
        { value: 'lv', label: 'Latviešu' },
        { value: 'ru', label: 'Русский' },
      ],
    });
    expect(definition.data).toEqual({
      username: null,
      email: null,
      firstname: null,
      lastname: null,
      language: 'pl',
      phone: null,
      rfid: null,
      note: null,
      active: true,
    });
    expect(definition.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const edit = await formOf(`/api/users/${manager.id}/edit`);
    expect(edit.data).toMatchObject({ username: manager.username, firstname: 'Marta', lastname: 'Kowalska', active: true });
    expect(edit.schema.superAdmin).toBeUndefined();
  });

  it('gives a super-admin the company field first and the rights switches; the company is fixed on edit', async () => {
    const definition = await formOf('/api/users/new', adminToken);
    expect(Object.keys(definition.schema)).toEqual([
      'company',
      'username',
      'email',
      'firstname',
      'lastname',
      'language',
      'phone',
      'rfid',
      'note',
      'active',
      'superAdmin',
      'impersonate',
    ]);
    expect(definition.schema.company).toMatchObject({ type: 'entity', required: true, disabled: false });
    expect(definition.schema.superAdmin).toMatchObject({ type: 'switch' });
    expect(definition.schema.impersonate).toMatchObject({ type: 'switch' });
    expect(definition.choices.company!.map((c) => c.value)).toEqual(expect.arrayContaining([companyId, otherCompanyId]));
    expect(definition.data).toMatchObject({ company: null, superAdmin: false, impersonate: false });

    const id = await createThroughForm({ ...valid('ops.lead'), company: otherCompanyId, superAdmin: true, impersonate: true }, adminToken);
    const edit = await formOf(`/api/users/${id}/edit`, adminToken);
    expect(edit.schema.company).toMatchObject({ disabled: true });
    expect(edit.data).toMatchObject({ company: otherCompanyId, superAdmin: true, impersonate: true });
    // A submitted company is ignored on edit.
    const updated = await call(
      'PUT',
      `/api/users/${id}`,
      { token: edit.token, ...valid('ops.lead'), company: companyId, superAdmin: false, impersonate: true },
      adminToken,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(userDetailSchema.parse((await call('GET', `/api/users/${id}`, undefined, adminToken)).json())).toMatchObject({
      company: { id: otherCompanyId },
      superAdmin: false,
      impersonate: true,
    });
  });

  it('creates a user from a form-encoded submit and mails them a link that sets a password which then signs in', async () => {
    const definition = await formOf('/api/users/new');
    const created = await submitForm('POST', '/api/users', {
      token: definition.token,
      username: 'jan.nowak',
      email: 'Jan.Nowak@acme.example',
      firstname: ' Jan ',
      lastname: 'Nowak',
      language: 'en',
      phone: '+48 600-100-200',
      rfid: 'card-9',
      note: 'Night shift',
      active: 'on',
      superAdmin: 'on',
      impersonate: 'on',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    await ctx.services.mail.drainUntilIdle();

    const read = userDetailSchema.parse((await call('GET', `/api/users/${id}`)).json());
    expect(read).toEqual({
      id,
      name: 'Jan Nowak',
      firstname: 'Jan',
      lastname: 'Nowak',
      username: 'jan.nowak',
      email: 'Jan.Nowak@acme.example',
      language: 'en',
      active: true,
      lastLogin: null,
      company: { id: companyId, name: `Acme ${process.pid}` },
      phone: '+48 600-100-200',
      rfid: 'card-9',
      note: 'Night shift',
    });
    // A company user cannot grant rights: the switches are not theirs.
    expect((await call('GET', `/api/users/${id}`, undefined, adminToken)).json()).toMatchObject({ superAdmin: false, impersonate: false });

    const mails = smtp.received.filter((mail) => mail.to.includes('Jan.Nowak@acme.example'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers.to).toBe('Jan Nowak <Jan.Nowak@acme.example>');
    expect(mail!.headers.subject).toBe('Your Gearwatch account has been created');
    expect(mail!.body).toContain('Your username is jan.nowak.');
    expect(mail!.body).toContain('Link validity: 72 hours.');
    const token = LINK.exec(mail!.body)?.[1];
    expect(token).toBeDefined();

    // No password until the link is followed.
    const before = await ctx.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(before.password_hash).toBeNull();
    await expect(signIn(ctx.app, 'jan.nowak', 'anything at all')).rejects.toThrow(/sign-in failed: 400/);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/resetting/reset', payload: { token, password: 'my first password' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await signIn(ctx.app, 'jan.nowak', 'my first password');
    const current = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(session.access_token) });
    expect(current.json()).toMatchObject({ id, username: 'jan.nowak', owner: { id: companyId } });
    expect((await call('GET', `/api/users/${id}`)).json().lastLogin).toEqual(expect.any(String));
  });

  it('sends no welcome mail to a user created inactive', async () => {
    const mails = smtp.received.length;
    const id = await createThroughForm({ ...valid('dormant'), active: false });
    expect(smtp.received.length).toBe(mails);
    expect((await call('GET', `/api/users/${id}`)).json()).toMatchObject({ active: false });
  });

  it('keeps the user when the welcome mail cannot be sent yet', async () => {
    const unsent = await createTestContext({ PUBLIC_URL });
    try {
      const db = unsent.database.db;
      const company = await createCompany(db);
      const user = await createUser(db, company.id);
      const token = (await signIn(unsent.app, user.username, user.password)).access_token;
      const definition = formDefinitionSchema.parse((await unsent.app.inject({ method: 'GET', url: '/api/users/new', headers: bearer(token) })).json());
      const response = await unsent.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(token),
        payload: { token: definition.token, ...valid('unmailed') },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await unsent.services.mail.drainUntilIdle()).toBe(0);
      const row = await db.selectFrom('users').select('id').where('username', '=', 'unmailed').executeTakeFirst();
      expect(row?.id).toBe(response.json<{ id: number }>().id);
      // Committed with the user, it waits in the outbox until a mail server is configured.
      const mail = await db.selectFrom('mail_outbox').selectAll().where('user_id', '=', row!.id).executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ kind: 'welcome', state: 'pending', attempts: 0, to_address: 'unmailed@acme.example' });
    } finally {
      await unsent.close();
    }
  });

  it('lists users with search, sort either way, filters, page sizes and paging headers; 204 when empty', async () => {
    const db = ctx.database.db;
    const team = await createCompany(db, `Team ${process.pid}`);
    const anna = await createUser(db, team.id, {
      username: `anna${process.pid}`,
      firstname: 'Anna',
      lastname: 'Zając',
      email: `zz${process.pid}@team.example`,
    });
    const bogdan = await createUser(db, team.id, {
      username: `bogdan${process.pid}`,
      firstname: 'Bogdan',
      lastname: 'Adamski',
      email: `aa${process.pid}@team.example`,
    });
    const cezary = await createUser(db, team.id, {
      username: `cezary${process.pid}`,
      firstname: 'Cezary',
      lastname: 'Mazur',
      email: `mm${process.pid}@team.example`,
      active: false,
    });
    await db
      .updateTable('users')
      .set({ last_login_at: sql<Date>`now() - interval '1 day'` })
      .where('id', '=', bogdan.id)
      .execute();
    const annaToken = (await signIn(ctx.app, anna.username, anna.password)).access_token;
    const list = (query = '') => call('GET', `/api/users${query}`, undefined, annaToken);

    const all = await list();
    expect(all.statusCode).toBe(200);
    const entries = userListSchema.parse(all.json()).entries;
    expect(entries.map((u) => u.id)).toEqual([anna.id, bogdan.id, cezary.id]);
    expect(entries[0]).toEqual({
      id: anna.id,
      name: 'Anna Zając',
      firstname: 'Anna',
      lastname: 'Zając',
      username: anna.username,
      email: `zz${process.pid}@team.example`,
      language: 'pl',
      active: true,
      lastLogin: expect.any(String),
      company: { id: team.id, name: `Team ${process.pid}` },
    });
    expect(all.headers[LIST_HEADERS.totalEntries]).toBe('3');
    expect(ids(await list('?sort=-name'))).toEqual([cezary.id, bogdan.id, anna.id]);
    expect(ids(await list('?sort=email'))).toEqual([bogdan.id, cezary.id, anna.id]);
    expect(ids(await list('?sort=-id'))).toEqual([cezary.id, bogdan.id, anna.id]);
    // Never signed in comes last either way.
    expect(ids(await list('?sort=-lastLogin'))).toEqual([anna.id, bogdan.id, cezary.id]);
    expect(ids(await list('?sort=lastLogin'))).toEqual([bogdan.id, anna.id, cezary.id]);
    expect(ids(await list('?search=ZAJ'))).toEqual([anna.id]);
    expect(ids(await list(`?search=aa${process.pid}@`))).toEqual([bogdan.id]);
    expect(ids(await list(`?search=cezary${process.pid}`))).toEqual([cezary.id]);
    expect(ids(await list('?search=anna%20za'))).toEqual([anna.id]);
    expect(ids(await list('?filter={"active":false}'))).toEqual([cezary.id]);
    expect(ids(await list('?filter={"active":true}&sort=-name'))).toEqual([bogdan.id, anna.id]);
    const page = await list('?page=2&page_size=2');
    expect(ids(page)).toEqual([cezary.id]);
    expect(page.headers[LIST_HEADERS.pageEntries]).toBe('1');
    expect(page.headers[LIST_HEADERS.pageNumber]).toBe('2');
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
    expect(ids(await list('?page_size=0'))).toEqual([anna.id, bogdan.id, cezary.id]);
    expect((await list('?search=nobody-like-this')).statusCode).toBe(204);
    expect((await list('?sort=password')).json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await list('?filter={"active":"maybe"}')).json()).toEqual({ errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    // Another company's filter shows a company user nothing of theirs; a super-admin filters by company and sees the right.
    expect((await list(`?filter={"company":${companyId}}`)).statusCode).toBe(204);
    const byAdmin = userListSchema.parse((await call('GET', `/api/users?filter={"company":${team.id}}`, undefined, adminToken)).json()).entries;
    expect(byAdmin.map((u) => u.id)).toEqual([anna.id, bogdan.id, cezary.id]);
    expect(byAdmin.every((u) => u.superAdmin === false)).toBe(true);
    expect(entries.every((u) => u.superAdmin === undefined)).toBe(true);
  });

  it('updates a user from JSON and keeps the rights a company user cannot set', async () => {
    const db = ctx.database.db;
    const colleague = await createUser(db, companyId, { impersonate: true });
    const edit = await formOf(`/api/users/${colleague.id}/edit`);
    const response = await call('PUT', `/api/users/${colleague.id}`, {
      token: edit.token,
      username: colleague.username.toUpperCase(),
      email: `${colleague.username}@EXAMPLE.test`,
      firstname: 'Renamed',
      lastname: 'Colleague',
      language: 'ru',
      phone: '',
      note: 'x',
      active: false,
      superAdmin: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: colleague.id });
    expect((await call('GET', `/api/users/${colleague.id}`, undefined, adminToken)).json()).toMatchObject({
      username: colleague.username.toUpperCase(),
      firstname: 'Renamed',
      language: 'ru',
      active: false,
      phone: null,
      note: 'x',
      superAdmin: false,
      impersonate: true,
    });
    // Deactivated users cannot sign in.
    await expect(signIn(ctx.app, colleague.username, colleague.password)).rejects.toThrow(/sign-in failed/);
  });

  it("names each bad field with the spec's keys, in any letter case for the duplicates, and writes nothing", async () => {
    const before = await ctx.database.db.selectFrom('users').select(ctx.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const definition = await formOf('/api/users/new');
    const post = (fields: Record<string, unknown>) => call('POST', '/api/users', { token: definition.token, ...valid('fresh.user'), ...fields });
    expect((await post({ username: ' ', email: '', firstname: '', lastname: ' ', language: '' })).json()).toEqual({
      errors: {
        username: [MESSAGE_KEYS.notBlank],
        email: [MESSAGE_KEYS.notBlank],
        firstname: [MESSAGE_KEYS.notBlank],
        lastname: [MESSAGE_KEYS.notBlank],
        language: [MESSAGE_KEYS.notBlank],
      },
      rootErrors: [],
    });
    expect((await post({ username: 'u'.repeat(181), email: `${'e'.repeat(180)}@x.pl`, firstname: 'f'.repeat(129), note: 'n'.repeat(2001) })).json()).toEqual({
      errors: { username: [MESSAGE_KEYS.tooLong], email: [MESSAGE_KEYS.tooLong], firstname: [MESSAGE_KEYS.tooLong], note: [MESSAGE_KEYS.tooLong] },
      rootErrors: [],
    });
    expect((await post({ username: manager.username.toUpperCase(), email: `${manager.username.toUpperCase()}@EXAMPLE.TEST` })).json()).toEqual({
      errors: { username: [ENTITY_MESSAGE_KEYS.usernameInUse], email: [ENTITY_MESSAGE_KEYS.emailInUse] },
      rootErrors: [],
    });
    // A user of another company holds the name too: usernames and e-mails are unique across the service.
    expect((await post({ username: admin.username })).json()).toEqual({ errors: { username: [ENTITY_MESSAGE_KEYS.usernameInUse] }, rootErrors: [] });
    // One round: the user's own rules are told with the schema's mistakes, each field once.
    expect((await post({ email: 'not-an-email', language: 'de' })).json()).toEqual({
      errors: { email: [MESSAGE_KEYS.incorrect], language: [MESSAGE_KEYS.incorrect] },
      rootErrors: [],
    });
    expect((await post({ username: manager.username, language: 'de', phone: '600' })).json()).toEqual({
      errors: { username: [ENTITY_MESSAGE_KEYS.usernameInUse], language: [MESSAGE_KEYS.incorrect], phone: [ENTITY_MESSAGE_KEYS.phone] },
      rootErrors: [],
    });
    expect((await post({ phone: '600100200', username: 'has space' })).json()).toEqual({
      errors: { phone: [ENTITY_MESSAGE_KEYS.phone], username: [MESSAGE_KEYS.incorrect] },
      rootErrors: [],
    });
    expect((await post({ phone: '+48' })).json()).toEqual({ errors: { phone: [ENTITY_MESSAGE_KEYS.phone] }, rootErrors: [] });
    expect((await post({ active: { yes: true } })).json()).toEqual({ errors: { active: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await call('POST', '/api/users', valid('no.token'))).json()).toEqual(invalidToken);
    expect((await call('POST', '/api/users', { ...valid('forged'), token: 'forged' })).json()).toEqual(invalidToken);
    expect((await call('POST', '/api/users', { ...valid('foreign'), token: (await formOf('/api/users/new', adminToken)).token })).json()).toEqual(invalidToken);
    expect((await call('PUT', `/api/users/${manager.id}`, { ...valid('other.row'), token: definition.token })).json()).toEqual(invalidToken);
    // On update the user's own username and e-mail are no clash, another user's are.
    const edit = await formOf(`/api/users/${manager.id}/edit`);
    const own = {
      token: edit.token,
      username: manager.username,
      email: `${manager.username}@example.test`,
      firstname: 'Marta',
      lastname: 'Kowalska',
      language: 'pl',
      active: true,
    };
    expect((await call('PUT', `/api/users/${manager.id}`, { ...own, email: 'jan.nowak@acme.EXAMPLE' })).json()).toEqual({
      errors: { email: [ENTITY_MESSAGE_KEYS.emailInUse] },
      rootErrors: [],
    });
    expect((await call('PUT', `/api/users/${manager.id}`, own)).statusCode).toBe(200);
    const after = await ctx.database.db.selectFrom('users').select(ctx.database.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('refuses to delete or deactivate oneself, and a super-admin dropping their own right', async () => {
    const edit = await formOf(`/api/users/${manager.id}/edit`);
    const own = {
      token: edit.token,
      username: manager.username,
      email: `${manager.username}@example.test`,
      firstname: 'Marta',
      lastname: 'Kowalska',
      language: 'pl',
    };
    expect((await call('PUT', `/api/users/${manager.id}`, { ...own, active: false })).json()).toEqual({
      errors: {},
      rootErrors: [USER_MESSAGE_KEYS.cannotDeactivateSelf],
    });
    const deleted = await call('DELETE', `/api/users/${manager.id}`);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toEqual({ errors: {}, rootErrors: [USER_MESSAGE_KEYS.cannotDeleteSelf] });
    const adminEdit = await formOf(`/api/users/${admin.id}/edit`, adminToken);
    const self = { ...adminEdit.data, token: adminEdit.token, active: true, superAdmin: false };
    expect((await call('PUT', `/api/users/${admin.id}`, self, adminToken)).json()).toEqual({
      errors: {},
      rootErrors: [USER_MESSAGE_KEYS.cannotRevokeOwnSuperAdmin],
    });
    expect((await call('DELETE', `/api/users/${admin.id}`, undefined, adminToken)).json()).toEqual({
      errors: {},
      rootErrors: [USER_MESSAGE_KEYS.cannotDeleteSelf],
    });
    expect((await call('GET', `/api/users/${manager.id}`)).json()).toMatchObject({ active: true });
  });

  it('lets only a super-admin change or delete a super-admin of the company (403 for a company user)', async () => {
    const boss = await createUser(ctx.database.db, companyId, { superAdmin: true });
    expect((await call('GET', `/api/users/${boss.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${boss.id}/edit`)).statusCode).toBe(403);
    const token = ctx.services.formTokens.issue({ userId: manager.id, resource: 'users', id: boss.id });
    expect((await call('PUT', `/api/users/${boss.id}`, { token, ...valid('demoted') })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${boss.id}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/users/${boss.id}`, undefined, adminToken)).json()).toMatchObject({ superAdmin: true, active: true });
    expect((await call('DELETE', `/api/users/${boss.id}`, undefined, adminToken)).statusCode).toBe(200);
  });

  it("answers 404 to a company user for another company's users, on every call", async () => {
    const colleague = await createUser(ctx.database.db, companyId);
    const token = (await formOf(`/api/users/${colleague.id}/edit`)).token;
    for (const [method, url] of [
      ['GET', `/api/users/${colleague.id}`],
      ['GET', `/api/users/${colleague.id}/edit`],
      ['PUT', `/api/users/${colleague.id}`],
      ['DELETE', `/api/users/${colleague.id}`],
    ] as const) {
      const response = await call(method, url, method === 'PUT' ? { token, ...valid('hijacked') } : undefined, strangerToken);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(ids(await call('GET', '/api/users?page_size=0', undefined, strangerToken))).not.toContain(colleague.id);
    expect((await call('GET', '/api/users/999999')).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${colleague.id}`)).json()).toMatchObject({ active: true, username: colleague.username });
  });

  it('deletes a user with their sessions, settings and places on device requirement lists', async () => {
    const db = ctx.database.db;
    const doomed = await createUser(db, companyId);
    const session = await signIn(ctx.app, doomed.username, doomed.password);
    await ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/guide', headers: bearer(session.access_token), payload: { value: 'showed' } });
    const device = await createDevice(db, companyId);
    await db.insertInto('device_requirement_users').values({ company_id: companyId, device_id: device.id, user_id: doomed.id }).execute();
    const count = async (table: 'refresh_tokens' | 'user_settings' | 'device_requirement_users') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).where('user_id', '=', doomed.id).executeTakeFirstOrThrow()).n);
    expect(await count('refresh_tokens')).toBe(1);
    expect(await count('user_settings')).toBe(1);

    const response = await call('DELETE', `/api/users/${doomed.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({});
    expect((await call('GET', `/api/users/${doomed.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${doomed.id}`)).statusCode).toBe(404);
    for (const table of ['refresh_tokens', 'user_settings', 'device_requirement_users'] as const) expect(await count(table), table).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(session.access_token) })).statusCode).toBe(401);
    await expect(signIn(ctx.app, doomed.username, doomed.password)).rejects.toThrow(/sign-in failed/);
  });
});

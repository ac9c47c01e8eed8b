import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGE_KEYS, MESSAGE_KEYS, problemSchema, subscriberSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';
import { adminClient, adminRoutes } from './admin-fixtures.ts';

/** /api/subscribers: the billing parties, kept by super-admins (spec 01 §2 /administration, docs/forms.md). */
describe('administration: subscribers API', () => {
  let ctx: TestContext;
  let adminToken: string;
  let userToken: string;
  const { call, formOf, submitForm, listOf } = adminClient(
    () => ctx,
    () => adminToken,
  );
  const insert = async (name: string, extra: { tax_number?: string; city?: string } = {}) =>
    (
      await ctx.database.db
        .insertInto('subscribers')
        .values({ name, ...extra })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    const admin = await createUser(ctx.database.db, company.id, { superAdmin: true });
    const user = await createUser(ctx.database.db, company.id, { impersonate: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('answers 403 to a company user on every route, before looking at anything else', async () => {
    const id = await insert('Forbidden Ltd');
    const token = (await formOf(`/api/subscribers/${id}/edit`)).token;
    for (const [method, url] of adminRoutes('subscribers', id)) {
      const response = await call(method, url, method === 'POST' || method === 'PUT' ? { token, name: 'x' } : undefined, userToken);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(problemSchema.parse(response.json()).message).toBe(MESSAGE_KEYS.forbidden);
    }
    expect((await call('GET', '/api/subscribers', undefined, '')).statusCode).toBe(401);
    expect((await call('GET', `/api/subscribers/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/subscribers/${id}`)).statusCode).toBe(200);
  });

  it('answers the form: fields in order with their types and flags, no choices, empty data, a token', async () => {
    const definition = await formOf('/api/subscribers/new');
    expect(Object.keys(definition.schema)).toEqual(['name', 'taxNumber', 'address', 'city', 'email']);
    expect(definition.schema.name).toMatchObject({ type: 'text', label: 'subscriber.field.name', required: true, maxLength: 128, disabled: false });
    expect(definition.schema.taxNumber).toMatchObject({ type: 'text', required: false, maxLength: 32 });
    expect(definition.schema.address).toMatchObject({ type: 'text', maxLength: 255 });
    expect(definition.schema.email).toMatchObject({ type: 'email', maxLength: 180 });
    expect(definition.choices).toEqual({});
    expect(definition.data).toEqual({ name: null, taxNumber: null, address: null, city: null, email: null });
    expect(definition.token).toMatch(/^\d+\./);
  });

  it('creates from a form-encoded submit, reads it back, and updates from JSON', async () => {
    const created = await submitForm('POST', '/api/subscribers', {
      token: (await formOf('/api/subscribers/new')).token,
      name: '  Billing House ',
      taxNumber: 'PL5260001246',
      address: 'ul. Prosta 1',
      city: 'Warszawa',
      email: 'billing@house.example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const read = subscriberSchema.parse((await call('GET', `/api/subscribers/${id}`)).json());
    expect(read).toEqual({
      id,
      name: 'Billing House',
      taxNumber: 'PL5260001246',
      address: 'ul. Prosta 1',
      city: 'Warszawa',
      email: 'billing@house.example',
      companyCount: 0,
    });
    const edit = await formOf(`/api/subscribers/${id}/edit`);
    expect(edit.data).toEqual({ name: 'Billing House', taxNumber: 'PL5260001246', address: 'ul. Prosta 1', city: 'Warszawa', email: 'billing@house.example' });

    const updated = await call('PUT', `/api/subscribers/${id}`, { token: edit.token, name: 'Billing House SA', city: 'Kraków', email: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id });
    expect((await call('GET', `/api/subscribers/${id}`)).json()).toMatchObject({
      name: 'Billing House SA',
      taxNumber: null,
      address: null,
      city: 'Kraków',
      email: null,
    });
  });

  it("names every bad field with the spec's message keys and writes nothing", async () => {
    const count = async () =>
      (await ctx.database.db.selectFrom('subscribers').select(ctx.database.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const token = (await formOf('/api/subscribers/new')).token;
    const blank = await submitForm('POST', '/api/subscribers', { token, name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ errors: { name: [MESSAGE_KEYS.notBlank] }, rootErrors: [] });
    const bad = await call('POST', '/api/subscribers', {
      token,
      name: 'x'.repeat(129),
      taxNumber: '1'.repeat(33),
      email: 'not-an-email',
      city: { nested: true },
    });
    expect(bad.json()).toEqual({
      errors: { name: [MESSAGE_KEYS.tooLong], taxNumber: [MESSAGE_KEYS.tooLong], email: [MESSAGE_KEYS.incorrect], city: [MESSAGE_KEYS.incorrect] },
      rootErrors: [],
    });
    expect(await count()).toEqual(before);
  });

  it("refuses a submit without the form's token, with a forged one or with another row's", async () => {
    const id = await insert('Token Check');
    const otherToken = (await formOf('/api/subscribers/new')).token;
    for (const token of [undefined, 'forged', `${Math.floor(Date.now() / 1000) + 100}.${'a'.repeat(43)}`, otherToken]) {
      const response = await call('PUT', `/api/subscribers/${id}`, { ...(token === undefined ? {} : { token }), name: 'Changed' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    }
    const missing = await submitForm('POST', '/api/subscribers', { name: 'No token' });
    expect(missing.json()).toEqual({ errors: {}, rootErrors: [FORM_MESSAGE_KEYS.invalidToken] });
    expect((await call('GET', `/api/subscribers/${id}`)).json()).toMatchObject({ name: 'Token Check' });
    expect((await call('PUT', '/api/subscribers/999999', { token: otherToken, name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/subscribers/999999/edit')).statusCode).toBe(404);
  });

  it('lists with search, sort (both ways), paging headers, no limit and 204 when nothing matches', async () => {
    await ctx.database.db.deleteFrom('subscribers').execute();
    const alpha = await insert('Alpha Leasing', { tax_number: 'TAX-111', city: 'Gdańsk' });
    const bravo = await insert('bravo finance', { tax_number: 'TAX-222', city: 'Poznań' });
    const charlie = await insert('Charlie Rent', { city: 'Gdańsk' });
    await createCompany(ctx.database.db).then((c) => ctx.database.db.updateTable('companies').set({ subscriber_id: bravo }).where('id', '=', c.id).execute());

    expect((await listOf('/api/subscribers')).ids).toEqual([alpha, bravo, charlie]);
    expect((await listOf('/api/subscribers?sort=-name')).ids).toEqual([charlie, bravo, alpha]);
    expect((await listOf('/api/subscribers?sort=-id')).ids).toEqual([charlie, bravo, alpha]);
    expect((await listOf('/api/subscribers?sort=id')).ids).toEqual([alpha, bravo, charlie]);
    expect((await listOf('/api/subscribers?search=BRAVO')).ids).toEqual([bravo]);
    expect((await listOf('/api/subscribers?search=tax-1')).ids).toEqual([alpha]);
    expect((await listOf('/api/subscribers?search=gdańsk')).ids).toEqual([alpha, charlie]);
    const entries = (await call('GET', '/api/subscribers?search=bravo')).json<{ entries: unknown[] }>().entries;
    expect(entries).toEqual([{ id: bravo, name: 'bravo finance', taxNumber: 'TAX-222', address: null, city: 'Poznań', email: null, companyCount: 1 }]);

    const page = await listOf('/api/subscribers?page=2&page_size=2');
    expect(page.ids).toEqual([charlie]);
    expect(page.headers).toEqual({ pageEntries: '1', pageNumber: '2', totalEntries: '3', totalPages: '2' });
    const all = await listOf('/api/subscribers?page_size=0');
    expect(all.ids).toEqual([alpha, bravo, charlie]);
    expect(all.headers).toEqual({ pageEntries: '3', pageNumber: '1', totalEntries: '3', totalPages: '1' });
    const none = await listOf('/api/subscribers?search=nothing-like-this');
    expect(none.status).toBe(204);
    expect(none.headers.totalEntries).toBe('0');
    const badSort = await call('GET', '/api/subscribers?sort=city');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({ errors: { sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    expect((await call('GET', '/api/subscribers?page_size=abc')).statusCode).toBe(400);
  });

  it('refuses to delete a subscriber companies are billed to, naming them; deletes it once they are not', async () => {
    const id = await insert('Billed Party');
    const company = await createCompany(ctx.database.db, 'Billed Company');
    await ctx.database.db.updateTable('companies').set({ subscriber_id: id }).where('id', '=', company.id).execute();
    const blocked = await call('DELETE', `/api/subscribers/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(problemSchema.parse(blocked.json()).dependents).toEqual({ companies: [{ id: company.id, name: 'Billed Company' }] });
    // There is no unassign call for companies: the admin changes the company first.
    expect((await call('DELETE', `/api/subscribers/${id}/companies`)).statusCode).toBe(404);
    await ctx.database.db.updateTable('companies').set({ subscriber_id: null }).where('id', '=', company.id).execute();
    expect((await call('DELETE', `/api/subscribers/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/subscribers/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/subscribers/${id}`)).statusCode).toBe(404);
  });
});

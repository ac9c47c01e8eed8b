import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSchema, LIST_HEADERS } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';

describe('GET /api/devices', () => {
  let ctx: TestContext;
  let token: string;
  const names = ['Forklift B', 'forklift a', 'Press 1', 'Lathe 7', 'Forklift C'];

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    for (const name of names) await createDevice(ctx.database.db, company.id, name);
    const user = await createUser(ctx.database.db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
  });
  afterAll(() => ctx?.close());

  const list = (query = '') => ctx.app.inject({ method: 'GET', url: `/api/devices${query}`, headers: bearer(token) });

  it('lists devices by name with paging headers, in the contract shape', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const entries = response.json().entries;
    expect(entries.map((d: { name: string }) => d.name)).toEqual(['forklift a', 'Forklift B', 'Forklift C', 'Lathe 7', 'Press 1']);
    for (const entry of entries) deviceSchema.parse(entry);
    expect(entries[0].deviceType.parameters.map((p: { number: number }) => p.number)).toEqual([1, 2]);
    expect(response.headers[LIST_HEADERS.totalEntries]).toBe('5');
    expect(response.headers[LIST_HEADERS.totalPages]).toBe('1');
    expect(response.headers[LIST_HEADERS.pageNumber]).toBe('1');
  });

  it('pages, sorts descending and searches', async () => {
    const page2 = await list('?page=2&page_size=2&sort=-name');
    expect(page2.json().entries.map((d: { name: string }) => d.name)).toEqual(['Forklift C', 'Forklift B']);
    expect(page2.headers[LIST_HEADERS.totalPages]).toBe('3');
    expect(page2.headers[LIST_HEADERS.pageEntries]).toBe('2');
    const search = await list('?search=fork');
    expect(search.json().entries).toHaveLength(3);
    const noLimit = await list('?page_size=0');
    expect(noLimit.json().entries).toHaveLength(5);
  });

  it('answers 204 when nothing matches', async () => {
    const response = await list('?search=nothing-like-this');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('rejects bad list parameters with field errors', async () => {
    expect((await list('?sort=password')).json()).toEqual({ errors: { sort: ['form.field.error.incorrect'] }, rootErrors: [] });
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await list('?page_size=abc')).json().errors.page_size).toEqual(['form.field.error.incorrect']);
    expect((await list('?filter={oops')).json().errors.filter).toEqual(['form.field.error.incorrect']);
  });

  it('returns one device, 404 for an unknown or malformed id', async () => {
    const first = (await list()).json().entries[0];
    const one = await ctx.app.inject({ method: 'GET', url: `/api/devices/${first.id}`, headers: bearer(token) });
    expect(one.json()).toEqual(first);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/devices/999999', headers: bearer(token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/devices/abc', headers: bearer(token) })).statusCode).toBe(404);
  });
});

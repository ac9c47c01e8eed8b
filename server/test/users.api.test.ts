import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';

describe('current user and settings', () => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db, 'Acme Works');
    const user = await createUser(ctx.database.db, company.id, { superAdmin: true, impersonate: true });
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const other = await createUser(ctx.database.db, company.id);
    otherToken = (await signIn(ctx.app, other.username, other.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('returns the current user in the spec shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = currentUserSchema.parse(response.json());
    expect(body.owner.name).toBe('Acme Works');
    expect(body.extras).toEqual({ isSuperAdmin: true, impersonate: true });
    expect(body.name).toBe(`${body.firstname} ${body.lastname}`);
  });

  it('stores and returns settings, including keys named after routes', async () => {
    const put = (key: string, value: unknown) =>
      ctx.app.inject({ method: 'PUT', url: `/api/users/current/settings/${key}`, headers: bearer(token), payload: { value } });
    expect((await put('guide', 'showed')).json()).toEqual({ key: 'guide', value: 'showed' });
    const monitors = { monitors: [{ type: 'device', devices: [1, 2], interval: 'hour' }] };
    expect((await put('diagnostics', monitors)).statusCode).toBe(200);
    expect((await put('guide', 'showed-again')).statusCode).toBe(200);

    const one = await ctx.app.inject({ method: 'GET', url: '/api/users/current/settings/diagnostics', headers: bearer(token) });
    expect(one.json()).toEqual({ key: 'diagnostics', value: monitors });
    const all = await ctx.app.inject({ method: 'GET', url: '/api/users/current/settings', headers: bearer(token) });
    expect(all.json().entries).toEqual([
      { key: 'diagnostics', value: monitors },
      { key: 'guide', value: 'showed-again' },
    ]);
    const nested = await put('manage/devices', { pageSize: 50 });
    expect(nested.json()).toEqual({ key: 'manage/devices', value: { pageSize: 50 } });
  });

  it("keeps each user's settings private", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/current/settings/guide', headers: bearer(otherToken) });
    expect(response.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/users/current/settings', headers: bearer(otherToken) });
    expect(list.json().entries).toEqual([]);
  });

  it('deletes a setting, and 404s an unknown one', async () => {
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/users/current/settings/guide', headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/users/current/settings/guide', headers: bearer(token) });
    expect(again.statusCode).toBe(404);
  });

  it('rejects bad setting bodies with field errors, never 500', async () => {
    const noValue = await ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/x', headers: bearer(token), payload: {} });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json()).toEqual({ errors: { value: ['form.field.error.not-blank'] }, rootErrors: [] });
    const badKey = await ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/bad%20key!', headers: bearer(token), payload: { value: 1 } });
    expect(badKey.statusCode).toBe(400);
    const tooBig = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/current/settings/big',
      headers: bearer(token),
      payload: { value: 'x'.repeat(70_000) },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors.value).toEqual(['form.field.error.too-long']);
    const notJson = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/current/settings/x',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"value":',
    });
    expect(notJson.statusCode).toBe(400);
    const text = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/current/settings/x',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});

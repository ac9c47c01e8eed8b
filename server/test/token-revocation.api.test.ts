import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, form, signIn } from './fixtures.ts';

const client = { client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret };

describe('POST /api/token/revoke', () => {
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    user = await createUser(ctx.database.db, company.id, { impersonate: true });
  });
  afterAll(() => ctx?.close());

  const revoke = (fields: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/token/revoke', ...form(fields) });
  const refresh = (refreshToken: string, credentials: Record<string, string> = client) =>
    ctx.app.inject({ method: 'POST', url: '/api/token', ...form({ ...credentials, grant_type: 'refresh_token', refresh_token: refreshToken }) });

  it('revokes the refresh token: refreshing with it then fails with invalid_grant', async () => {
    const session = await signIn(ctx.app, user.username, user.password);
    const response = await revoke({ ...client, token: session.refresh_token, token_type_hint: 'refresh_token' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const after = await refresh(session.refresh_token);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual({ error: 'invalid_grant', error_description: 'Refresh token revoked' });
  });

  it('ends the whole session, whichever of its tokens is presented, and no other session', async () => {
    const session = await signIn(ctx.app, user.username, user.password);
    const other = await signIn(ctx.app, user.username, user.password);
    const rotated = (await refresh(session.refresh_token)).json();
    // The first token was already exchanged; revoking it still ends the session it began.
    expect((await revoke({ ...client, token: session.refresh_token })).statusCode).toBe(200);
    expect((await refresh(rotated.refresh_token)).json().error).toBe('invalid_grant');
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('answers 200 {} for unknown tokens and for access tokens, changing nothing', async () => {
    const session = await signIn(ctx.app, user.username, user.password);
    for (const token of ['made-up', session.access_token]) {
      const response = await revoke({ ...client, token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
  });

  it('refuses a wrong client with 400 invalid_client, revoking nothing', async () => {
    const session = await signIn(ctx.app, user.username, user.password);
    const wrongSecret = await revoke({ ...client, client_secret: 'wrong', token: session.refresh_token });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    const unknown = await revoke({ client_id: 'nope', client_secret: 'x', token: session.refresh_token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('invalid_client');
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
  });

  it("does not let one client revoke another client's tokens", async () => {
    await ctx.services.auth.registerClient('other-client', 'other-secret', 'Other');
    const session = await signIn(ctx.app, user.username, user.password);
    const response = await revoke({ client_id: 'other-client', client_secret: 'other-secret', token: session.refresh_token });
    expect(response.statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
  });

  it('rejects malformed requests with 400 invalid_request, never 500', async () => {
    for (const fields of [{ ...client }, { token: 'x' }, { ...client, token: '' }] as Record<string, string>[]) {
      const response = await revoke(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/token/revoke' })).statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/token/revoke', payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(400);
  });

  it('logs out of an impersonated session', async () => {
    const target = await createUser(ctx.database.db, user.companyId);
    const own = await signIn(ctx.app, user.username, user.password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/impersonate/${target.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}`,
      headers: bearer(own.access_token),
    });
    expect(response.statusCode).toBe(200);
    const impersonated = response.json();
    expect((await revoke({ ...client, token: impersonated.refresh_token })).statusCode).toBe(200);
    expect((await refresh(impersonated.refresh_token)).json().error).toBe('invalid_grant');
    expect((await refresh(own.refresh_token)).statusCode).toBe(200);
  });
});

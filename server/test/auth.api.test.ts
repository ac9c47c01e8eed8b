import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, form, signIn } from './fixtures.ts';

const client = { client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret };

describe('POST /api/token', () => {
  let ctx: TestContext;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_SLOWDOWN_AFTER: 2, LOGIN_LOCK_AFTER: 4, LOGIN_SLOWDOWN_MS: 1 });
    const company = await createCompany(ctx.database.db);
    user = await createUser(ctx.database.db, company.id, { password: 'secret-pass-1' });
  });
  afterAll(() => ctx?.close());

  const token = (fields: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/token', ...form(fields) });

  it('signs in with the password grant by username, and the access token works', async () => {
    const response = await token({ ...client, grant_type: 'password', username: user.username, password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 900, token_type: 'bearer' });
    expect(response.headers['cache-control']).toBe('no-store');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(user.username);
  });

  it('signs in by e-mail, case-insensitively', async () => {
    const response = await token({ ...client, grant_type: 'password', username: `${user.username.toUpperCase()}@EXAMPLE.TEST`, password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user alike with invalid_grant', async () => {
    const wrong = await token({ ...client, grant_type: 'password', username: 'nobody-here', password: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
  });

  it('refuses an unknown client and a wrong client secret with invalid_client', async () => {
    const unknown = await token({ client_id: 'nope', client_secret: 'x', grant_type: 'password', username: user.username, password: user.password });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_client');
    const badSecret = await token({ ...client, client_secret: 'wrong', grant_type: 'password', username: user.username, password: user.password });
    expect(badSecret.json().error).toBe('invalid_client');
  });

  it('rejects malformed bodies with 400 and the OAuth2 error shape, never 500', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'invalid_request'],
      [{ ...client, grant_type: 'password' }, 'invalid_request'],
      [{ ...client, grant_type: 'refresh_token' }, 'invalid_request'],
      [{ ...client, grant_type: 'client_credentials' }, 'unsupported_grant_type'],
      [{ grant_type: 'password', username: 'a', password: 'b' }, 'invalid_request'],
    ];
    for (const [fields, error] of cases) {
      const response = await token(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const json = await ctx.app.inject({ method: 'POST', url: '/api/token', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(json.statusCode).toBe(400);
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/token' });
    expect(noBody.statusCode).toBe(400);
  });

  it('rotates refresh tokens and revokes the whole family when a used one comes back', async () => {
    const first = await signIn(ctx.app, user.username, user.password);
    const refresh = (refreshToken: string) => token({ ...client, grant_type: 'refresh_token', refresh_token: refreshToken });

    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const secondBody = second.json();
    expect(secondBody.refresh_token).not.toBe(first.refresh_token);

    // The first token was already exchanged: replaying it is theft, and ends the session it belongs to.
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    const afterRevocation = await refresh(secondBody.refresh_token);
    expect(afterRevocation.statusCode).toBe(400);

    // Other sessions of the same user are untouched.
    const other = await signIn(ctx.app, user.username, user.password);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token and one issued to another client', async () => {
    expect((await token({ ...client, grant_type: 'refresh_token', refresh_token: 'made-up' })).json().error).toBe('invalid_grant');
    await ctx.services.auth.registerClient('other-client', 'other-secret', 'Other');
    const tokens = await signIn(ctx.app, user.username, user.password);
    const foreign = await token({ client_id: 'other-client', client_secret: 'other-secret', grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(foreign.json().error).toBe('invalid_grant');
  });

  it('rejects missing, malformed and forged bearer tokens with 401', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      bearer('not.a.jwt'),
      bearer(`${(await signIn(ctx.app, user.username, user.password)).access_token}x`),
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().statusCode).toBe(401);
    }
  });

  it('refuses a disabled user', async () => {
    const company = await createCompany(ctx.database.db);
    const disabled = await createUser(ctx.database.db, company.id, { active: false });
    const response = await token({ ...client, grant_type: 'password', username: disabled.username, password: disabled.password });
    expect(response.json().error).toBe('invalid_grant');
  });
});

describe('sign-in throttling', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_SLOWDOWN_AFTER: 2, LOGIN_LOCK_AFTER: 3, LOGIN_SLOWDOWN_MS: 1, LOGIN_LOCK_SECONDS: 600 });
  });
  afterAll(() => ctx?.close());

  it('locks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/token', ...form({ ...client, grant_type: 'password', username: user.username, password }) });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(400);
    const locked = await attempt(user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('too_many_attempts');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  const attemptFrom = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/token', remoteAddress, ...form({ ...client, grant_type: 'password', username, password }) });

  it('decides each attempt as it counts it: of 100 concurrent wrong passwords only the first 3 are checked', async () => {
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => attemptFrom(user.username, 'wrong', '10.1.0.1')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(97);
  });

  it('refuses the right password after a burst of wrong ones, however they arrive', async () => {
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    await Promise.all(Array.from({ length: 39 }, () => attemptFrom(user.username, 'wrong', '10.1.0.2')));
    expect((await attemptFrom(user.username, user.password, '10.1.0.2')).statusCode).toBe(429);
  });

  it('does not let a guesser lock the real user out: the lock is per address', async () => {
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    for (let i = 0; i < 10; i++) await attemptFrom(user.username, 'wrong', '10.66.6.6');
    expect((await attemptFrom(user.username, user.password, '10.66.6.6')).statusCode).toBe(429);
    // The user, at their own address, signs in; by e-mail as well.
    expect((await attemptFrom(user.username, user.password, '10.2.0.1')).statusCode).toBe(200);
    expect((await attemptFrom(`${user.username}@example.test`, user.password, '10.2.0.1')).statusCode).toBe(200);
    // And the guesser is still locked.
    expect((await attemptFrom(user.username, user.password, '10.66.6.6')).statusCode).toBe(429);
  });

  it('locks an address that sprays many accounts', async () => {
    const company = await createCompany(ctx.database.db);
    const users = await Promise.all(Array.from({ length: 16 }, () => createUser(ctx.database.db, company.id)));
    // LOGIN_LOCK_AFTER 3 × 5 attempts from one address, each account tried once.
    for (const victim of users.slice(0, 15)) expect((await attemptFrom(victim.username, 'wrong', '10.77.7.7')).statusCode).toBe(400);
    const next = users[15]!;
    expect((await attemptFrom(next.username, next.password, '10.77.7.7')).statusCode).toBe(429);
    expect((await attemptFrom(next.username, next.password, '10.3.0.1')).statusCode).toBe(200);
  });

  it('keeps other accounts usable and resets the count after a success', async () => {
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/token', ...form({ ...client, grant_type: 'password', username: user.username, password }) });
    expect((await attempt('wrong')).statusCode).toBe(400);
    expect((await attempt('wrong')).statusCode).toBe(400);
    expect((await attempt(user.password)).statusCode).toBe(200);
    expect((await attempt('wrong')).statusCode).toBe(400);
    expect((await attempt('wrong')).statusCode).toBe(400);
    expect((await attempt(user.password)).statusCode).toBe(200);
  });
});

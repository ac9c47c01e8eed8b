import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT, LIST_HEADERS, impersonableUserSchema, tokenResponseSchema } from '@gearwatch/contracts';
import { sha256 } from '../src/security/tokens.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, form, signIn } from './fixtures.ts';

const client = { client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret };

describe('impersonation', () => {
  let ctx: TestContext;
  let acme: TestCompany;
  let beta: TestCompany;
  let u: Record<'imp' | 'alice' | 'bob' | 'nina' | 'zeta' | 'acmeAdmin' | 'inactive' | 'carol' | 'superImp', TestUser>;
  let impToken: string;
  let superToken: string;
  let ninaToken: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    acme = await createCompany(db, 'Acme Works');
    beta = await createCompany(db, 'Beta Mills');
    const gamma = await createCompany(db, 'Gamma Service');
    u = {
      imp: await createUser(db, acme.id, { username: 'ivy', firstname: 'Ivy', lastname: 'Impersonator', impersonate: true }),
      alice: await createUser(db, acme.id, { username: 'azimmer', firstname: 'Alice', lastname: 'Zimmer' }),
      // Lower-case first letter and a last name that sorts first: the order must be by the whole name, ignoring case.
      bob: await createUser(db, acme.id, { username: 'bob', firstname: 'bob', lastname: 'Adams' }),
      nina: await createUser(db, acme.id, { username: 'nina', firstname: 'Nina', lastname: 'Plain', email: 'helpdesk-lead@acme.example' }),
      zeta: await createUser(db, acme.id, { username: 'zeta-user', firstname: '', lastname: '' }),
      acmeAdmin: await createUser(db, acme.id, { username: 'aaron', firstname: 'Aaron', lastname: 'Admin', superAdmin: true }),
      inactive: await createUser(db, acme.id, { username: 'abe', firstname: 'Abe', lastname: 'Gone', active: false }),
      carol: await createUser(db, beta.id, { username: 'carol', firstname: 'Carol', lastname: 'Beta' }),
      superImp: await createUser(db, gamma.id, { username: 'sam', firstname: 'Sam', lastname: 'Super', superAdmin: true, impersonate: true }),
    };
    impToken = (await signIn(ctx.app, 'ivy', u.imp.password)).access_token;
    superToken = (await signIn(ctx.app, 'sam', u.superImp.password)).access_token;
    ninaToken = (await signIn(ctx.app, 'nina', u.nina.password)).access_token;
  });
  afterAll(() => ctx?.close());

  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = (token: string, query = '') => get(`/api/impersonate/users${query}`, token);
  const impersonate = (token: string, userId: number | string, query = `?client_id=${DEFAULT_WEB_CLIENT.clientId}`) =>
    get(`/api/impersonate/${userId}${query}`, token);
  const names = (response: { json(): { entries: { name: string }[] } }) => response.json().entries.map((e) => e.name);
  const current = async (token: string) => (await get('/api/users/current', token)).json();

  it("lists the own company's active users by name, without the caller or super-admins", async () => {
    const response = await list(impToken);
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(['Alice Zimmer', 'bob Adams', 'Nina Plain', 'zeta-user']);
    for (const entry of response.json().entries) impersonableUserSchema.strict().parse(entry);
    expect(response.json().entries[2]).toEqual({
      id: u.nina.id,
      name: 'Nina Plain',
      username: 'nina',
      email: 'helpdesk-lead@acme.example',
      company: { id: acme.id, name: 'Acme Works' },
    });
    expect(response.headers[LIST_HEADERS.totalEntries]).toBe('4');
  });

  it('pages with the list protocol, and answers 204 when nothing matches', async () => {
    const page2 = await list(impToken, '?page=2&page_size=2');
    expect(names(page2)).toEqual(['Nina Plain', 'zeta-user']);
    expect(page2.headers[LIST_HEADERS.totalPages]).toBe('2');
    expect(page2.headers[LIST_HEADERS.pageNumber]).toBe('2');
    const none = await list(impToken, '?search=carol');
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    expect((await list(impToken, '?sort=password')).statusCode).toBe(400);
  });

  it('searches name, username and e-mail case-insensitively, with wildcards taken literally', async () => {
    expect(names(await list(impToken, '?search=ZIMMER'))).toEqual(['Alice Zimmer']);
    expect(names(await list(impToken, '?search=AZIM'))).toEqual(['Alice Zimmer']);
    expect(names(await list(impToken, '?search=HelpDesk'))).toEqual(['Nina Plain']);
    expect(names(await list(impToken, '?search=bob%20adams'))).toEqual(['bob Adams']);
    expect((await list(impToken, '?search=_')).statusCode).toBe(204);
    expect((await list(impToken, '?search=%25')).statusCode).toBe(204);
  });

  it('lets a super-admin with the extra see active users of every company, super-admins included', async () => {
    const response = await list(superToken, '?page_size=0');
    const ids = response.json().entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual(expect.arrayContaining([u.carol.id, u.acmeAdmin.id, u.imp.id, u.alice.id]));
    expect(ids).not.toContain(u.superImp.id);
    expect(ids).not.toContain(u.inactive.id);
    const carol = response.json().entries.find((e: { id: number }) => e.id === u.carol.id);
    expect(carol.company).toEqual({ id: beta.id, name: 'Beta Mills' });
  });

  it('refuses users without the impersonate extra with 403', async () => {
    expect((await list(ninaToken)).statusCode).toBe(403);
    const response = await impersonate(ninaToken, u.alice.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, message: 'error.forbidden' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/impersonate/users' })).statusCode).toBe(401);
  });

  it('answers a token response for the target; the session is marked, also after refreshing', async () => {
    const response = await impersonate(impToken, u.alice.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tokens = tokenResponseSchema.strict().parse(response.json());
    expect(tokens.expires_in).toBe(900);

    const me = await current(tokens.access_token);
    expect(me.username).toBe('azimmer');
    expect(me.owner.id).toBe(acme.id);
    expect(me.extras.impersonatedBy).toEqual({ id: u.imp.id, name: 'Ivy Impersonator' });

    const stored = await ctx.database.db
      .selectFrom('refresh_tokens')
      .select(['user_id', 'impersonator_id'])
      .where('token_hash', '=', sha256(tokens.refresh_token))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_id: u.alice.id, impersonator_id: u.imp.id });

    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      ...form({ ...client, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    });
    expect(refreshed.statusCode).toBe(200);
    const again = await current(refreshed.json().access_token);
    expect(again.username).toBe('azimmer');
    expect(again.extras.impersonatedBy).toEqual({ id: u.imp.id, name: 'Ivy Impersonator' });

    // The impersonator's own session is untouched and unmarked.
    expect((await current(impToken)).extras.impersonatedBy).toBeUndefined();
  });

  it('lets a super-admin act as a user of another company and as another super-admin', async () => {
    const asCarol = await impersonate(superToken, u.carol.id);
    expect(asCarol.statusCode).toBe(200);
    expect((await current(asCarol.json().access_token)).owner.name).toBe('Beta Mills');
    const asAdmin = await impersonate(superToken, u.acmeAdmin.id);
    const me = await current(asAdmin.json().access_token);
    expect(me.extras).toMatchObject({ isSuperAdmin: true, impersonatedBy: { id: u.superImp.id, name: 'Sam Super' } });
  });

  it('answers 404 for users the caller may not act as', async () => {
    for (const target of [u.carol, u.acmeAdmin, u.inactive]) {
      const response = await impersonate(impToken, target.id);
      expect(response.statusCode, target.username).toBe(404);
      expect(response.body).not.toContain('Beta Mills');
    }
    expect((await impersonate(impToken, 999999)).statusCode).toBe(404);
    expect((await impersonate(superToken, u.inactive.id)).statusCode).toBe(404);
  });

  it('validates the request: self, missing or unknown client, malformed id', async () => {
    const self = await impersonate(impToken, u.imp.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ errors: {}, rootErrors: ['impersonate.self'] });
    const missing = await impersonate(impToken, u.alice.id, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { client_id: ['form.field.error.not-blank'] }, rootErrors: [] });
    const unknown = await impersonate(impToken, u.alice.id, '?client_id=no-such-client');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: { client_id: ['form.field.error.incorrect'] }, rootErrors: [] });
    expect((await impersonate(impToken, 'abc')).statusCode).toBe(404);
  });

  it('refuses to start another impersonation from an impersonated session, even one with the extra', async () => {
    const asIvy = (await impersonate(superToken, u.imp.id)).json();
    const me = await current(asIvy.access_token);
    expect(me.extras.impersonatedBy.id).toBe(u.superImp.id);
    const nested = await impersonate(asIvy.access_token, u.alice.id);
    expect(nested.statusCode).toBe(403);
    expect(nested.json().message).toBe('impersonate.nested');
    expect((await list(asIvy.access_token)).statusCode).toBe(403);
  });

  it('ends impersonated sessions once the impersonator loses the extra', async () => {
    const temp = await createUser(ctx.database.db, acme.id, { username: 'tina', firstname: 'Tina', lastname: 'Temp', impersonate: true });
    const tempToken = (await signIn(ctx.app, 'tina', temp.password)).access_token;
    const asBob = (await impersonate(tempToken, u.bob.id)).json();
    expect((await get('/api/users/current', asBob.access_token)).statusCode).toBe(200);

    await ctx.database.db.updateTable('users').set({ can_impersonate: false }).where('id', '=', temp.id).execute();
    expect((await get('/api/users/current', asBob.access_token)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/token',
      ...form({ ...client, grant_type: 'refresh_token', refresh_token: asBob.refresh_token }),
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    // Bob's own sessions do not depend on Tina.
    expect((await get('/api/users/current', (await signIn(ctx.app, 'bob', u.bob.password)).access_token)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import type { TenantRequest } from './tenancy.ts';
import { TENANCY_EXEMPT, TENANT_CASES, TENANT_LISTS } from './tenancy.ts';

describe('tenant isolation', () => {
  let ctx: TestContext;
  let owner: { company: TestCompany; user: TestUser };
  let ownerToken: string;
  let strangerToken: string;
  let superAdminToken: string;
  const requests: TenantRequest[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    // Everyone holds the impersonate extra, so routes gated on it are tested for tenancy rather than refused for
    // lack of the right.
    const company = await createCompany(db);
    owner = { company, user: await createUser(db, company.id, { impersonate: true }) };
    const otherCompany = await createCompany(db);
    const stranger = await createUser(db, otherCompany.id, { impersonate: true });
    const superAdmin = await createUser(db, otherCompany.id, { superAdmin: true, impersonate: true });
    ownerToken = (await signIn(ctx.app, owner.user.username, owner.user.password)).access_token;
    strangerToken = (await signIn(ctx.app, stranger.username, stranger.password)).access_token;
    superAdminToken = (await signIn(ctx.app, superAdmin.username, superAdmin.password)).access_token;
    for (const factory of Object.values(TENANT_CASES)) requests.push(...(await factory(ctx, owner)));
  });
  afterAll(() => ctx?.close());

  const send = (request: TenantRequest, token: string) => {
    const method = request.route.split(' ')[0] as 'GET';
    return ctx.app.inject({
      method,
      url: request.url,
      headers: bearer(token),
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  };

  it('covers every route that takes a path parameter', () => {
    const covered = new Set(requests.map((r) => r.route));
    const missing = ctx.routes
      .filter((r) => r.url.startsWith('/api/') && /[:*]/.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !covered.has(route) && !(route in TENANCY_EXEMPT));
    expect(missing).toEqual([]);
  });

  it('answers the owner', async () => {
    for (const request of requests) {
      const response = await send(request, ownerToken);
      expect(response.statusCode, request.route).toBeLessThan(300);
    }
  });

  it('answers 404 to a user of another company, never their data', async () => {
    for (const request of requests) {
      const response = await send(request, strangerToken);
      expect(response.statusCode, request.route).toBe(404);
      expect(response.body).not.toContain(owner.company.name);
    }
  });

  it('lets a super-admin see every company', async () => {
    for (const request of requests.filter((r) => r.route.startsWith('GET '))) {
      expect((await send(request, superAdminToken)).statusCode, request.route).toBe(200);
    }
  });

  it("shows a company's rows in its own lists and a super-admin's, never in another company's", async () => {
    for (const [name, factory] of Object.entries(TENANT_LISTS)) {
      const { url, id } = await factory(ctx, owner);
      const idsIn = async (token: string) => {
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
        return response.statusCode === 204 ? [] : response.json().entries.map((e: { id: number }) => e.id);
      };
      expect(await idsIn(ownerToken), name).toContain(id);
      expect(await idsIn(superAdminToken), name).toContain(id);
      expect(await idsIn(strangerToken), name).not.toContain(id);
    }
  });

  it("lists only the caller's own company rows", async () => {
    const ownList = await ctx.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(ownerToken) });
    expect(ownList.statusCode).toBe(200);
    expect(ownList.json().entries.every((d: { company: { id: number } }) => d.company.id === owner.company.id)).toBe(true);
    const strangerList = await ctx.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(strangerToken) });
    expect(strangerList.statusCode).toBe(204);
  });
});

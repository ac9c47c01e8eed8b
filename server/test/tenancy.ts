import type { TestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import { createDevice, createUser } from './fixtures.ts';

/**
 * The tenant-isolation harness. Each entry creates rows owned by one company and names the requests that reach
 * them; tenancy.api.test.ts then checks that the owner gets an answer and a user of another company gets 404.
 * Every route with a path parameter must be covered here or listed in TENANCY_EXEMPT with the reason, and the
 * test fails when a new route is neither, so each issue that adds routes extends this file.
 */
export interface TenantRequest {
  /** The route pattern as registered, e.g. 'GET /api/devices/:id'. */
  route: string;
  url: string;
  payload?: unknown;
}

export type TenantCaseFactory = (ctx: TestContext, owner: { company: TestCompany; user: TestUser }) => Promise<TenantRequest[]>;

export const TENANT_CASES: Record<string, TenantCaseFactory> = {
  async devices(ctx, owner) {
    const device = await createDevice(ctx.database.db, owner.company.id);
    return [{ route: 'GET /api/devices/:id', url: `/api/devices/${device.id}` }];
  },
  async impersonation(ctx, owner) {
    const colleague = await createUser(ctx.database.db, owner.company.id);
    return [{ route: 'GET /api/impersonate/:userId', url: `/api/impersonate/${colleague.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}` }];
  },
};

/** Routes with path parameters that address no tenant row, with the reason. */
export const TENANCY_EXEMPT: Record<string, string> = {
  'POST /api/resetting/request': 'public, no caller to scope by; reaches a user only through their own mailbox, and answers alike for every address',
  'POST /api/resetting/reset': 'public; the single-use token from the mail is the credential and names its one user',
  'GET /api/users/current/settings/*': 'keyed by the caller; another user can only ever reach their own settings',
  'PUT /api/users/current/settings/*': 'keyed by the caller',
  'DELETE /api/users/current/settings/*': 'keyed by the caller',
  'GET /api/docs/*': 'the OpenAPI UI',
  'GET /api/docs/static/*': 'the OpenAPI UI',
};

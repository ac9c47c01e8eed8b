import { expect } from 'vitest';
import { formDefinitionSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { FormDefinition } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestCompany } from './fixtures.ts';
import { bearer, createUser, signIn, signedInCompany } from './fixtures.ts';

/** A form's fields as a test sends them: any JSON, so that values of the wrong kind can be sent too. */
export type Fields = Record<string, unknown>;

export interface ManageContext {
  ctx: TestContext;
  company: TestCompany;
  other: TestCompany;
  /** A user of `company`, the default caller. */
  token: string;
  /** A user of `other`, for the tenancy checks. */
  otherToken: string;
  /** A super-admin (of `other`), who works across companies. */
  superToken: string;
}

/**
 * A fresh app with the three callers every company-scoped management test (device groups, operator groups,
 * operators) checks: a company's user, another company's user, and a super-admin.
 */
export async function createManageContext(): Promise<ManageContext> {
  const ctx = await createTestContext();
  const own = await signedInCompany(ctx, `Acme ${process.pid}`);
  const foreign = await signedInCompany(ctx, `Beta ${process.pid}`);
  const superAdmin = await createUser(ctx.database.db, foreign.company.id, { superAdmin: true });
  const superToken = (await signIn(ctx.app, superAdmin.username, superAdmin.password)).access_token;
  return { ctx, company: own.company, other: foreign.company, token: own.token, otherToken: foreign.token, superToken };
}

/**
 * The calls of one management resource (`path`, e.g. '/api/devicegroups') as a caller: the default token unless
 * another is given. Submits go through the form first, as the client does, since a write needs the form's token.
 */
export function manageClient<Detail>(ctx: () => TestContext, defaultToken: () => string, path: string, detailSchema: { parse(value: unknown): Detail }) {
  const get = (url: string, as = defaultToken()) => ctx().app.inject({ method: 'GET', url, headers: bearer(as) });
  const del = (url: string, as = defaultToken()) => ctx().app.inject({ method: 'DELETE', url, headers: bearer(as) });
  const definition = async (url: string, as = defaultToken()): Promise<FormDefinition> => {
    const response = await get(url, as);
    expect(response.statusCode, url).toBe(200);
    return formDefinitionSchema.parse(response.json());
  };
  /**
   * Opens the form (new, or the row's edit form) and submits the fields with its token, as JSON; `token` sends
   * another token instead, null none.
   */
  const submit = async (fields: Fields, options: { id?: number; as?: string; token?: string | null } = {}) => {
    const as = options.as ?? defaultToken();
    const form = await definition(options.id === undefined ? `${path}/new` : `${path}/${options.id}/edit`, as);
    const body = options.token === null ? fields : { ...fields, token: options.token ?? form.token };
    return ctx().app.inject({
      method: options.id === undefined ? 'POST' : 'PUT',
      url: options.id === undefined ? path : `${path}/${options.id}`,
      headers: bearer(as),
      payload: body as Record<string, unknown>,
    });
  };
  /** A form-encoded submit, as a browser's form sends one (a list as repeated keys). */
  const submitEncoded = (method: 'POST' | 'PUT', url: string, body: URLSearchParams, as = defaultToken()) =>
    ctx().app.inject({ method, url, headers: { ...bearer(as), 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
  const created = async (fields: Fields, as = defaultToken()): Promise<number> => {
    const response = await submit(fields, { as });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  /** The field errors of a refused submit, which must have no root error. */
  const fieldErrors = async (fields: Fields, options: { id?: number; as?: string } = {}) => {
    const response = await submit(fields, options);
    expect(response.statusCode, response.body).toBe(400);
    const body = validationErrorSchema.parse(response.json());
    expect(body.rootErrors).toEqual([]);
    return body.errors;
  };
  const read = async (id: number, as = defaultToken()): Promise<Detail> => {
    const response = await get(`${path}/${id}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return detailSchema.parse(response.json());
  };
  /**
   * Every call on a group row, as a user of another company makes them (the update with their own form's token,
   * `children` the links the unassign drops), in order: each must answer 404.
   */
  const strangerCalls = async (id: number, children: string, as: string, formToken: string) => [
    await get(`${path}/${id}`, as),
    await get(`${path}/${id}/edit`, as),
    await ctx().app.inject({ method: 'PUT', url: `${path}/${id}`, headers: bearer(as), payload: { token: formToken, name: 'Stolen' } }),
    await del(`${path}/${id}/${children}`, as),
    await del(`${path}/${id}`, as),
  ];
  return { get, del, definition, submit, submitEncoded, created, fieldErrors, read, strangerCalls };
}

/** A resource's list (`path` plus a query) as one caller, and the names it answers in order, which must be a 200. */
export function listClient(
  ctx: () => TestContext,
  defaultToken: () => string,
  path: string,
  pageSchema: { parse(value: unknown): { entries: { name: string }[] } },
) {
  const list = (query = '', as = defaultToken()) => ctx().app.inject({ method: 'GET', url: `${path}${query}`, headers: bearer(as) });
  const names = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return pageSchema.parse(response.json()).entries.map((e) => e.name);
  };
  return { list, names };
}

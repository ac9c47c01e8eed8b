import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WEB_CLIENT,
  DISPLAY_LINK_TOKEN_PATTERN,
  LIST_HEADERS,
  PRODUCTION_VIEW_MESSAGE_KEYS as K,
  createdDisplayLinkSchema,
  displayLinkListSchema,
  productionParameterOptionListSchema,
  productionViewListSchema,
  productionViewSchema,
} from '@gearwatch/contracts';
import type { ProductionView } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { createCounterDevice, viewPayload, viewsClient } from './production-views-fixtures.ts';
import { hashDisplayToken } from '../src/production-views/display-token.ts';
import type { ProductionViewChange } from '../src/production-views/views-service.ts';
import { ProductionViewsService } from '../src/production-views/views-service.ts';
import { ProductionViewsRepository } from '../src/production-views/views-repository.ts';

/** The list protocol, tenancy, who may write, a device's parameters, and display links. */
describe('production views API: list, tenancy, parameters, display links', () => {
  let ctx: TestContext;
  let anna: TestUser;
  let stranger: TestUser;
  let root: TestUser;
  const tokens = new Map<number, string>();
  let device: number;
  let foreignDevice: number;
  let foreignView: ProductionView;
  const { call } = viewsClient(() => ctx);
  const db = () => ctx.database.db;
  const as = (user: TestUser) => tokens.get(user.id)!;
  const create = async (user: TestUser, payload: Record<string, unknown>): Promise<ProductionView> => {
    const response = await call(as(user), 'POST', '/api/productionviews', payload);
    expect(response.statusCode, response.body).toBe(201);
    return productionViewSchema.parse(response.json());
  };
  const names = async (query: string, user = anna) => {
    const response = await call(as(user), 'GET', `/api/productionviews${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return productionViewListSchema.parse(response.json()).entries.map((view) => view.name);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    const other = await createCompany(db());
    anna = await createUser(db(), company.id, { firstname: 'Anna', lastname: 'Nowak' });
    stranger = await createUser(db(), other.id);
    root = await createUser(db(), (await createCompany(db())).id, { superAdmin: true, impersonate: true });
    for (const user of [anna, stranger, root]) tokens.set(user.id, (await signIn(ctx.app, user.username, user.password)).access_token);
    device = (await createCounterDevice(db(), company.id, 'Press 1')).id;
    foreignDevice = (await createCounterDevice(db(), other.id, 'Theirs')).id;
    foreignView = await create(stranger, viewPayload(foreignDevice, { prodview_name: 'Their view' }));
  });
  afterAll(() => ctx?.close());

  it('answers 204 with the paging headers for a company without views', async () => {
    const response = await call(as(anna), 'GET', '/api/productionviews');
    expect(response.statusCode).toBe(204);
    expect(response.headers[LIST_HEADERS.totalEntries]).toBe('0');
    expect(response.headers[LIST_HEADERS.totalPages]).toBe('0');
  });

  it('lists the company’s views only, with paging, sort and search', async () => {
    for (const [name, type] of [
      ['Delta line', 'rows'],
      ['alpha hall', 'columns'],
      ['Charlie 50%_off', 'rows'],
      ['bravo hall', 'columns'],
    ] as const) {
      await create(anna, viewPayload(device, { prodview_name: name, prodview_type: type }));
    }
    expect(await names('')).toEqual(['alpha hall', 'bravo hall', 'Charlie 50%_off', 'Delta line']);
    expect(await names('?sort=-name')).toEqual(['Delta line', 'Charlie 50%_off', 'bravo hall', 'alpha hall']);
    expect(await names('?sort=view_type,-name')).toEqual(['bravo hall', 'alpha hall', 'Delta line', 'Charlie 50%_off']);
    expect(await names('?sort=createdAt')).toEqual(['Delta line', 'alpha hall', 'Charlie 50%_off', 'bravo hall']);
    expect(await names('?sort=-createdAt')).toEqual(['bravo hall', 'Charlie 50%_off', 'alpha hall', 'Delta line']);
    expect(await names('?search=HALL')).toEqual(['alpha hall', 'bravo hall']);
    expect(await names('?search=%25_')).toEqual(['Charlie 50%_off']);
    expect((await call(as(anna), 'GET', '/api/productionviews?search=their')).statusCode).toBe(204);

    const page = await call(as(anna), 'GET', '/api/productionviews?page=2&page_size=3');
    expect(page.statusCode).toBe(200);
    expect(productionViewListSchema.parse(page.json()).entries.map((v) => v.name)).toEqual(['Delta line']);
    expect(page.headers[LIST_HEADERS.pageEntries]).toBe('1');
    expect(page.headers[LIST_HEADERS.pageNumber]).toBe('2');
    expect(page.headers[LIST_HEADERS.totalEntries]).toBe('4');
    expect(page.headers[LIST_HEADERS.totalPages]).toBe('2');
    // Each entry is the whole view, as GET /{id} reads it.
    const entry = productionViewListSchema.parse((await call(as(anna), 'GET', '/api/productionviews?page_size=1')).json()).entries[0]!;
    expect((await call(as(anna), 'GET', `/api/productionviews/${entry.id}`)).json()).toEqual(entry);

    const bad = await call(as(anna), 'GET', '/api/productionviews?sort=label');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ sort: ['form.field.error.incorrect'] });
    expect(await names('', stranger)).toEqual(['Their view']);
    // A super-admin's list holds every company's.
    expect(await names('?sort=name&search=e', root)).toEqual(['Charlie 50%_off', 'Delta line', 'Their view']);
  });

  it('answers 404 for another company’s view to every call and changes nothing', async () => {
    const before = (await call(as(stranger), 'GET', `/api/productionviews/${foreignView.id}`)).json();
    const calls = [
      await call(as(anna), 'GET', `/api/productionviews/${foreignView.id}`),
      await call(as(anna), 'PUT', `/api/productionviews/${foreignView.id}`, viewPayload(device, { prodview_name: 'Stolen' })),
      await call(as(anna), 'DELETE', `/api/productionviews/${foreignView.id}`),
      await call(as(anna), 'GET', `/api/productionviews/${foreignView.id}/displaylinks`),
      await call(as(anna), 'POST', `/api/productionviews/${foreignView.id}/displaylinks`, { label: 'Mine now' }),
    ];
    expect(calls.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await call(as(stranger), 'GET', `/api/productionviews/${foreignView.id}`)).json()).toEqual(before);
    expect(await db().selectFrom('production_view_display_links').select('id').where('view_id', '=', foreignView.id).execute()).toEqual([]);
  });

  it('answers another company’s device as not found in a line', async () => {
    const response = await call(
      as(anna),
      'POST',
      '/api/productionviews',
      viewPayload(device, {
        lineParams: [
          { lineName: 'A', deviceId: foreignDevice, parameter_id: 3, goal: 1 },
          { lineName: 'B', deviceId: device, parameter_id: 3, goal: 1 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'lineParams.0.deviceId': [K.notFound] });
  });

  it('lets a super-admin reach every company’s views, a line’s device staying of the view’s company', async () => {
    expect((await call(as(root), 'GET', `/api/productionviews/${foreignView.id}`)).statusCode).toBe(200);
    expect(await names('?search=their', root)).toEqual(['Their view']);
    expect((await call(as(root), 'GET', `/api/productionviews/parameters?deviceId=${foreignDevice}`)).statusCode).toBe(200);
    const crossed = await call(as(root), 'PUT', `/api/productionviews/${foreignView.id}`, viewPayload(device, { prodview_name: 'Their view' }));
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({ 'lineParams.0.deviceId': [K.notFound], 'lineParams.1.deviceId': [K.notFound] });
    const { file: _file, ...keepLogo } = viewPayload(foreignDevice, { prodview_name: 'Their view, fixed by support' });
    const fixed = await call(as(root), 'PUT', `/api/productionviews/${foreignView.id}`, keepLogo);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ name: 'Their view, fixed by support', logo: foreignView.logo });
    foreignView = productionViewSchema.parse(fixed.json());
    // A new view is of the super-admin's own company, whose devices only its lines may show.
    expect((await call(as(root), 'POST', '/api/productionviews', viewPayload(device))).json().errors).toEqual({
      'lineParams.0.deviceId': [K.notFound],
      'lineParams.1.deviceId': [K.notFound],
    });
    const link = await call(as(root), 'POST', `/api/productionviews/${foreignView.id}/displaylinks`, { label: 'Support' });
    expect(link.statusCode).toBe(201);
    expect(
      (await call(as(stranger), 'GET', `/api/productionviews/${foreignView.id}/displaylinks`)).json().entries.map((l: { label: string }) => l.label),
    ).toEqual(['Support']);
    expect((await call(as(root), 'DELETE', `/api/productionviews/${foreignView.id}/displaylinks/${link.json().id}`)).statusCode).toBe(204);

    // Acting as a company's user, a super-admin makes views of that company.
    const impersonated = await call(as(root), 'GET', `/api/impersonate/${anna.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}`);
    expect(impersonated.statusCode, impersonated.body).toBe(200);
    const acting = impersonated.json<{ access_token: string }>().access_token;
    const made = await call(acting, 'POST', '/api/productionviews', viewPayload(device, { prodview_name: 'Made by support' }));
    expect(made.statusCode, made.body).toBe(201);
    expect(await names('?search=support')).toEqual(['Made by support']);
    expect((await call(acting, 'DELETE', `/api/productionviews/${made.json().id}`)).statusCode).toBe(204);
  });

  it('answers a device’s parameters: efficiency, work, active, then its type’s counters', async () => {
    const response = await call(as(anna), 'GET', `/api/productionviews/parameters?deviceId=${device}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(productionParameterOptionListSchema.strict().parse(response.json()).entries).toEqual([
      { id: 0, name: 'Device efficiency', valueKind: 'percent', unit: null },
      { id: 1, name: 'Device work', valueKind: 'minutes', unit: null },
      { id: 2, name: 'Device active', valueKind: 'minutes', unit: null },
      { id: 3, name: 'counter', valueKind: 'count', unit: 'pcs' },
      { id: 10_003, name: 'charging quantity', valueKind: 'count', unit: 'Ah' },
    ]);
    expect((await call(as(anna), 'GET', `/api/productionviews/parameters?deviceId=${foreignDevice}`)).statusCode).toBe(404);
    expect((await call(as(anna), 'GET', '/api/productionviews/parameters?deviceId=2000000000')).statusCode).toBe(404);
    expect((await call(as(anna), 'GET', '/api/productionviews/parameters')).statusCode).toBe(400);
    expect((await call(as(anna), 'GET', '/api/productionviews/parameters?deviceId=abc')).statusCode).toBe(400);
  });

  it('makes a display link whose token is answered once and stored only as its hash', async () => {
    const view = await create(anna, viewPayload(device, { prodview_name: 'On the TV' }));
    const response = await call(as(anna), 'POST', `/api/productionviews/${view.id}/displaylinks`, { label: ' Hall 2 TV ' });
    expect(response.statusCode, response.body).toBe(201);
    const link = createdDisplayLinkSchema.strict().parse(response.json());
    expect(link).toMatchObject({
      viewId: view.id,
      label: 'Hall 2 TV',
      createdBy: { id: anna.id, name: 'Anna Nowak' },
      lastUsedAt: null,
      path: `/display/${link.token}`,
    });
    expect(link.token).toMatch(DISPLAY_LINK_TOKEN_PATTERN);
    const stored = await db().selectFrom('production_view_display_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.token_sha256).equals(hashDisplayToken(link.token))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(link.token);

    const second = await ctx.app.inject({ method: 'POST', url: `/api/productionviews/${view.id}/displaylinks`, headers: bearer(as(anna)) });
    expect(second.statusCode, second.body).toBe(201);
    const unlabelled = createdDisplayLinkSchema.parse(second.json());
    expect(unlabelled.label).toBe('');
    expect(unlabelled.token).not.toBe(link.token);

    const listed = await call(as(anna), 'GET', `/api/productionviews/${view.id}/displaylinks`);
    expect(listed.statusCode).toBe(200);
    expect(
      displayLinkListSchema
        .strict()
        .parse(listed.json())
        .entries.map((l) => l.id),
    ).toEqual([link.id, unlabelled.id]);
    expect(listed.body).not.toContain(link.token);
    expect(listed.body).not.toContain(unlabelled.token);
    for (const entry of listed.json().entries) expect(Object.keys(entry).sort()).toEqual(['createdAt', 'createdBy', 'id', 'label', 'lastUsedAt', 'viewId']);

    const long = await call(as(anna), 'POST', `/api/productionviews/${view.id}/displaylinks`, { label: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['label']);
    expect((await call(as(anna), 'GET', `/api/productionviews/${view.id}/displaylinks`)).json().entries).toHaveLength(2);
  });

  it('revokes a display link; another view’s or company’s link is not found', async () => {
    const view = await create(anna, viewPayload(device, { prodview_name: 'Revocable' }));
    const otherView = await create(anna, viewPayload(device, { prodview_name: 'Other screen' }));
    const link = createdDisplayLinkSchema.parse((await call(as(anna), 'POST', `/api/productionviews/${view.id}/displaylinks`, { label: 'TV' })).json());
    const theirs = createdDisplayLinkSchema.parse((await call(as(stranger), 'POST', `/api/productionviews/${foreignView.id}/displaylinks`, {})).json());

    expect((await call(as(anna), 'DELETE', `/api/productionviews/${otherView.id}/displaylinks/${link.id}`)).statusCode).toBe(404);
    expect((await call(as(stranger), 'DELETE', `/api/productionviews/${view.id}/displaylinks/${link.id}`)).statusCode).toBe(404);
    expect((await call(as(anna), 'DELETE', `/api/productionviews/${foreignView.id}/displaylinks/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(as(stranger), 'GET', `/api/productionviews/${foreignView.id}/displaylinks`)).json().entries.map((l: { id: number }) => l.id)).toEqual([
      theirs.id,
    ]);

    expect((await call(as(anna), 'DELETE', `/api/productionviews/${view.id}/displaylinks/${link.id}`)).statusCode).toBe(204);
    expect((await call(as(anna), 'DELETE', `/api/productionviews/${view.id}/displaylinks/${link.id}`)).statusCode).toBe(404);
    expect((await call(as(anna), 'GET', `/api/productionviews/${view.id}/displaylinks`)).json().entries).toEqual([]);

    // Deleting a view revokes its links.
    await call(as(anna), 'POST', `/api/productionviews/${otherView.id}/displaylinks`, {});
    expect((await call(as(anna), 'DELETE', `/api/productionviews/${otherView.id}`)).statusCode).toBe(204);
    expect(await db().selectFrom('production_view_display_links').select('id').where('view_id', '=', otherView.id).execute()).toEqual([]);
  });

  it('tells the change listener of each save and delete inside the write, and of none that was refused', async () => {
    const changes: ProductionViewChange[] = [];
    const service = new ProductionViewsService(new ProductionViewsRepository(db()), async (_trx, change) => void changes.push(change));
    const auth = { userId: anna.id, companyId: anna.companyId, isSuperAdmin: false, canImpersonate: false };
    const view = await service.create(auth, viewPayload(device, { prodview_name: 'Heard' }));
    await service.update(auth, view.id, viewPayload(device, { prodview_name: 'Heard again' }));
    await expect(service.update(auth, view.id, viewPayload(device, { prodview_name: '' }))).rejects.toMatchObject({ errors: { prodview_name: [K.required] } });
    await service.delete(auth, view.id);
    expect(changes).toEqual([
      { kind: 'saved', companyId: anna.companyId, viewId: view.id },
      { kind: 'saved', companyId: anna.companyId, viewId: view.id },
      { kind: 'deleted', companyId: anna.companyId, viewId: view.id },
    ]);
    // A listener that fails undoes the write it was told of.
    const failing = new ProductionViewsService(new ProductionViewsRepository(db()), async () => {
      throw new Error('listener down');
    });
    const before = await names('?page_size=0');
    await expect(failing.create(auth, viewPayload(device, { prodview_name: 'Never' }))).rejects.toThrow('listener down');
    expect(await names('?page_size=0')).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, problemSchema } from '@gearwatch/contracts';
import { MAX_PARAM_LENGTH } from '../src/http/app.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import type { OpenApiDocument } from './openapi-conformance.ts';
import { OpenApiConformance } from './openapi-conformance.ts';

/** Regression tests of the OpenAPI document (issue 31, item 5): what it said did not match what the app answered. */
describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let token: string;
  let document: OpenApiDocument & {
    paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> }>>;
  };
  let conformance: OpenApiConformance;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    conformance = new OpenApiConformance(document);
  });
  afterAll(() => ctx?.close());

  const answer = (method: string, path: string, statusCode: number, body: unknown) => ({
    method,
    route: undefined,
    path,
    statusCode,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
  });

  it('is OpenAPI 3.1, whose schemas a JSON Schema 2020-12 validator reads as they are (no 3.0 `nullable`)', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(JSON.stringify(document.paths)).not.toContain('"nullable"');
  });

  it('lets a nullable enum be null: the total without alerts, an announcement without importance', async () => {
    const total = await ctx.app.inject({ method: 'GET', url: '/api/alarms/total', headers: bearer(token) });
    expect(total.json()).toEqual({ count: 0, level: null });
    expect(conformance.check(answer('GET', '/api/alarms/total', 200, { count: 0, level: null }))).toEqual([]);
    const schema = document.paths['/api/notifications']?.get?.responses['200']?.content?.['application/json'] as {
      schema: { properties: { entries: { items: { properties: { importance: unknown } } } } };
    };
    expect(schema.schema.properties.entries.items.properties.importance).toEqual({
      anyOf: [{ type: 'string', enum: ['info', 'warning', 'error'] }, { type: 'null' }],
    });
  });

  it('declares the event streams as text/event-stream, not JSON', () => {
    for (const path of ['/api/events', '/api/display/{token}/events']) {
      expect(Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {}), path).toEqual(['text/event-stream']);
    }
  });

  it('marks the public routes as needing no token, and the others as needing the bearer token', () => {
    for (const [path, method] of [
      ['/healthz', 'get'],
      ['/readyz', 'get'],
      ['/api/config', 'get'],
      ['/api/display/{token}', 'get'],
      ['/api/display/{token}/events', 'get'],
      ['/api/token', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([]);
    }
    expect(document.paths['/api/ingest']?.post?.security).toEqual([{ moduleBasic: [] }]);
    expect(document.paths['/api/devices']?.get?.security).toBeUndefined();
    expect((document as unknown as { security: unknown }).security).toEqual([{ bearer: [] }]);
  });

  it('declares on every route the statuses the edge answers: 400 and 500 always, 401 unless public, 404 with a path parameter, 413 and 415 with a body', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const expected = ['400', '500'];
        if (operation.security === undefined) expected.push('401');
        if (path.includes('{')) expected.push('404');
        if (['post', 'put', 'patch'].includes(method)) expected.push('413', '415');
        for (const status of expected) if (!(status in operation.responses)) missing.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('answers a path parameter past the router limit with the app 404, not the router 414', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/devices/${'1'.repeat(MAX_PARAM_LENGTH + 1)}`, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(problemSchema.strict().parse(response.json())).toMatchObject({ statusCode: 404, message: MESSAGE_KEYS.notFound });
  });

  it('routes the longest id list a path may carry (500 ids), which passed the old 100-character limit after 9', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => 2_000_000_000 + i).join(',');
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/notifications/${ids}/read`, headers: bearer(token) });
    // None of them is the caller's: the route itself answered (it matched), with its own 404.
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: MESSAGE_KEYS.notFound });
  });
});

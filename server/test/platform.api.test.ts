import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';

describe('platform', () => {
  let ctx: TestContext;
  const dist = mkdtempSync(path.join(tmpdir(), 'gw-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Gearwatch</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    ctx = await createTestContext({ WEB_DIST_DIR: dist });
  });
  afterAll(() => ctx?.close());

  it('answers health and readiness', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document with every API route in it', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    const apiRoutes = ctx.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/token' + '?');
    for (const route of apiRoutes.filter((r) => !(r.url === '/api/token' && r.method === 'GET'))) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      expect(paths, route.url).toContain(openApiPath);
    }
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await ctx.app.inject('/api/config');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/[\w-]+/);
    const echoed = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
  });

  it('serves the client with SPA fallback, and JSON 404 for unknown API paths', async () => {
    const deep = await ctx.app.inject('/manage/devices');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Gearwatch</title>');
    const asset = await ctx.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await ctx.app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, message: 'error.not-found' });
  });

  it('answers the public configuration', async () => {
    const body = (await ctx.app.inject('/api/config')).json();
    expect(body).toMatchObject({ defaultLanguage: 'pl', languages: ['pl', 'en', 'lv', 'ru'], webClientId: 'gearwatch-web' });
  });
});

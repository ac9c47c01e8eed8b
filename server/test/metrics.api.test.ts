import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createDevice, signedInCompany } from './fixtures.ts';
import { basicAuth, createModule } from './ingest-fixtures.ts';

const TOKEN = 'scrape-token-0123456789';

/** The value of one sample line of the text format, e.g. `name{a="b"} 3`; undefined when absent. */
function sample(body: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of body.split('\n')) {
    if (line.startsWith(`${name} `) && Object.keys(labels).length === 0) return Number(line.slice(name.length + 1));
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    const present = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  describe('not configured', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx?.close());

    it('does not exist', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('gearwatch_');
    });
  });

  describe('with a scrape token', () => {
    let ctx: TestContext;
    const scrape = () => ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });

    beforeAll(async () => {
      ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => ctx?.close());

    it('refuses a scrape without the token or with another one', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
      // A user's access token is not a scrape token.
      const { token } = await signedInCompany(ctx);
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(token) })).statusCode).toBe(401);
    });

    it('counts requests by route pattern and status, and times them', async () => {
      const { company, token } = await signedInCompany(ctx);
      const device = await createDevice(ctx.database.db, company.id);
      for (let i = 0; i < 3; i++)
        expect((await ctx.app.inject({ method: 'GET', url: `/api/devices/${device.id}`, headers: bearer(token) })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/devices/${device.id}` })).statusCode).toBe(401);

      const response = await scrape();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const body = response.body;
      // The pattern, not the URL: one series for every device.
      expect(sample(body, 'gearwatch_http_requests_total', { method: 'GET', route: '/api/devices/:id', status: '200' })).toBe(3);
      expect(sample(body, 'gearwatch_http_requests_total', { method: 'GET', route: '/api/devices/:id', status: '401' })).toBe(1);
      expect(body).not.toContain(`/api/devices/${device.id}"`);
      expect(sample(body, 'gearwatch_http_request_duration_seconds_count', { method: 'GET', route: '/api/devices/:id' })).toBe(4);
    });

    it('counts the readings ingest stored and its batches', async () => {
      const { company } = await signedInCompany(ctx);
      const device = await createDevice(ctx.database.db, company.id);
      const module = await createModule(ctx.database.db, company.id, device.id);
      const t0 = Date.now() - 3_600_000;
      const readings = [0, 1, 2, 3, 4].map((i) => ({ p: 1, t: t0 + i * 60_000, v: 30 }));
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/ingest',
          headers: { ...basicAuth(module.serial, module.code), 'content-type': 'application/json' },
          payload: { readings },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200); // the same readings again: duplicates

      const body = (await scrape()).body;
      expect(sample(body, 'gearwatch_ingest_readings_total', { outcome: 'stored' })).toBe(5);
      expect(sample(body, 'gearwatch_ingest_readings_total', { outcome: 'duplicate' })).toBe(5);
      expect(sample(body, 'gearwatch_ingest_batches_total', { result: 'committed' })).toBe(2);
      expect(sample(body, 'gearwatch_ingest_batch_duration_seconds_count', {})).toBe(2);
    });
  });

  describe('public', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ METRICS_PUBLIC: true });
    });
    afterAll(() => ctx?.close());

    it('answers without a token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('# TYPE gearwatch_http_requests_total counter');
    });
  });
});

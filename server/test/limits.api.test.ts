import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_LIMITS, MESSAGE_KEYS } from '@gearwatch/contracts';
import { DEFAULT_BODY_LIMIT } from '../src/http/app.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { basicAuth, createModule } from './ingest-fixtures.ts';

const tooMany = { statusCode: 429, error: 'Too Many Requests', message: MESSAGE_KEYS.tooManyRequests, requestId: expect.any(String) };

describe('rate limits of the public routes', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext({ RESET_REQUEST_RATE_LIMIT: 3, SUPPORT_MAIL_RATE_LIMIT: 2, RATE_LIMIT_WINDOW_SECONDS: 600 });
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('answers the request past RESET_REQUEST_RATE_LIMIT of one address 429 with Retry-After', async () => {
    const request = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/resetting/request', remoteAddress, payload: { email: 'nobody@example.com' } });
    for (let i = 0; i < 3; i++) expect((await request('203.0.113.1')).statusCode).toBe(202);
    const refused = await request('203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address has its own count.
    expect((await request('203.0.113.2')).statusCode).toBe(202);
  });

  it('answers the message past SUPPORT_MAIL_RATE_LIMIT of one address 429', async () => {
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/support/mail',
        remoteAddress: '203.0.113.9',
        headers: bearer(token),
        payload: { subject: 'Help', content: 'Hello' },
      });
    for (let i = 0; i < 2; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
  });

  it('leaves every other route unlimited', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await ctx.app.inject({ url: '/api/users/current', remoteAddress: '203.0.113.1', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('body limits', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    const user = await createUser(ctx.database.db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
  });
  afterAll(() => ctx?.close());

  it('refuses a body past the default limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/current/settings/big',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ value: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('reads an ingest body past the default limit, up to the ingest limit', async () => {
    const company = await createCompany(ctx.database.db);
    const device = await createDevice(ctx.database.db, company.id);
    const module = await createModule(ctx.database.db, company.id, device.id);
    const ingest = (bytes: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { ...basicAuth(module.serial, module.code), 'content-type': 'application/json' },
        payload: JSON.stringify({ padding: 'x'.repeat(bytes) }),
      });
    // Read and stored (an empty batch: ingest ignores keys it does not know), not refused for its size.
    expect((await ingest(2 * DEFAULT_BODY_LIMIT)).statusCode).toBe(200);
    expect((await ingest(INGEST_LIMITS.maxBodyBytes)).statusCode).toBe(413);
  });
});

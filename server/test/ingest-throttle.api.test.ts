import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { basicAuth, createModule } from './ingest-fixtures.ts';

const FIFTY_MB = 50 * 1024 * 1024;

describe('POST /api/ingest: guessing security codes', () => {
  let ctx: TestContext;
  let module: TestModule;

  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_SLOWDOWN_AFTER: 2, LOGIN_LOCK_AFTER: 3, LOGIN_SLOWDOWN_MS: 1, LOGIN_LOCK_SECONDS: 600 });
    const company = await createCompany(ctx.database.db);
    module = await createModule(ctx.database.db, company.id, (await createDevice(ctx.database.db, company.id)).id);
  });
  afterAll(() => ctx?.close());

  const send = (code: string, remoteAddress: string, serial = module.serial) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest',
      remoteAddress,
      headers: { ...basicAuth(serial, code), 'content-type': 'application/json' },
      payload: { readings: [] },
    });

  it('locks a serial at an address after a few wrong codes, even for the right one, and not elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await send('wrong', '10.9.0.1')).statusCode).toBe(401);
    const locked = await send(module.code, '10.9.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The module itself, sending from its own address, goes on.
    expect((await send(module.code, '10.9.0.2')).statusCode).toBe(200);
  });

  it('counts concurrent guesses as they arrive', async () => {
    const company = await createCompany(ctx.database.db);
    const target = await createModule(ctx.database.db, company.id, null);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(`guess-${i}`, '10.9.1.1', target.serial)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(47);
  });

  it('locks an address that tries many serials', async () => {
    const company = await createCompany(ctx.database.db);
    for (let i = 0; i < 15; i++) expect((await send('wrong', '10.9.2.2', `NO-SUCH-${i}`)).statusCode).toBe(401);
    const other = await createModule(ctx.database.db, company.id, null);
    expect((await send(other.code, '10.9.2.2', other.serial)).statusCode).toBe(429);
  });

  it('refuses a 50 MB body with a wrong code without reading it', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address) as unknown as AddressInfo & URL;
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/api/ingest',
        headers: { ...basicAuth('NOT-A-MODULE', 'guess'), 'content-type': 'application/json', 'content-length': String(FIFTY_MB) },
      });
      req.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        req.destroy();
      });
      req.on('error', (error) => (String(error).includes('ECONNRESET') ? undefined : reject(error)));
      // Only the headers and the first 64 KB are ever sent: an answer can only come from a server that did not wait
      // for the other 49.9 MB.
      req.write(Buffer.alloc(64 * 1024, 0x20));
    });
    expect(answer.status).toBe(401);
    expect(answer.connection).toBe('close');
  });
});

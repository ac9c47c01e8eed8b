import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { testConfig } from '../src/config.ts';
import { createApp } from '../src/app.ts';
import { createServices } from '../src/services.ts';
import type { Services } from '../src/services.ts';
import { createScratchPostgres } from './ingest-fixtures.ts';
import { createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { SseTestClient } from './sse-client.ts';
import { appendUserEvents } from '../src/push/streams/event-log.ts';

/** Two instances (their own services, app and LISTEN) on one database: an alert written by one reaches the other's streams. */
interface Instance {
  database: Database;
  services: Services;
  app: FastifyInstance;
  url: string;
}

async function instance(database: Database): Promise<Instance> {
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent' });
  const services = await createServices(database.db, config);
  const app = await createApp({ config, database, services });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { database, services, app, url };
}

async function instances(kind: 'pglite' | 'postgres'): Promise<{ a: Instance; b: Instance; close(): Promise<void> }> {
  if (kind === 'pglite') {
    // The embedded database is one process's: two apps in it share it (and its in-process LISTEN).
    const database = await openDatabase({});
    await migrate(database);
    const a = await instance(database);
    const b = await instance(database);
    return {
      a,
      b,
      async close() {
        await a.app.close();
        await b.app.close();
        await database.close();
      },
    };
  }
  const scratch = await createScratchPostgres();
  const first = await openDatabase({ url: scratch.url, poolSize: 4 });
  await migrate(first);
  const second = await openDatabase({ url: scratch.url, poolSize: 4 });
  const a = await instance(first);
  const b = await instance(second);
  return {
    a,
    b,
    async close() {
      await a.app.close();
      await b.app.close();
      await first.close();
      await second.close();
      await scratch.drop();
    },
  };
}

describe.each([
  ['PGlite', 'pglite' as const, false],
  ['PostgreSQL', 'postgres' as const, !process.env.TEST_DATABASE_URL],
])('the event stream across two instances on %s', (_name, kind, skip) => {
  let setup: Awaited<ReturnType<typeof instances>>;
  beforeAll(async () => {
    if (!skip) setup = await instances(kind);
  });
  afterAll(async () => {
    if (!skip) await setup.close();
  });

  it.skipIf(skip)('an alert written by one instance reaches a stream on the other at once (NOTIFY, not the heartbeat)', async () => {
    const { a, b } = setup;
    const db = a.database.db;
    const company = await createCompany(db);
    const device = await createDevice(db, company.id);
    const user = await createUser(db, company.id);
    const rule = await createRule(db, company.id, { devices: [device.id], users: [user.id] });
    const token = (await signIn(b.app, user.username, user.password)).access_token;
    const stream = await SseTestClient.open(b.url, token);
    expect(stream.status).toBe(200);
    // The LISTEN of instance b is set up with its first stream, and b reads the log once it has taken effect: an event
    // written by a before then arrives once b listens.
    await b.services.events.settled();
    await db.transaction().execute((trx) => appendUserEvents(trx, [{ userId: user.id, type: 'notification', payload: { probe: true } }]));
    expect(await stream.next(15_000)).toMatchObject({ type: 'notification', data: { probe: true } });

    const alertId = await insertAlert(db, { companyId: company.id, deviceId: device.id, ruleId: rule });
    await a.services.jobs.runUntilIdle();
    // The rule's user is notified in the same transaction: the notification, the alert and the new total.
    expect(await stream.next(15_000)).toMatchObject({ type: 'notification', data: { alertId } });
    expect(await stream.next(15_000)).toMatchObject({ type: 'alert', data: { alertId, kind: 'opened' } });
    expect(await stream.next(15_000)).toMatchObject({ type: 'alarm-total', data: { count: 1, level: 'warning' } });
    // Brought by the NOTIFY, before the 20 s heartbeat that would also have found it.
    expect(stream.heartbeats).toBe(0);
    // Instance b's own runner never ran: the event came from a's transaction.
    stream.close();
  });
});

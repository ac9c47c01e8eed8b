import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { productionViewStateEventSchema, productionViewStateSchema } from '@gearwatch/contracts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { testConfig } from '../src/config.ts';
import { createApp } from '../src/app.ts';
import { createServices } from '../src/services.ts';
import type { Services } from '../src/services.ts';
import { createScratchPostgres } from './ingest-fixtures.ts';
import { createCompany } from './fixtures.ts';
import { createDeviceType, createTelemetryDevice } from './telemetry-fixtures.ts';
import { SseTestClient } from './sse-client.ts';
import { createDisplayLink, createView } from './production-live-fixtures.ts';

/**
 * Two instances (their own services, app, readings bell and LISTEN) on one database: readings ingested through one
 * reach a live screen streaming from the other.
 */
interface Instance {
  services: Services;
  app: FastifyInstance;
  url: string;
}

async function instance(database: Database): Promise<Instance> {
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent' });
  const services = await createServices(database.db, config);
  const app = await createApp({ config, database, services });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { services, app, url };
}

async function instances(kind: 'pglite' | 'postgres'): Promise<{ a: Instance; b: Instance; db: Database; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await migrate(database);
    const a = await instance(database);
    const b = await instance(database);
    return {
      a,
      b,
      db: database,
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
    db: first,
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
])('live screens across two instances on %s', (_name, kind, skip) => {
  let setup: Awaited<ReturnType<typeof instances>>;
  beforeAll(async () => {
    if (!skip) setup = await instances(kind);
  });
  afterAll(async () => {
    if (!skip) await setup.close();
  });

  it.skipIf(skip)(
    'readings ingested by one instance update a display streaming from the other',
    async () => {
      const { a, b } = setup;
      const db = setup.db.db;
      const company = await createCompany(db);
      const device = await createTelemetryDevice(db, company.id, await createDeviceType(db));
      const view = await createView(db, company.id, {
        resetHours: [0, 12],
        lines: [
          { deviceId: device.id, parameter: 3, goal: 100 },
          { deviceId: device.id, parameter: 0, goal: 80 },
        ],
      });
      const link = await createDisplayLink(db, company.id, view);
      const display = await SseTestClient.openPath(b.url, `/api/display/${link.token}/events`, null);
      expect(display.status).toBe(200);
      const first = productionViewStateSchema.parse((await display.next(30_000)).data);
      expect(first.lines[0]!.value).toBeNull();

      const now = Date.now();
      await a.services.ingest.ingest(device.module, { readings: [{ parameter: 3, ts: new Date(now - 2000), value: 11 }], positions: [], events: [] });
      // Instance a's bell, instance b's LISTEN: the state with the 11 pieces arrives (each further one replaces the last).
      let value: number | null = null;
      while (value !== 11) {
        const event = await display.next(30_000);
        if (event.type === 'production-view') value = productionViewStateEventSchema.parse(event.data).lines[0]!.value;
      }
      // Only b has a screen open: a computed nothing and listens to nothing.
      expect(a.services.events.size).toBe(0);
      display.close();
    },
    90_000,
  );
});

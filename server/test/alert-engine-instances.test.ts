import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { testConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import type { Services } from '../src/services.ts';
import { ENGINE_TICK_JOB } from '../src/alert-engine/engine.ts';
import type { TestContext } from './context.ts';
import { createScratchPostgres } from './ingest-fixtures.ts';
import { ingest } from './telemetry-fixtures.ts';
import { alertWorld, createRule } from './alert-fixtures.ts';

/** Two instances (two service sets with their own runner and engine) on one database make each alert once. */
interface Instance {
  database: Database;
  services: Services;
}

async function instances(kind: 'pglite' | 'postgres'): Promise<{ a: Instance; b: Instance; close(): Promise<void> }> {
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent' });
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await migrate(database);
    const a = { database, services: await createServices(database.db, config) };
    const b = { database, services: await createServices(database.db, config) };
    return { a, b, close: () => database.close() };
  }
  const scratch = await createScratchPostgres();
  const first = await openDatabase({ url: scratch.url, poolSize: 4 });
  await migrate(first);
  const second = await openDatabase({ url: scratch.url, poolSize: 4 });
  return {
    a: { database: first, services: await createServices(first.db, config) },
    b: { database: second, services: await createServices(second.db, config) },
    async close() {
      await first.close();
      await second.close();
      await scratch.drop();
    },
  };
}

const asContext = (instance: Instance) => instance as unknown as TestContext;

describe.each([
  ['PGlite', 'pglite' as const, false],
  ['PostgreSQL', 'postgres' as const, !process.env.TEST_DATABASE_URL],
])('two alert engines on %s', (_name, kind, skip) => {
  let setup: Awaited<ReturnType<typeof instances>>;
  beforeAll(async () => {
    if (!skip) setup = await instances(kind);
  });
  afterAll(async () => {
    if (!skip) await setup.close();
  });

  it.skipIf(skip)('evaluate every arrival once: one alert per device, each occurrence counted once', async () => {
    const { a, b } = setup;
    const world = await alertWorld(asContext(a), 12);
    const ruleId = await createRule(a.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 10, date_interval: '10m' }],
      deviceIds: world.devices.map((d) => d.id),
      userIds: [world.userId],
    });
    const base = Date.parse('2026-11-10T08:00:00Z');
    for (let round = 0; round < 4; round++) {
      // Half the devices write through one instance, half through the other; both engines drain at once.
      await Promise.all(
        world.devices.map((device, i) =>
          ingest((i % 2 ? a : b).services, device, { readings: [{ parameter: 20, ts: new Date(base + round * 11 * 60_000), value: 11 + round }] }),
        ),
      );
      await Promise.all([a.services.jobs.runUntilIdle(), b.services.jobs.runUntilIdle()]);
    }
    const rows = await sql<{ device_id: number; n: number; counter: number }>`
      select device_id, count(*)::int as n, max(counter)::int as counter from alerts where rule_id = ${ruleId} group by 1`.execute(a.database.db);
    expect(rows.rows).toHaveLength(12);
    for (const row of rows.rows) expect(row).toMatchObject({ n: 1, counter: 4 });
  });

  it.skipIf(skip)("run each minute's tick once across instances", async () => {
    const { a, b } = setup;
    const world = await alertWorld(asContext(a), 3);
    const ruleId = await createRule(a.database.db, {
      companyId: world.companyId,
      type: 'lastsync',
      conditions: [{ argument: 5 }],
      deviceIds: world.devices.map((d) => d.id),
      userIds: [world.userId],
    });
    for (const device of world.devices) await ingest(a.services, device, { readings: [{ parameter: 20, ts: new Date('2026-11-10T08:00:00Z'), value: 1 }] });
    await sql`update sensor_state set last_contact_at = now() - interval '1 hour'`.execute(a.database.db);
    const tick = new Date();
    const created = await Promise.all([a.services.jobs.enqueueTick(ENGINE_TICK_JOB, tick), b.services.jobs.enqueueTick(ENGINE_TICK_JOB, tick)]);
    expect(created.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.services.jobs.runUntilIdle(), b.services.jobs.runUntilIdle()]);
    const rows = await sql<{
      n: number;
      counter: number;
    }>`select count(*)::int as n, sum(counter)::int as counter from alerts where rule_id = ${ruleId}`.execute(a.database.db);
    // One alert per device; 60 minutes of silence at 5 minutes per occurrence: 12 occurrences, counted once.
    expect(rows.rows[0]).toEqual({ n: 3, counter: 3 * 12 });
  });
});

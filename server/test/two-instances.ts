import { afterAll, beforeAll } from 'vitest';
import { testConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import type { Services } from '../src/services.ts';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { JobPayloads, TickKind } from '../src/jobs/kinds.ts';
import { createMigratedPostgres, openMigratedPglite } from './context.ts';

/** Two instances' connections to one database: the same one on PGlite, two pools on PostgreSQL. */
export interface TwoInstances {
  a: Database;
  b: Database;
  close(): Promise<void>;
}

async function pgliteInstances(): Promise<TwoInstances> {
  const database = await openMigratedPglite();
  return { a: database, b: database, close: () => database.close() };
}

async function postgresInstances(): Promise<TwoInstances> {
  const scratch = await createMigratedPostgres();
  const a = await openDatabase({ url: scratch.url, poolSize: 4 });
  // Copied from the migrated template: this only checks that it is current.
  await migrate(a);
  const b = await openDatabase({ url: scratch.url, poolSize: 4 });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}

/** For `describe.each`: [name, setup, skip] — PostgreSQL runs only with TEST_DATABASE_URL. */
export const instanceVariants: [string, () => Promise<TwoInstances>, boolean][] = [
  ['PGlite', pgliteInstances, false],
  ['PostgreSQL', postgresInstances, !process.env.TEST_DATABASE_URL],
];

/**
 * Two instances' services on one database for a describe block, and one scheduled job's tick run on both side by
 * side: the exactly-once tests of the runner's jobs (task reminders, device-status expiry) share this setup.
 */
export function twoInstanceJob(setup: () => Promise<TwoInstances>, skip: boolean, job: TickKind<JobPayloads>, firstTick: string) {
  const state: { databases?: TwoInstances; a?: Services; b?: Services; tick: number } = { tick: Date.parse(firstTick) };
  beforeAll(async () => {
    if (skip) return;
    state.databases = await setup();
    const config = testConfig({ WEB_DIST_DIR: '/nonexistent' });
    state.a = await createServices(state.databases.a.db, config);
    state.b = await createServices(state.databases.b.db, config);
  });
  afterAll(async () => {
    if (skip) return;
    await state.databases?.close();
  });
  return {
    /** The database as instance a sees it. */
    db: () => state.databases!.a.db,
    /** Each instance's services. */
    a: () => state.a!,
    b: () => state.b!,
    /** The current tick's time. */
    now: () => state.tick,
    /** The next minute's tick, enqueued by both instances, then each runs its jobs side by side. */
    async runBoth(): Promise<void> {
      state.tick += 60_000;
      const at = new Date(state.tick);
      await Promise.all([state.a!.jobs.enqueueTick(job, at), state.b!.jobs.enqueueTick(job, at)]);
      await Promise.all([state.a!.jobs.runUntilIdle(), state.b!.jobs.runUntilIdle()]);
    },
  };
}

import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.ts';
import { testConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createApp } from '../src/app.ts';
import type { ServiceOptions, Services } from '../src/services.ts';
import { createServices } from '../src/services.ts';
import type { ConformanceRecorder } from './openapi-conformance.ts';
import { recordConformance } from './openapi-conformance.ts';
import { createPostgresDatabase } from './template-database.ts';

/** A route of the app: its method and url pattern (`/api/devices/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The answer is a stream that stays open (`config.eventStream`): inject it with injectAny (harness/inject.ts). */
  eventStream?: boolean;
}

export interface TestContext {
  app: FastifyInstance;
  /** Every route the app registered. */
  routes: RegisteredRoute[];
  database: Database;
  services: Services;
  config: Config;
  /** Every answer checked against the OpenAPI document (openapi-conformance.ts); close() fails on a violation. */
  conformance: ConformanceRecorder;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database and an app on it. PGlite in memory by default; a new PostgreSQL database (dropped
 * afterwards) when TEST_DB=postgres and TEST_DATABASE_URL points at a server. Either starts from the run's migrated
 * template (template-database.ts); `migrate` then only checks that it is current.
 */
export async function createTestContext(overrides: Partial<Config> = {}, serviceOptions: ServiceOptions = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent', ...overrides });
  const services = await createServices(database.db, config, serviceOptions);
  const routes: RegisteredRoute[] = [];
  let conformance: ConformanceRecorder | undefined;
  const observe = (bare: FastifyInstance) => {
    // Every route as it is registered, docs and health included, so tests can check that each one is covered.
    bare.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routes.push({ method, url: route.url, ...(route.config?.eventStream ? { eventStream: true } : {}) });
    });
    conformance = recordConformance(bare);
  };
  const app = await createApp({ config, database, services, observe });
  await app.ready();
  const recorder = conformance as ConformanceRecorder;
  return {
    app,
    routes,
    database,
    services,
    config,
    conformance: recorder,
    async close() {
      await app.close();
      await database.close();
      await drop();
      // After the clean-up, so a file whose answers broke the document still leaves no database behind.
      const report = recorder.report();
      if (report) throw new Error(report);
    },
  };
}

export function usingPostgres(): boolean {
  return process.env.TEST_DB === 'postgres';
}

/** An in-memory PGlite with the migrations applied: started from the run's migrated dump (template-database.ts). */
export async function openMigratedPglite(): Promise<Database> {
  const dump = inject('pgliteDump');
  const database = await openDatabase(dump ? { loadDataDir: new Blob([await readFile(dump)]) } : {});
  await migrate(database);
  return database;
}

/** A new PostgreSQL database with the migrations applied, copied from the run's template; `drop` removes it. */
export async function createMigratedPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return createPostgresDatabase(adminUrl, inject('templateDatabase'));
}

/** A fresh database with the migrations applied: PGlite in memory, or a new PostgreSQL one with TEST_DB=postgres. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!usingPostgres()) return { database: await openMigratedPglite(), drop: async () => undefined };
  const { url, drop } = await createMigratedPostgres();
  const database = await openDatabase({ url, poolSize: 5 });
  await migrate(database);
  return { database, drop };
}

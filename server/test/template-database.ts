import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

// The server project's global setup: the migrations run once per test run, not once per test file. On PostgreSQL a
// migrated template database that each test database is created from; on PGlite a dump of a migrated data directory
// that each in-memory database starts from. The migrations from scratch are still tested on each engine: this setup
// itself on PostgreSQL (and migrate-concurrency.test.ts), src/db/migrate.test.ts on PGlite.

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database's name. */
    templateDatabase: string | null;
    /** PGlite: the file holding the dump of a migrated data directory. */
    pgliteDump: string | null;
  }
}

function postgresUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database on the server of `adminUrl` (a copy of `template` when given, else empty); `drop` removes it. */
export async function createPostgresDatabase(adminUrl: string, template?: string | null): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gw_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return { url: postgresUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function preparePostgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const { url, drop } = await createPostgresDatabase(adminUrl);
  try {
    // A template must have no open connection when a database is created from it: this one is closed right after.
    const database = await openDatabase({ url, poolSize: 2 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name: new URL(url).pathname.slice(1), drop };
}

async function preparePgliteDump(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gearwatch-test-pglite-'));
  const dataDir = path.join(dir, 'data');
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const pglite = await PGlite.create(dataDir);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Vitest's globalSetup of the server project: prepares what the engine of this run needs, returns the clean-up. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && adminUrl) {
    const { name, drop } = await preparePostgresTemplate(adminUrl);
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', null);
    return drop;
  }
  const { file, remove } = await preparePgliteDump();
  project.provide('templateDatabase', null);
  project.provide('pgliteDump', file);
  return async () => remove();
}

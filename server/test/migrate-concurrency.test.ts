import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { usingPostgres } from './context.ts';

const INSTANCES = 5;

/**
 * Instances started at the same moment on an empty database each run the migrations: one applies them, the others
 * wait at the advisory lock and find nothing left to do. PostgreSQL only: PGlite has one connection, no concurrency.
 */
if (!usingPostgres()) it('migrations started by several instances at once', (ctx) => ctx.skip('PostgreSQL only (TEST_DB=postgres): PGlite is one connection'));

describe.skipIf(!usingPostgres())('migrations started by several instances at once (PostgreSQL)', () => {
  it('all succeed, and the tables exist once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const name = `gw_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databases: Database[] = [];
    try {
      for (let i = 0; i < INSTANCES; i++) databases.push(await openDatabase({ url: url.toString(), poolSize: 2 }));
      const results = await Promise.allSettled(databases.map((database) => migrate(database)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const applied = results.map((r) => (r.status === 'fulfilled' ? r.value.length : -1));
      // Exactly one instance applied them all; the others found them applied.
      expect(applied.filter((n) => n > 0)).toHaveLength(1);
      expect(applied.filter((n) => n === 0)).toHaveLength(INSTANCES - 1);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const versions = await check.query<{ version: string; n: string }>('select version, count(*) as n from schema_migrations group by version');
      await check.end();
      expect(versions.rows.every((row) => Number(row.n) === 1)).toBe(true);
      expect(versions.rows.length).toBe(Math.max(...applied));
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { DB } from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { createPgliteDialect } from './pglite-dialect.ts';

// int8 (counts, bigint ids) as numbers, as PGlite returns them; values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs a script of several statements (migrations) in one transaction; no parameters. */
  execScriptInTransaction(script: string): Promise<void>;
  /** The connection pool's state for /metrics; null on PGlite, which has one connection and no pool. */
  poolStats(): DatabasePoolStats | null;
  close(): Promise<void>;
}

export interface DatabasePoolStats {
  total: number;
  idle: number;
  /** Callers queued for a connection: above zero, DATABASE_POOL_SIZE (or the database) is the bottleneck. */
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent with no url, an in-memory PGlite is used (tests). */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // JIT compilation costs hundreds of milliseconds and pays off only for long analytical scans; every query here is
  // an index read of bounded size, whose cost PostgreSQL can overestimate enough to trigger it (measured: 670 ms of
  // JIT on a 120 ms query, docs/decisions/009-month-and-shift-rollups.md). A client runs its queries in order, so the
  // setting is in force before the pool's first query on the connection.
  pool.on('connect', (client) => {
    client.query('set jit = off').catch(() => undefined);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return {
    kind: 'postgres',
    db,
    async execScriptInTransaction(script) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(script);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => db.destroy(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  const pglite = await PGlite.create(dataDir).catch((error: unknown) => {
    release();
    throw error;
  });
  const db = new Kysely<DB>({ dialect: createPgliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    async execScriptInTransaction(script) {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    poolStats: () => null,
    async close() {
      try {
        await db.destroy();
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}

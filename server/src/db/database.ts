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
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (its payload), on a connection of its own: on PostgreSQL a dedicated
   * client outside the pool, reconnected with a backoff when it drops (then `onNotify` is called once with null, as
   * notifications may have been missed meanwhile); on PGlite its in-process listener. Closing the database ends it.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

/** Stops a `listen`. */
export type Unlisten = () => Promise<void>;

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
  /** PGlite in memory: start from this dump of a data directory (PGlite's dumpDataDir), tests' migrated database. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
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
  const listeners = new Set<PostgresListener>();
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
    async listen(channel, onNotify) {
      const listener = new PostgresListener(url, channel, onNotify);
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await db.destroy();
    },
  };
}

/**
 * One LISTEN connection: a pg client of its own (a pooled one would be handed to other queries). When it drops, it is
 * opened again after 0.5 s, 1 s, 2 s, … (at most 30 s), and `onNotify(null)` tells the caller that notifications may
 * have been missed while it was away.
 */
class PostgresListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onNotify: (payload: string | null) => void,
  ) {}

  /** Resolves once listening (the first connection must work: a wrong URL is an error, not a retry loop). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotify(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(this.channel)}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.failures = 0;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.stopped || this.retryTimer) return;
    const delay = Math.min(30_000, 500 * 2 ** this.failures);
    this.failures++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => this.onNotify(null),
        () => this.retry(),
      );
    }, delay);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  const pglite = await PGlite.create({ dataDir, loadDataDir }).catch((error: unknown) => {
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
    async listen(channel, onNotify) {
      // Through the pool's one connection, so the LISTEN never lands inside another caller's open transaction.
      const unlisten = await db.connection().execute(() => pglite.listen(channel, (payload) => onNotify(payload)));
      return () => db.connection().execute(() => unlisten());
    },
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

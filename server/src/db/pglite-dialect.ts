import { PostgresDialect } from 'kysely';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Lets Kysely's own PostgreSQL dialect drive PGlite. PGlite is a single connection, so the "pool" hands out one
 * client at a time: a transaction holds it until release, and other queries wait their turn.
 */
export function createPgliteDialect(pglite: PGlite): PostgresDialect {
  return new PostgresDialect({ pool: new SingleConnectionPool(pglite) });
}

class SingleConnectionPool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    const pglite = this.pglite;
    const client = {
      async query(sql: string, parameters: ReadonlyArray<unknown>) {
        const result = await pglite.query<Record<string, unknown>>(sql, [...parameters]);
        const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
        // Kysely reads rowCount for INSERT/UPDATE/DELETE/MERGE only.
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    };
    // Kysely never streams through this pool, so the cursor overload of query() is not needed.
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
  }
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';

/**
 * Tables a refused request may rightly write: the guessing counters count refused attempts (decision 011). Any other
 * table written while a request is answered with 4xx is a partial write.
 */
export const WRITTEN_ON_REFUSAL = ['auth_failures'];

/**
 * Counts every row written in the database: a row trigger on every table bumps one counter, so the harness can tell
 * whether a refused request changed anything, whatever table a route (or a route added later) writes.
 */
export async function installWriteCounter(db: Kysely<DB>): Promise<() => Promise<number>> {
  await sql`create table harness_writes (n bigint not null)`.execute(db);
  await sql`insert into harness_writes values (0)`.execute(db);
  await sql`create function harness_count() returns trigger language plpgsql as $$ begin update harness_writes set n = n + 1; return null; end $$`.execute(db);
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname not in ('harness_writes', 'schema_migrations')`.execute(db);
  for (const { name } of tables.rows) {
    if (WRITTEN_ON_REFUSAL.includes(name)) continue;
    await sql`create trigger harness_write after insert or update or delete on ${sql.table(name)} for each row execute function harness_count()`.execute(db);
  }
  return async () => Number((await sql<{ n: string | number }>`select n from harness_writes`.execute(db)).rows[0]?.n ?? 0);
}

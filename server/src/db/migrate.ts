import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: one advisory lock so that instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 720_431_001;

/** Applies every migrations/NNN_*.sql not yet recorded, each in its own transaction, in file-name order. */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  // The lock is held on one session while the scripts run on another: other instances wait at the lock. It is taken
  // before anything else, creating schema_migrations included: two instances creating it at once on an empty
  // database collide on its catalog entry even with `if not exists`.
  await database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await database.execScriptInTransaction(
        'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
      );
      const done = new Set((await conn.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
      for (const file of files) {
        const version = file.slice(0, 3);
        if (done.has(version)) continue;
        const body = await readFile(path.join(migrationsDir, file), 'utf8');
        await database.execScriptInTransaction(`${body}\n;insert into schema_migrations (version) values ('${version}');`);
        applied.push(file);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
  return applied;
}

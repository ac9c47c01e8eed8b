import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.ts';

const defaultMigrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant: one advisory lock so that instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 720_431_001;

/** An applied migration whose file no longer matches what was applied: the schema and the files have parted ways. */
export class MigrationChangedError extends Error {
  constructor(readonly file: string) {
    super(
      `Migration ${file} was edited after it was applied to this database (its checksum differs from the one recorded in ` +
        'schema_migrations). An applied migration must not change: restore the file and put the change in a new migration.',
    );
    this.name = 'MigrationChangedError';
  }
}

/** SHA-256 of the file's text; line endings are normalised so a checkout with CRLF is not taken for an edit. */
export function migrationChecksum(body: string): string {
  return createHash('sha256').update(body.replace(/\r\n/g, '\n')).digest('hex');
}

/**
 * Applies every migrations/NNN_*.sql not yet recorded, each in its own transaction, in file-name order, after checking
 * that every applied one is unchanged (MigrationChangedError otherwise, before anything is applied). `migrationsDir`
 * is for tests.
 */
export async function migrate(database: Database, migrationsDir = defaultMigrationsDir): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const bodies = new Map<string, string>();
  for (const file of files) bodies.set(file, await readFile(path.join(migrationsDir, file), 'utf8'));
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
      // The checksum column comes with migration 011: until it has run (an installation from before it, or a new
      // one part way through), rows are recorded without one and receive their file's checksum afterwards.
      const hasChecksumColumn = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
          where table_schema = current_schema() and table_name = 'schema_migrations' and column_name = 'checksum'`.execute(conn)
        ).rows[0]?.n === 1;
      let withChecksum = await hasChecksumColumn();
      const recorded = new Map<string, string | null>();
      const rows = withChecksum
        ? await conn.selectFrom('schema_migrations').select(['version', 'checksum']).execute()
        : (await conn.selectFrom('schema_migrations').select('version').execute()).map((r) => ({ ...r, checksum: null }));
      for (const row of rows) recorded.set(row.version, row.checksum);

      for (const file of files) {
        const checksum = recorded.get(file.slice(0, 3));
        if (checksum && checksum !== migrationChecksum(bodies.get(file) ?? '')) throw new MigrationChangedError(file);
      }
      // Files recorded without a checksum so far: those applied before migration 011, on this run or an earlier one.
      const unsummed = files.filter((file) => recorded.has(file.slice(0, 3)) && !recorded.get(file.slice(0, 3)));
      for (const file of files) {
        const version = file.slice(0, 3);
        if (recorded.has(version)) continue;
        const body = bodies.get(file) ?? '';
        const record = withChecksum
          ? `insert into schema_migrations (version, checksum) values ('${version}', '${migrationChecksum(body)}')`
          : `insert into schema_migrations (version) values ('${version}')`;
        await database.execScriptInTransaction(`${body}\n;${record};`);
        applied.push(file);
        if (!withChecksum) {
          unsummed.push(file);
          withChecksum = await hasChecksumColumn();
        }
      }
      // An existing installation's rows receive the checksum of the files as they are now: what was applied is
      // taken to be what is there the first time, and held to it from then on.
      if (withChecksum) {
        for (const file of unsummed) {
          await conn
            .updateTable('schema_migrations')
            .set({ checksum: migrationChecksum(bodies.get(file) ?? '') })
            .where('version', '=', file.slice(0, 3))
            .where('checksum', 'is', null)
            .execute();
        }
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
  return applied;
}

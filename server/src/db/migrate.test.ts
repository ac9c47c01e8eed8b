import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import type { Database } from './database.ts';
import { MigrationChangedError, migrate, migrationChecksum } from './migrate.ts';

const realMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const checksumMigration = '011_migration_checksums.sql';

describe('migrate: applied migrations carry a checksum', { timeout: 120_000 }, () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0)) await step();
  });

  async function fresh(): Promise<{ database: Database; dir: string }> {
    const database = await openDatabase({});
    const dir = await mkdtemp(path.join(tmpdir(), 'gearwatch-migrations-'));
    await cp(realMigrations, dir, { recursive: true });
    cleanup.push(
      () => database.close(),
      () => rm(dir, { recursive: true, force: true }),
    );
    return { database, dir };
  }

  async function recorded(database: Database): Promise<Record<string, string | null>> {
    const rows = await database.db.selectFrom('schema_migrations').select(['version', 'checksum']).orderBy('version').execute();
    return Object.fromEntries(rows.map((row) => [row.version, row.checksum]));
  }

  async function checksumsOf(dir: string): Promise<Record<string, string>> {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
    return Object.fromEntries(await Promise.all(files.map(async (f) => [f.slice(0, 3), migrationChecksum(await readFile(path.join(dir, f), 'utf8'))])));
  }

  it('records the checksum of every file it applies, those before the checksum column included', async () => {
    const { database, dir } = await fresh();
    const applied = await migrate(database, dir);
    expect(applied).toContain(checksumMigration);
    expect(await recorded(database)).toEqual(await checksumsOf(dir));
    // A second start finds nothing to do and nothing changed.
    expect(await migrate(database, dir)).toEqual([]);
  });

  it('refuses to start when an applied migration was edited, naming the file, and applies nothing new', async () => {
    const { database, dir } = await fresh();
    await migrate(database, dir);
    const edited = (await readdir(dir)).find((f) => f.startsWith('003_')) as string;
    await appendFile(path.join(dir, edited), '\n-- a late edit\n');
    await writeFile(path.join(dir, '999_later.sql'), 'create table later (id int);');
    const attempt = migrate(database, dir);
    await expect(attempt).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(attempt).rejects.toThrow(edited);
    expect(Object.keys(await recorded(database))).not.toContain('999');
  });

  it('does not take a checkout with CRLF line endings for an edit', async () => {
    const { database, dir } = await fresh();
    await migrate(database, dir);
    const file = (await readdir(dir)).find((f) => f.startsWith('002_')) as string;
    const body = await readFile(path.join(dir, file), 'utf8');
    await writeFile(path.join(dir, file), body.replace(/\n/g, '\r\n'));
    expect(await migrate(database, dir)).toEqual([]);
  });

  it('gives an installation from before the checksum column the checksums of its files, then holds them to it', async () => {
    const { database, dir } = await fresh();
    const later = path.join(tmpdir(), `gearwatch-${checksumMigration}-${process.pid}-${Date.now()}`);
    await cp(path.join(dir, checksumMigration), later);
    await rm(path.join(dir, checksumMigration));
    cleanup.push(() => rm(later, { force: true }));
    await migrate(database, dir); // the installation as it was: no checksum column
    await cp(later, path.join(dir, checksumMigration));

    expect(await migrate(database, dir)).toEqual([checksumMigration]);
    expect(await recorded(database)).toEqual(await checksumsOf(dir));

    const edited = (await readdir(dir)).find((f) => f.startsWith('001_')) as string;
    await appendFile(path.join(dir, edited), '\n-- a late edit\n');
    await expect(migrate(database, dir)).rejects.toThrow(edited);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { usingPostgres } from './context.ts';
import { createScratchPostgres } from './ingest-fixtures.ts';

/**
 * The database of a test that kills a server process: prepared by the test, then handed to the server through `env`
 * (PGlite files are opened by one process at a time, so the test closes its own connection before the server
 * starts). A scratch PostgreSQL database with TEST_DATABASE_URL, else a PGlite directory; both removed by `cleanups`.
 */
export async function crashDatabase(
  prefix: string,
  cleanups: (() => Promise<void> | void)[],
): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (usingPostgres()) {
    const scratch = await createScratchPostgres();
    cleanups.push(scratch.drop);
    return { env: { DATABASE_URL: scratch.url }, open: () => openDatabase({ url: scratch.url, poolSize: 2 }) };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

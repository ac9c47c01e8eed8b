import { openDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createScratchPostgres } from './ingest-fixtures.ts';

/** Two instances' connections to one database: the same one on PGlite, two pools on PostgreSQL. */
export interface TwoInstances {
  a: Database;
  b: Database;
  close(): Promise<void>;
}

async function pgliteInstances(): Promise<TwoInstances> {
  const database = await openDatabase({});
  await migrate(database);
  return { a: database, b: database, close: () => database.close() };
}

async function postgresInstances(): Promise<TwoInstances> {
  const scratch = await createScratchPostgres();
  const a = await openDatabase({ url: scratch.url, poolSize: 4 });
  await migrate(a);
  const b = await openDatabase({ url: scratch.url, poolSize: 4 });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}

/** For `describe.each`: [name, setup, skip] — PostgreSQL runs only with TEST_DATABASE_URL. */
export const instanceVariants: [string, () => Promise<TwoInstances>, boolean][] = [
  ['PGlite', pgliteInstances, false],
  ['PostgreSQL', postgresInstances, !process.env.TEST_DATABASE_URL],
];

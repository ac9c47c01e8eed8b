import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrate(database);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'The database is up to date.\n');
} finally {
  await database.close();
}

import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { createServices } from './services.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';

/** config -> database -> migrations -> services -> demo data -> http. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  const applied = await migrate(database);
  const services = await createServices(database.db, config);
  const readiness = { accepting: true };
  const app = await buildApp({ config, database, services, readiness });
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  const seeded = config.DEMO ? await seedDemoIfEmpty(database.db) : false;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    readiness.accepting = false;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let requests in flight finish, then release the database.
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const port = new URL(address).port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Gearwatch is running at ${url}`,
    `  API documentation:     ${url}/api/docs`,
    `  Database:              ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.DEMO) {
    lines.push(
      seeded ? '  Demo data created.' : '  Demo data present.',
      '  Demo sign-ins:  demo / demo (Demo Factory)   admin / admin (super-admin)   north / north (Northwind Logistics)',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Gearwatch failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/**
 * How long a first `npm start` spends before it serves: a fresh embedded database (PGlite in a new data directory),
 * migrations, the demo seed and the 90-day history backfill through the ingest service. With DATABASE_URL, the same
 * on a scratch PostgreSQL database that is dropped afterwards.
 *
 *   npm run demo:backfill-bench [-- --days 90]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { createIngestService } from '../../telemetry/ingest-service.ts';
import { seedDemoIfEmpty } from '../seed.ts';
import { demoAlertCounts } from '../seed-repository.ts';
import { JobRunner } from '../../jobs/runner.ts';
import { createRepositories } from '../../repositories.ts';
import { AlertEngine, ENGINE_TICK_JOB } from '../../alert-engine/engine.ts';
import { FleetSimulator } from './generator.ts';
import { DemoOpcua } from './opcua-demo.ts';
import { SimulatorRepository } from './repository.ts';
import { DemoSimulator } from './runner.ts';
import { IngestSink, ModuleIdentities } from './sinks.ts';
import { DEMO_BATCH_DAYS, DEMO_HISTORY_DAYS } from './index.ts';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gw_backfill_bench_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function main(): Promise<void> {
  const days = flag('days', DEMO_HISTORY_DAYS);
  const adminUrl = process.env.DATABASE_URL;
  const scratch = adminUrl ? await scratchPostgres(adminUrl) : null;
  const dataDir = scratch ? null : mkdtempSync(path.join(tmpdir(), 'gearwatch-backfill-bench-'));
  const seconds = (since: number) => (performance.now() - since) / 1000;
  const began = performance.now();
  const database = await openDatabase(scratch ? { url: scratch.url } : { dataDir: dataDir as string });
  try {
    await migrate(database);
    const opened = seconds(began);
    const seedStart = performance.now();
    await seedDemoIfEmpty(database.db);
    const seeded = seconds(seedStart);
    const ingest = createIngestService(database.db);
    const generator = new FleetSimulator();
    const simulator = new DemoSimulator(generator, ingest, new SimulatorRepository(database.db), {
      historyDays: days,
      batchDays: DEMO_BATCH_DAYS,
      output: process.stdout,
      log: {
        info: (message) => process.stdout.write(`${message}\n`),
        warn: (details, message) => process.stdout.write(`${message} ${JSON.stringify(details)}\n`),
      },
      liveSink: new IngestSink(ingest, new ModuleIdentities(ingest)),
      opcua: new DemoOpcua(generator, database.db, { port: null, dataDir: '' }),
    });
    const summary = await simulator.fillHistory();
    const total = seconds(began);
    // What the server does next, after it listens: the alert engine evaluates the history (arrivals, then the
    // windows and timers since the demo rules' creation 90 days back). It runs in the background of a serving server.
    const catchUpStart = performance.now();
    const runner = new JobRunner(database.db);
    new AlertEngine(database.db, createRepositories).register(runner);
    await runner.enqueueTick(ENGINE_TICK_JOB, new Date());
    await runner.runUntilIdle(100_000);
    // Its schedule's timer would keep the process alive.
    await runner.stop();
    const catchUp = seconds(catchUpStart);
    const alerts = await demoAlertCounts(database.db);
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    process.stdout.write(
      [
        '',
        `Machine: ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
        `Database: ${database.kind === 'pglite' ? 'PGlite (embedded, on disk)' : 'PostgreSQL'}`,
        `Open + migrate: ${opened.toFixed(1)} s   demo seed: ${seeded.toFixed(1)} s   ${days}-day backfill: ${(summary?.seconds ?? 0).toFixed(1)} s`,
        `Stored: ${summary?.readings ?? 0} readings, ${summary?.positions ?? 0} positions, ${summary?.events ?? 0} events in ${summary?.batches ?? 0} batches ` +
          `(${Math.round((summary?.readings ?? 0) / Math.max(0.001, summary?.seconds ?? 0))} readings/s)`,
        `From an empty database to ready: ${total.toFixed(1)} s (budget: 120 s)`,
        `Alert catch-up after it listens: ${catchUp.toFixed(1)} s; ${alerts.map((a) => `${a.rule}: ${a.alerts} alerts (${a.occurrences} occurrences)`).join('; ')}`,
        '',
      ].join('\n'),
    );
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

await main();

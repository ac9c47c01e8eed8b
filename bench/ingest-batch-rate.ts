/**
 * Readings per second through IngestService.ingest() for batches of 10,000 readings, on PGlite (default) or on
 * PostgreSQL (DATABASE_URL, a scratch database that is created and dropped). A quick measurement of the statement,
 * not the HTTP or MQTT path: `npx tsx bench/ingest-batch-rate.ts [--batches 20]`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createIngestService } from '../server/src/telemetry/ingest-service.ts';
import type { ReadingInput } from '../server/src/telemetry/types.ts';

const batches = Number(process.argv[process.argv.indexOf('--batches') + 1]) || 20;
const batchSize = 10_000;
const adminUrl = process.env.DATABASE_URL;
const dbName = `gw_bench_${randomBytes(4).toString('hex')}`;

async function scratchUrl(): Promise<string | undefined> {
  if (!adminUrl) return undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

async function main(): Promise<void> {
  const url = await scratchUrl();
  const database = await openDatabase({ url });
  try {
    await migrate(database);
    const db = database.db;
    const company = await db.insertInto('companies').values({ name: 'Bench', timezone: 'Europe/Warsaw' }).returning('id').executeTakeFirstOrThrow();
    const type = await db.insertInto('device_types').values({ name: 'Bench type' }).returning('id').executeTakeFirstOrThrow();
    const device = await db
      .insertInto('devices')
      .values({ company_id: company.id, device_type_id: type.id, name: 'Bench device' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sensor = await db
      .insertInto('sensors')
      .values({ company_id: company.id, device_id: device.id, name: 'Bench module', serial_number: 'BENCH1', security_code: 'CODE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ingest = createIngestService(db);
    const module = { sensorId: sensor.id, serialNumber: 'BENCH1', companyId: company.id, deviceId: device.id, timezone: 'Europe/Warsaw' };
    // 5 parameters, one reading each per 10 seconds: a batch covers ~5.5 hours, like a module's backlog.
    let start = Date.UTC(2026, 0, 1);
    const makeBatch = (): ReadingInput[] => {
      const readings: ReadingInput[] = [];
      for (let i = 0; i < batchSize; i++)
        readings.push({ parameter: (i % 5) + 1, ts: new Date(start + Math.floor(i / 5) * 10_000), value: Math.random() * 100 });
      start += (batchSize / 5) * 10_000;
      return readings;
    };
    await ingest.ingest(module, { readings: makeBatch(), positions: [], events: [] }); // warm-up, creates the partition
    const prepared = Array.from({ length: batches }, makeBatch);
    const began = performance.now();
    for (const readings of prepared) await ingest.ingest(module, { readings, positions: [], events: [] });
    const seconds = (performance.now() - began) / 1000;
    const rate = Math.round((batches * batchSize) / seconds);
    process.stdout.write(`${database.kind}: ${batches} batches of ${batchSize} readings in ${seconds.toFixed(2)} s = ${rate} readings/s\n`);
  } finally {
    await database.close();
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

await main();

/**
 * Ingest throughput (ARCHITECTURE §8): readings per second through POST /api/ingest and through MQTT (QoS 1, the
 * real subscriber), each against a raw COPY into the same `readings` table on the same PostgreSQL, measured in one
 * run. The HTTP and MQTT paths keep all three rollup levels and the last-seen state; COPY writes raw rows only.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/ingest.ts [--readings 200000] [--clients 2] [--mqtt-connections 2]
 *   MQTT_URL defaults to mqtt://127.0.0.1:1883.
 */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { testConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../server/src/demo/seed.ts';
import { createApp } from '../server/src/app.ts';
import { createServices } from '../server/src/services.ts';
import { DEFAULT_MQTT_CONNECTIONS, MqttIngestSubscriber } from '../server/src/telemetry/mqtt-subscriber.ts';
import { moduleTopic } from '../server/src/telemetry/mqtt-topics.ts';
import type { IngestRejectLog, IngestService } from '../server/src/telemetry/types.ts';
import { createScratchDatabase, flag, formatRate } from './support/scratch-database.ts';

const READINGS = flag('readings', 200_000);
const CLIENTS = flag('clients', 2);
const MQTT_CONNECTIONS = flag('mqtt-connections', DEFAULT_MQTT_CONNECTIONS);
const BATCH = 10_000;
const PARAMETERS = [1, 2, 3, 20, 21, 22, 23, 24];
const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

interface Module {
  sensorId: number;
  deviceId: number;
  companyId: number;
  serial: string;
  code: string;
}

/** Readings of one batch: every parameter once a minute, batches of a module following each other in time. */
function batchReadings(batchIndex: number, origin: number): { p: number; t: number; v: number }[] {
  const minutes = BATCH / PARAMETERS.length;
  const readings: { p: number; t: number; v: number }[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const t = origin + (batchIndex * minutes + minute) * 60_000;
    for (const p of PARAMETERS) readings.push({ p, t, v: (minute % 60) + p / 10 });
  }
  return readings;
}

/** Spreads `total` readings over modules as whole batches: [module index, batch index of that module]. */
function plan(total: number, modules: number): [number, number][] {
  const batches = Math.ceil(total / BATCH);
  return Array.from({ length: batches }, (_, i) => [i % modules, Math.floor(i / modules)] as [number, number]);
}

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_ingest');
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 10 });
  try {
    await migrate(database);
    await seedDemoIfEmpty(database.db);
    const config = testConfig({ DATABASE_URL: scratch.url });
    const services = await createServices(database.db, config);
    const app = await createApp({ config, database, services });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const modules: Module[] = (
      await sql<Module>`select id as "sensorId", device_id as "deviceId", company_id as "companyId", serial_number as serial, security_code as code
        from sensors where device_id is not null order by id`.execute(database.db)
    ).rows;
    // Three disjoint sets of devices, one per path, so no path's rows are another's duplicates.
    const share = Math.floor(modules.length / 3);
    const copyModules = modules.slice(0, share);
    const httpModules = modules.slice(share, 2 * share);
    const mqttModules = modules.slice(2 * share, 3 * share);
    // A fixed, whole-month-aligned window in the past; partitions are created once up front so no path pays for it.
    const now = new Date();
    const origin = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1);
    for (let month = 0; month < 4; month++) {
      const t = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 + month, 1, 0, 0, 30);
      const warm = modules[3 * share] ?? modules.at(-1)!;
      await services.ingest.ingest(await services.ingest.authenticate(warm.serial, warm.code), {
        readings: [{ parameter: 9999, ts: new Date(t), value: 0 }],
        positions: [],
        events: [],
      });
    }

    const countFor = async (set: Module[]) =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from readings where device_id in (${sql.join(set.map((m) => m.deviceId))})`.execute(database.db)).rows[0]
          ?.n ?? 0,
      );

    // 1. Raw COPY into the same table: the baseline.
    const copyPlan = plan(READINGS, copyModules.length);
    const copySeconds = await timed(async () => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      function* lines() {
        for (const [moduleIndex, batchIndex] of copyPlan) {
          const module = copyModules[moduleIndex]!;
          let chunk = '';
          for (const r of batchReadings(batchIndex, origin)) {
            chunk += `${module.companyId}\t${module.deviceId}\t${module.sensorId}\t${r.p}\t${new Date(r.t).toISOString()}\t${r.v}\n`;
          }
          yield chunk;
        }
      }
      await pipeline(
        Readable.from(lines()),
        client.query(copyFrom('copy readings (company_id, device_id, sensor_id, parameter_number, ts, value) from stdin')),
      );
      await client.end();
    });
    const copied = await countFor(copyModules);

    // 2. POST /api/ingest with a few concurrent modules, as a fleet would send.
    const httpPlan = plan(READINGS, httpModules.length);
    const bodies = httpPlan.map(([moduleIndex, batchIndex]) => ({
      module: httpModules[moduleIndex]!,
      body: JSON.stringify({ readings: batchReadings(batchIndex, origin) }),
    }));
    let next = 0;
    const httpSeconds = await timed(async () => {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < bodies.length) {
            const { module, body } = bodies[next++]!;
            const response = await fetch(`${address}/api/ingest`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${module.serial}:${module.code}`).toString('base64')}` },
              body,
            });
            if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
          }
        }),
      );
    });
    const posted = await countFor(httpModules);

    // 3. MQTT: publish with QoS 1 to the broker; the real subscriber stores and acknowledges. Timed until stored.
    const prefix = `bench-${randomBytes(4).toString('hex')}/`;
    const silent = { info: () => undefined, warn: () => undefined, error: (object: object, message: string) => console.error(message, object) };
    const mqttPlan = plan(READINGS, mqttModules.length);
    const expected = mqttPlan.length * BATCH;
    // Told by the service after each commit, so the wait costs the database nothing (a count(*) every 50 ms did).
    let stored = 0;
    let allStored!: () => void;
    const done = new Promise<void>((resolve) => (allStored = resolve));
    const counting: IngestService & IngestRejectLog = {
      authenticate: (serial, code) => services.ingest.authenticate(serial, code),
      recordReject: (reject) => services.ingest.recordReject(reject),
      ingest: async (module, batch) => {
        const result = await services.ingest.ingest(module, batch);
        stored += result.readings + result.duplicates;
        if (stored >= expected) allStored();
        return result;
      },
    };
    const subscriber = new MqttIngestSubscriber(counting, {
      url: MQTT_URL,
      clientId: `${prefix}server`,
      connections: MQTT_CONNECTIONS,
      topicPrefix: prefix,
      sessionExpirySeconds: 60,
      log: silent,
    });
    await subscriber.start();
    const publisher = await mqtt.connectAsync(MQTT_URL, { clientId: `${prefix}modules`, protocolVersion: 5 });
    // Built before the clock starts, as the HTTP bodies are.
    const messages = mqttPlan.map(([moduleIndex, batchIndex]) => {
      const module = mqttModules[moduleIndex]!;
      return {
        topic: moduleTopic(module.serial, 'readings', prefix),
        payload: JSON.stringify({ code: module.code, items: batchReadings(batchIndex, origin) }),
      };
    });
    const mqttSeconds = await timed(async () => {
      for (const { topic, payload } of messages) await publisher.publishAsync(topic, payload, { qos: 1 });
      await done;
    });
    await publisher.endAsync();
    await subscriber.stop();
    const published = await countFor(mqttModules);
    const rollups = Number((await sql<{ n: string }>`select sum(count) as n from readings_5min`.execute(database.db)).rows[0]?.n ?? 0);

    const copyRate = copied / copySeconds;
    const rows: [string, number, number][] = [
      ['raw COPY (raw rows only)', copied, copySeconds],
      ['POST /api/ingest', posted, httpSeconds],
      ['MQTT QoS 1 (subscriber)', published, mqttSeconds],
    ];
    const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(database.db)).rows[0]?.v;
    console.log(
      `\nIngest benchmark · PostgreSQL ${version} · ${READINGS.toLocaleString('en-US')} readings per path · batches of ${BATCH.toLocaleString('en-US')} · ${CLIENTS} HTTP clients · ${MQTT_CONNECTIONS} MQTT connections`,
    );
    console.log('path                          readings    seconds   rate            vs raw COPY');
    for (const [name, count, seconds] of rows) {
      const rate = count / seconds;
      console.log(
        `${name.padEnd(30)}${String(count).padStart(8)}  ${seconds.toFixed(2).padStart(8)}   ${formatRate(rate).padEnd(14)}  ${((rate / copyRate) * 100).toFixed(0).padStart(4)}%`,
      );
    }
    console.log(`rolled-up readings in readings_5min: ${rollups.toLocaleString('en-US')} (HTTP + MQTT + warm-up; COPY bypasses rollups)`);
    await app.close();
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await main();

/**
 * The Teltonika listener (issue 29, docs/teltonika.md) against its budgets, on PostgreSQL, with the server as a
 * separate process (`npm start`'s entry, so its RSS is its own):
 *
 * 1. Throughput: the same forklift records, 10 to a packet, through POST /api/ingest (the baseline) and through the
 *    listener, `--concurrency` devices each sending its next packet as soon as the last one is answered. Records/s
 *    through the listener against the baseline's (budget ≥ 0.8).
 * 2. Steady load: `--devices` trackers connected at once, each sending a 10-record Codec 8 Extended packet every
 *    `--interval` seconds (spread evenly) for `--minutes`: packets refused (no acknowledgement), acknowledgement
 *    latency from the packet written to its 4 bytes read (budget p95 < 500 ms), and the server's RSS growth for the
 *    connections (budget < 400 MB).
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/teltonika.ts [--devices 10000] [--minutes 3]
 *     [--interval 10] [--concurrency 200] [--packets 10000]
 *
 * 10,000 sockets on each side need a file-descriptor limit over 10,000 in both processes (`ulimit -n 20000` in the
 * shell that starts the benchmark; the server inherits it). The devices run in this process, on the same cores as
 * the server and PostgreSQL: their latency includes this process's event loop.
 */
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PARAMETER_NUMBERS, TELTONIKA_IO } from '@gearwatch/contracts';
import { openDatabase } from '../server/src/db/database.ts';
import type { DB } from '../server/src/db/schema.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { mapAvlRecords } from '../server/src/telemetry/protocols/teltonika/avl-mapping.ts';
import type { IoParameterMapping } from '../server/src/telemetry/protocols/teltonika/avl-mapping.ts';
import type { AvlRecord } from '../server/src/telemetry/protocols/teltonika/avl-types.ts';
import type { WorkActivitySample } from '../server/src/telemetry/protocols/teltonika/work-activity.ts';
import { TrackerClient, ackOf, avlPacket } from '../server/test/teltonika-listener-fixtures.ts';
import { forkliftRecords } from '../server/test/teltonika-forklift.ts';
import { createScratchDatabase, flag, formatRate } from './support/scratch-database.ts';
import { percentile, startServer } from './support/server.ts';
import type { BenchServer } from './support/server.ts';

const DEVICES = flag('devices', 10_000);
const MINUTES = flag('minutes', 3);
const INTERVAL_MS = flag('interval', 10) * 1000;
const CONCURRENCY = flag('concurrency', 200);
const PACKETS = flag('packets', 10_000);
const RECORDS = 10;
/** A tracker's send period as registered: its records are `INTERVAL_MS / RECORDS` apart, well within it. */
const SEND_PERIOD_SECONDS = 60;
const MAPPING: IoParameterMapping[] = [
  { parameter: 11, ioId: TELTONIKA_IO.externalVoltage, multiplier: 0.001, offset: 0 },
  { parameter: 12, ioId: TELTONIKA_IO.batteryVoltage, multiplier: 0.001, offset: 0 },
  { parameter: 13, ioId: TELTONIKA_IO.totalOdometer, multiplier: 0.001, offset: 0 },
  { parameter: 14, ioId: TELTONIKA_IO.gsmSignal, multiplier: 1, offset: 0 },
  { parameter: 15, ioId: TELTONIKA_IO.speed, multiplier: 1, offset: 0 },
];

interface Fleet {
  companyId: number;
  /** Teltonika trackers: device and IMEI. */
  trackers: { deviceId: number; imei: string }[];
  /** Gearwatch modules for the HTTP baseline. */
  modules: { deviceId: number; serial: string; code: string }[];
}

/** One company, one forklift type mapping five IO elements, `trackers` + `modules` forklifts with one module each. */
async function createFleet(db: Kysely<DB>, trackers: number, modules: number): Promise<Fleet> {
  const company = await db.insertInto('companies').values({ name: 'Bench Logistics' }).returning('id').executeTakeFirstOrThrow();
  const type = await db.insertInto('device_types').values({ name: 'Forklift (FMB140)' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values([
      { device_type_id: type.id, number: PARAMETER_NUMBERS.work, name: 'work', tags: ['effective work time'], unit_id: null, aggregation: 'sum' },
      { device_type_id: type.id, number: PARAMETER_NUMBERS.active, name: 'active', tags: ['device active'], unit_id: null, aggregation: 'sum' },
      ...MAPPING.map((m) => ({
        device_type_id: type.id,
        number: m.parameter,
        name: `io ${m.ioId}`,
        tags: [],
        unit_id: null,
        aggregation: 'avg',
        teltonika_io_id: m.ioId,
        teltonika_multiplier: m.multiplier,
        teltonika_offset: m.offset,
      })),
    ])
    .execute();
  const devices = (
    await sql<{ id: number }>`insert into devices (company_id, device_type_id, name)
      select ${company.id}::int, ${type.id}::int, 'Forklift ' || g from generate_series(1, ${trackers + modules}::int) g returning id`.execute(db)
  ).rows.map((row) => row.id);
  const fleet: Fleet = { companyId: company.id, trackers: [], modules: [] };
  devices.forEach((deviceId, i) =>
    i < trackers
      ? fleet.trackers.push({ deviceId, imei: String(350_000_000_000_000 + i) })
      : fleet.modules.push({ deviceId, serial: `BENCH${i}`, code: `C${i}` }),
  );
  const rows = [
    ...fleet.trackers.map((t) => ({ device: t.deviceId, serial: t.imei, code: '', protocol: 'teltonika' })),
    ...fleet.modules.map((m) => ({ device: m.deviceId, serial: m.serial, code: m.code, protocol: 'gearwatch' })),
  ];
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto('sensors')
      .values(
        rows.slice(i, i + 2000).map((r) => ({
          company_id: company.id,
          device_id: r.device,
          name: `Module ${r.serial}`,
          serial_number: r.serial,
          security_code: r.code,
          protocol: r.protocol,
          send_period_seconds: SEND_PERIOD_SECONDS,
        })),
      )
      .execute();
  }
  return fleet;
}

/** The body POST /api/ingest takes for what the listener stores from these packets (mapAvlRecords, as it maps them). */
function ingestBodies(packets: AvlRecord[][]): string[] {
  let lastRecord: WorkActivitySample | null = null;
  return packets.map((records) => {
    const mapped = mapAvlRecords(records, { parameters: MAPPING, sendPeriodSeconds: SEND_PERIOD_SECONDS, lastRecord, currentCard: null });
    lastRecord = mapped.lastRecord;
    const { readings, positions } = mapped.batch;
    return JSON.stringify({
      readings: readings.map((r) => ({ p: r.parameter, t: r.ts.getTime(), v: r.value })),
      positions: positions.map((p) => ({ t: p.ts.getTime(), lat: p.lat, lon: p.lon, acc: null })),
    });
  });
}

/** Each device's packets of a throughput run: consecutive records a second apart, ending before now. */
function throughputPackets(devices: number, seed: number): AvlRecord[][][] {
  const perDevice = Math.ceil(PACKETS / devices);
  const origin = Math.floor(Date.now() / 1000) * 1000 - perDevice * RECORDS * 1000 - 60_000;
  return Array.from({ length: devices }, (_, d) =>
    Array.from({ length: perDevice }, (_, k) => forkliftRecords(seed + d, origin + k * RECORDS * 1000, RECORDS, 1000, k * RECORDS)),
  );
}

/** Progress on stderr: a full run takes minutes, the table comes at the end. */
function progress(message: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return (performance.now() - started) / 1000;
}

async function connectTracker(port: number, imei: string): Promise<TrackerClient> {
  const client = await TrackerClient.connect(port);
  const answer = await client.handshake(imei);
  if (answer !== 0x01) throw new Error(`handshake of ${imei} answered ${answer}`);
  return client;
}

/** Connects trackers `at` a time (a burst of 10,000 SYNs overflows the listen backlog and costs retransmits). */
async function connectAll(port: number, imeis: string[], at = 250): Promise<TrackerClient[]> {
  const clients: TrackerClient[] = [];
  for (let i = 0; i < imeis.length; i += at) clients.push(...(await Promise.all(imeis.slice(i, i + at).map((imei) => connectTracker(port, imei)))));
  return clients;
}

async function sendAndWait(client: TrackerClient, packet: Uint8Array, records: number): Promise<number> {
  const started = performance.now();
  await client.write(packet);
  const ack = await client.receive(4);
  if (!ack.equals(ackOf(records))) throw new Error(`acknowledged ${ack.toString('hex')}`);
  return performance.now() - started;
}

async function countRows(db: Kysely<DB>, table: 'readings' | 'positions', deviceIds: number[]): Promise<number> {
  const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where device_id = any(${deviceIds}::int[])`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The server's "Teltonika trackers: TCP port N" line, from its log. */
async function teltonikaPort(logFile: string): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const match = /Teltonika trackers:\s+TCP port (\d+)/.exec(readFileSync(logFile, 'utf8'));
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no Teltonika port in ${logFile}`);
}

interface SteadyResult {
  connectSeconds: number;
  sent: number;
  acknowledged: number;
  /** Packets whose connection the server closed before answering them: refused. */
  refused: number;
  /** Packets still waiting for their answer 30 s after the last send: the server fell behind (not refused). */
  unanswered: number;
  /** Connections found closed by the server when their next packet was due. */
  closed: number;
  /** Sends skipped because the device still waited for its previous acknowledgement (a device never pipelines). */
  late: number;
  latencies: number[];
  rssBefore: number;
  rssConnected: number;
  rssPeak: number;
}

/** `--devices` trackers, each a packet every interval, spread evenly over it, for `--minutes`. */
async function steadyLoad(server: BenchServer, port: number, trackers: Fleet['trackers']): Promise<SteadyResult> {
  const rssBefore = server.rss();
  const connectStarted = performance.now();
  const clients = await connectAll(
    port,
    trackers.map((t) => t.imei),
  );
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const rssConnected = server.rss();
  let rssPeak = rssConnected;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 1000);
  const result: SteadyResult = {
    connectSeconds,
    sent: 0,
    acknowledged: 0,
    refused: 0,
    unanswered: 0,
    closed: 0,
    late: 0,
    latencies: [],
    rssBefore,
    rssConnected,
    rssPeak,
  };
  const started = performance.now();
  const endAt = started + MINUTES * 60_000;
  const sentCounts = new Array<number>(clients.length).fill(0);
  const busy = new Array<boolean>(clients.length).fill(false);
  const inFlight = new Set<Promise<void>>();
  let finished = false;
  const send = (i: number) => {
    if (busy[i]) {
      result.late++;
      return;
    }
    const client = clients[i]!;
    if (client.isClosed) {
      result.closed++;
      return;
    }
    const now = Date.now();
    const records = forkliftRecords(i, now - (RECORDS - 1) * (INTERVAL_MS / RECORDS), RECORDS, INTERVAL_MS / RECORDS, sentCounts[i]! * RECORDS);
    sentCounts[i]!++;
    result.sent++;
    busy[i] = true;
    const work = sendAndWait(client, avlPacket(records), RECORDS).then(
      (ms) => {
        result.latencies.push(ms);
        result.acknowledged++;
      },
      () => {
        // Closing the connections at the end is not the server refusing what they still waited for.
        if (!finished) result.refused++;
      },
    );
    const tracked = work.finally(() => {
      busy[i] = false;
      inFlight.delete(tracked);
    });
    inFlight.add(tracked);
  };
  // Device i sends at started + (i / N) · interval, then every interval: a timer per tick walks the devices due.
  await new Promise<void>((resolve) => {
    let next = 0;
    const tick = setInterval(() => {
      const elapsed = performance.now() - started;
      if (performance.now() >= endAt) {
        clearInterval(tick);
        resolve();
        return;
      }
      const due = Math.floor((elapsed / INTERVAL_MS) * clients.length);
      for (; next <= due; next++) send(next % clients.length);
    }, 5);
  });
  // What was sent is answered, or counted as unanswered after 30 s.
  await Promise.race([Promise.all(inFlight), new Promise((resolve) => setTimeout(resolve, 30_000))]);
  finished = true;
  result.unanswered = inFlight.size;
  clearInterval(sampler);
  result.rssPeak = rssPeak;
  for (const client of clients) await client.close();
  return result;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_teltonika');
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 2 });
  let server: BenchServer | null = null;
  try {
    await migrate(database);
    const fleet = await createFleet(database.db, DEVICES + CONCURRENCY, CONCURRENCY);
    const throughputTrackers = fleet.trackers.slice(DEVICES);
    const steadyTrackers = fleet.trackers.slice(0, DEVICES);
    const logFile = path.join(tmpdir(), `gw-bench-teltonika-${process.pid}.log`);
    // Every simulated module calls from this one address: more than 40 concurrent first attempts would lock it
    // (decision 011 counts an attempt before checking it). The throttle's statements still run for every request.
    server = await startServer({ databaseUrl: scratch.url, logFile, env: { DEMO: 'off', LOGIN_LOCK_AFTER: '1000000' } });
    const port = await teltonikaPort(logFile);
    progress(`server ready (log ${logFile}); throughput through POST /api/ingest`);
    const db = database.db;

    // 1. Throughput. The same records through both paths (each path on its own devices, so none is a duplicate).
    const httpPackets = throughputPackets(CONCURRENCY, 1);
    const trackerPackets = throughputPackets(CONCURRENCY, 1);
    const bodies = httpPackets.map(ingestBodies);
    const httpSeconds = await timed(() =>
      Promise.all(
        fleet.modules.map(async (module, d) => {
          const authorization = `Basic ${Buffer.from(`${module.serial}:${module.code}`).toString('base64')}`;
          for (const body of bodies[d]!) {
            const response = await fetch(`${server!.url}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body });
            if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
          }
        }),
      ).then(() => undefined),
    );
    progress('throughput through the listener');
    const encoded = trackerPackets.map((packets) => packets.map((records) => avlPacket(records)));
    const throughputClients = await connectAll(
      port,
      throughputTrackers.map((t) => t.imei),
    );
    const listenerSeconds = await timed(() =>
      Promise.all(
        throughputClients.map(async (client, d) => {
          for (const packet of encoded[d]!) await sendAndWait(client, packet, RECORDS);
        }),
      ).then(() => undefined),
    );
    for (const client of throughputClients) await client.close();
    const records = CONCURRENCY * Math.ceil(PACKETS / CONCURRENCY) * RECORDS;
    const httpRows = await countRows(
      db,
      'readings',
      fleet.modules.map((m) => m.deviceId),
    );
    const listenerRows = await countRows(
      db,
      'readings',
      throughputTrackers.map((t) => t.deviceId),
    );

    // 2. Steady load.
    progress(`steady load: connecting ${DEVICES} trackers, then ${MINUTES} min`);
    const steady = await steadyLoad(server, port, steadyTrackers);
    const steadyPositions = await countRows(
      db,
      'positions',
      steadyTrackers.map((t) => t.deviceId),
    );

    const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]?.v;
    const cpu = os.cpus();
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `\nTeltonika listener benchmark · ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length} · PostgreSQL ${version} · Node ${process.version} · load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `Throughput: ${records.toLocaleString('en-US')} records per path, ${RECORDS} to a packet/request, ${CONCURRENCY} devices each waiting for its answer before sending again`,
    );
    console.log('path                              records    rows stored   seconds   records/s      vs HTTP');
    const httpRate = records / httpSeconds;
    for (const [name, rows, seconds] of [
      ['POST /api/ingest (baseline)', httpRows, httpSeconds],
      ['Teltonika listener (Codec 8E)', listenerRows, listenerSeconds],
    ] as const) {
      const rate = records / seconds;
      console.log(
        `${name.padEnd(32)}${String(records).padStart(8)}  ${String(rows).padStart(12)}  ${seconds.toFixed(2).padStart(8)}   ${formatRate(rate).padEnd(13)}  ${(rate / httpRate).toFixed(2).padStart(6)}`,
      );
    }
    const sorted = [...steady.latencies].sort((a, b) => a - b);
    const expectedRate = (DEVICES / (INTERVAL_MS / 1000)) * RECORDS;
    console.log(
      `\nSteady load: ${DEVICES.toLocaleString('en-US')} trackers connected at once (in ${steady.connectSeconds.toFixed(1)} s), a ${RECORDS}-record packet each every ${INTERVAL_MS / 1000} s, ${MINUTES} min (${formatRate(expectedRate)} records offered)`,
    );
    console.log(
      `packets sent ${steady.sent} · acknowledged ${steady.acknowledged} · refused ${steady.refused} (budget 0) · unanswered 30 s after the last send ${steady.unanswered} · connections closed by the server ${steady.closed} · sends skipped waiting for an answer ${steady.late} · positions stored ${steadyPositions} (${steady.acknowledged * RECORDS} acknowledged records)`,
    );
    console.log(
      `acknowledgement latency after the packet is written: p50 ${percentile(sorted, 50).toFixed(0)} ms · p95 ${percentile(sorted, 95).toFixed(0)} ms (budget 500) · p99 ${percentile(sorted, 99).toFixed(0)} ms · max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms`,
    );
    console.log(
      `server RSS: ${mb(steady.rssBefore)} before connecting · ${mb(steady.rssConnected)} with all connected · ${mb(steady.rssPeak)} peak under load · growth ${mb(steady.rssPeak - steady.rssBefore)} (budget 400 MB)`,
    );
  } finally {
    await server?.stop();
    await database.close();
    await scratch.drop();
  }
}

await main();

/**
 * The OPC UA connector (issue 30, docs/opcua.md) against its budgets, on PostgreSQL, with the server as a separate
 * process (`npm start`'s entry, so its CPU and RSS are its own): `--machines` machines (node-opcua servers in this
 * process) × `--nodes` Double nodes each, every module sampling at 1 s, on one instance. Each machine is an endpoint
 * of its own (its own port, its own nodes, its own session and subscription) on one of `--servers` node-opcua servers:
 * a node-opcua server loads the whole standard address space, about 9 s of CPU each on the loaded two-core machine,
 * so 200 single-endpoint servers would take half an hour to start; what the connector sees is the same.
 *
 * The run's own baseline: the machines run and change their values from the start, but their modules are added only
 * after `--baseline` seconds, so the server's CPU and RSS then are the same server and machine load without the
 * connector's sessions. Then the modules are added, the connector (polling every 10 s) connects them all, and for
 * `--minutes` every node changes every `--change` seconds (a value held at least one sampling interval is one the
 * machine samples: at 1 s changes a 1 s sampler may take two changes in one interval, and skip one).
 *
 * Printed against the budgets: every value stored (readings against changes made in the window), value change →
 * stored p95 (< 2 s; one node per machine, the database polled every 250 ms: the figure includes up to that much), the
 * server's CPU share of one core (< 50 %) and its RSS growth over the baseline (< 300 MB).
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/opcua.ts [--machines 200] [--nodes 10]
 *     [--servers 10] [--minutes 3] [--change 2] [--baseline 30]
 */
import os from 'node:os';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { DataType, MessageSecurityMode, SecurityPolicy, StatusCodes, Variant } from 'node-opcua-client';
import { OPCUAServer } from 'node-opcua-server';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { openDatabase } from '../server/src/db/database.ts';
import type { DB } from '../server/src/db/schema.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createScratchDatabase, flag, formatRate } from './support/scratch-database.ts';
import { freePort, percentile, startServer } from './support/server.ts';
import type { BenchServer } from './support/server.ts';

const MACHINES = flag('machines', 200);
const SERVERS = Math.min(MACHINES, flag('servers', 10));
const NODES = flag('nodes', 10);
const MINUTES = flag('minutes', 3);
const CHANGE_MS = flag('change', 2) * 1000;
const BASELINE_MS = flag('baseline', 30) * 1000;
/** The parameters the nodes feed: 11, 12, … (node k of a machine is parameter FIRST_PARAMETER + k). */
const FIRST_PARAMETER = 11;
const CLOCK_TICKS = 100;

interface MachineVariable {
  setValueFromSource(value: Variant, status: typeof StatusCodes.Good, sourceTimestamp: Date): void;
}

interface Machine {
  port: number;
  variables: MachineVariable[];
}

function progress(message: string): void {
  process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** The node of machine `m`'s node `k`: each machine has nodes of its own (ns=1;s=M<m>.V<k>). */
const nodeIdOf = (m: number, k: number) => `ns=1;s=M${m}.V${k}`;

/**
 * A node-opcua server on 127.0.0.1 with one endpoint (its own port) per machine of `machineIndexes`, each machine
 * with `NODES` Double variables; security None.
 */
async function startServerOf(machineIndexes: number[], pkiFolder: string): Promise<{ server: OPCUAServer; machines: Machine[] }> {
  const ports: number[] = [];
  while (ports.length < machineIndexes.length) ports.push(await freePort());
  const server = new OPCUAServer({
    endpoints: ports.map((port) => ({
      port,
      host: '127.0.0.1',
      hostname: '127.0.0.1',
      securityModes: [MessageSecurityMode.None],
      securityPolicies: [SecurityPolicy.None],
    })),
    allowAnonymous: true,
    serverCertificateManager: new OPCUACertificateManager({ rootFolder: pkiFolder, automaticallyAcceptUnknownCertificate: true }),
    serverCapabilities: { maxSessions: machineIndexes.length * 2 },
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace!;
  const namespace = addressSpace.getOwnNamespace();
  const machines = machineIndexes.map((m, i) => {
    const folder = namespace.addObject({ organizedBy: addressSpace.rootFolder.objects, browseName: `Machine${m}` });
    const variables = Array.from({ length: NODES }, (_, k) => {
      const variable = namespace.addVariable({
        componentOf: folder,
        nodeId: nodeIdOf(m, k).replace('ns=1;', ''),
        browseName: `V${k}`,
        dataType: 'Double',
        minimumSamplingInterval: 100,
      });
      variable.setValueFromSource(new Variant({ dataType: DataType.Double, value: -1 }), StatusCodes.Good, new Date());
      return variable as MachineVariable;
    });
    return { port: ports[i]!, variables };
  });
  await server.start();
  return { server, machines };
}

/** A company, a device type with the nodes' parameters, and one device per machine. */
async function createDevices(db: Kysely<DB>): Promise<{ companyId: number; deviceIds: number[] }> {
  const company = await db.insertInto('companies').values({ name: 'Bench Moulding' }).returning('id').executeTakeFirstOrThrow();
  const type = await db.insertInto('device_types').values({ name: 'Machine (OPC UA)' }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values([
      { device_type_id: type.id, number: PARAMETER_NUMBERS.work, name: 'work', tags: ['effective work time'], unit_id: null, aggregation: 'sum' },
      { device_type_id: type.id, number: PARAMETER_NUMBERS.active, name: 'active', tags: ['device active'], unit_id: null, aggregation: 'sum' },
      ...Array.from({ length: NODES }, (_, k) => ({
        device_type_id: type.id,
        number: FIRST_PARAMETER + k,
        name: `node ${k}`,
        tags: [],
        unit_id: null,
        aggregation: 'avg',
      })),
    ])
    .execute();
  const deviceIds = (
    await sql<{ id: number }>`insert into devices (company_id, device_type_id, name)
      select ${company.id}::int, ${type.id}::int, 'Machine ' || g from generate_series(1, ${MACHINES}::int) g returning id`.execute(db)
  ).rows.map((row) => row.id);
  return { companyId: company.id, deviceIds };
}

/** One active OPC UA module per machine, mapping its nodes to the parameters; the connector finds them at its next poll. */
async function addModules(db: Kysely<DB>, companyId: number, deviceIds: number[], machines: Machine[]): Promise<number[]> {
  const sensors = await db
    .insertInto('sensors')
    .values(
      deviceIds.map((deviceId, i) => ({
        company_id: companyId,
        device_id: deviceId,
        name: `Machine ${i}`,
        serial_number: `OPCUA-BENCH-${i}`,
        security_code: '',
        protocol: 'opcua',
      })),
    )
    .returning('id')
    .execute();
  const mapping = (m: number) =>
    Array.from({ length: NODES }, (_, k) => ({
      kind: 'value',
      nodeId: nodeIdOf(m, k),
      parameter: FIRST_PARAMETER + k,
      multiplier: 1,
      offset: 0,
      workValues: [],
      activeValues: [],
    }));
  await db
    .insertInto('opcua_modules')
    .values(
      sensors.map((sensor, i) => ({
        sensor_id: sensor.id,
        endpoint_url: `opc.tcp://127.0.0.1:${machines[i]!.port}`,
        security_mode: 'None',
        security_policy: 'None',
        sampling_interval_ms: 1000,
        mapping: JSON.stringify(mapping(i)),
      })),
    )
    .execute();
  return sensors.map((s) => s.id);
}

/** The server process's CPU seconds (user + system) so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** CPU share of one core and peak RSS of the server over `ms`. */
async function observe(server: BenchServer, ms: number): Promise<{ cpu: number; rssPeak: number; rssEnd: number }> {
  const cpuBefore = cpuSeconds(server.pid);
  const began = performance.now();
  let rssPeak = server.rss();
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rss())), 1000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  clearInterval(sampler);
  const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - began) / 1000);
  return { cpu, rssPeak, rssEnd: server.rss() };
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_opcua');
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 2 });
  const machines: Machine[] = [];
  const servers: OPCUAServer[] = [];
  let server: BenchServer | null = null;
  let changer: NodeJS.Timeout | null = null;
  try {
    await migrate(database);
    const db = database.db;
    const { companyId, deviceIds } = await createDevices(db);
    const pki = mkdtempSync(path.join(tmpdir(), 'gw-bench-opcua-pki-'));
    progress(`starting ${MACHINES} machines × ${NODES} nodes on ${SERVERS} node-opcua servers`);
    const rssMachinesBefore = process.memoryUsage().rss;
    // One after the other: the first creates the servers' certificate, the others use it.
    for (let s = 0; s < SERVERS; s++) {
      const indexes = Array.from({ length: MACHINES }, (_, m) => m).filter((m) => m % SERVERS === s);
      const started = await startServerOf(indexes, pki);
      servers.push(started.server);
      indexes.forEach((m, i) => (machines[m] = started.machines[i]!));
    }
    const machineRss = process.memoryUsage().rss - rssMachinesBefore;

    // Every node changes every CHANGE_MS, the machines spread over the period; each change at a whole millisecond.
    const changes: { machine: number; at: number }[] = [];
    let tick = 0;
    const started = Date.now();
    const slots = Math.max(1, Math.round(CHANGE_MS / 100));
    changer = setInterval(() => {
      const slot = tick++ % slots;
      const at = Date.now();
      for (let m = slot; m < machines.length; m += slots) {
        const machine = machines[m]!;
        machine.variables.forEach((variable, k) =>
          variable.setValueFromSource(new Variant({ dataType: DataType.Double, value: (at - started) / 1000 + k }), StatusCodes.Good, new Date(at)),
        );
        changes.push({ machine: m, at });
      }
    }, 100);

    const logFile = path.join(tmpdir(), `gw-bench-opcua-${process.pid}.log`);
    server = await startServer({ databaseUrl: scratch.url, logFile, env: { DEMO: 'off', LOG_LEVEL: 'warn' } });
    // The first seconds after ready are the server's own start (the job runner's first rounds): not the baseline.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    progress(`server ready (log ${logFile}); baseline ${BASELINE_MS / 1000} s without modules`);
    const baseline = await observe(server, BASELINE_MS);

    const sensorIds = await addModules(db, companyId, deviceIds, machines);
    progress('modules added; waiting for every session');
    const connectedSince = performance.now();
    for (;;) {
      const row = await db
        .selectFrom('opcua_modules')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('connection_state', '=', 'connected')
        .executeTakeFirstOrThrow();
      if (Number(row.n) === MACHINES) break;
      if (performance.now() - connectedSince > 10 * 60_000) throw new Error(`only ${row.n} of ${MACHINES} modules connected in 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const connectSeconds = (performance.now() - connectedSince) / 1000;
    progress(`all ${MACHINES} connected in ${connectSeconds.toFixed(1)} s; measuring ${MINUTES} min`);

    // The window: changes made in it must all be stored. Latency of node 0 of each machine, polled every 250 ms.
    const windowFrom = Date.now() + 2000;
    const windowTo = windowFrom + MINUTES * 60_000;
    const latencies: number[] = [];
    const pendingOf = new Map<number, number[]>();
    const deviceOfMachine = new Map(deviceIds.map((id, i) => [id, i]));
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const change of changes.splice(0)) {
          if (change.at < windowFrom || change.at >= windowTo) continue;
          const list = pendingOf.get(change.machine) ?? [];
          list.push(change.at);
          pendingOf.set(change.machine, list);
        }
        const rows = await sql<{ device_id: number; last: Date }>`
          select k.d as device_id, r.ts as last from unnest(${deviceIds}::int4[]) as k (d)
          cross join lateral (select ts from readings where device_id = k.d and parameter_number = ${FIRST_PARAMETER} order by ts desc limit 1) r`.execute(db);
        const answeredAt = Date.now();
        for (const row of rows.rows) {
          const machine = deviceOfMachine.get(Number(row.device_id))!;
          const last = new Date(row.last).getTime();
          const list = pendingOf.get(machine) ?? [];
          while (list.length > 0 && list[0]! <= last) latencies.push(answeredAt - list.shift()!);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, windowFrom - Date.now()));
    const loaded = await observe(server, windowTo - Date.now());
    // What was changed in the window has 15 s more to be stored before it is counted.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    polling = false;
    await poller;
    clearInterval(changer);
    changer = null;

    const changesInWindow = latencies.length + [...pendingOf.values()].reduce((sum, list) => sum + list.length, 0);
    const expectedValues = changesInWindow * NODES;
    const stored = Number(
      (
        await sql<{ n: string }>`select count(*) as n from readings where sensor_id = any(${sensorIds}::int[])
          and ts >= ${new Date(windowFrom)} and ts < ${new Date(windowTo)}`.execute(db)
      ).rows[0]?.n ?? 0,
    );
    const sorted = latencies.sort((a, b) => a - b);
    const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]?.v;
    const cpu = os.cpus();
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
    console.log(
      `\nOPC UA connector benchmark · ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length} · PostgreSQL ${version} · Node ${process.version} · load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `${MACHINES} machines × ${NODES} nodes (an endpoint each, on ${SERVERS} node-opcua servers in the benchmark's process, ${mb(machineRss)} there), sampling 1 s, every node changing every ${CHANGE_MS / 1000} s: ${formatRate((MACHINES * NODES * 1000) / CHANGE_MS)} values offered; all sessions up ${connectSeconds.toFixed(1)} s after the modules were added`,
    );
    console.log(
      `every value stored: ${stored.toLocaleString('en-US')} readings of ${expectedValues.toLocaleString('en-US')} values changed in the ${MINUTES}-min window (${stored === expectedValues ? 'all' : `${expectedValues - stored} missing`}; budget: all)`,
    );
    console.log(
      `value change → stored (node 0 of each machine, ${sorted.length.toLocaleString('en-US')} changes; database polled every 250 ms): p50 ${percentile(sorted, 50).toFixed(0)} ms · p95 ${percentile(sorted, 95).toFixed(0)} ms (budget 2,000) · p99 ${percentile(sorted, 99).toFixed(0)} ms · max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms · not stored 15 s after the window ${changesInWindow - sorted.length}`,
    );
    console.log(
      `server CPU, share of one core: ${pct(baseline.cpu)} baseline (no modules) · ${pct(loaded.cpu)} with the ${MACHINES} sessions · the connector's share ${pct(loaded.cpu - baseline.cpu)} (budget: instance < 50 %)`,
    );
    console.log(
      `server RSS: ${mb(baseline.rssEnd)} baseline · ${mb(loaded.rssPeak)} peak with the sessions · growth ${mb(loaded.rssPeak - baseline.rssEnd)} (budget 300 MB)`,
    );
  } finally {
    if (changer) clearInterval(changer);
    await server?.stop();
    for (const opcuaServer of servers) await opcuaServer.shutdown(0);
    await database.close();
    await scratch.drop();
  }
}

await main();

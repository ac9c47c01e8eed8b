/**
 * The live screens' budgets (issue 19, docs/production.md "Numbers"): 50 open live screens (display-link streams)
 * of 50 views on 100 devices, with every device's module sending a batch every 2 s through `POST /api/ingest`:
 * (a) from a reading's commit (its ingest call's answer) to the screen's state showing it: p95 < 5 s;
 * (b) the server process's CPU spent for the screens: the same ingest with and without the screens open, in one run
 *     (phases alternating without → with → without → with → without), the difference as a share of one core: < 20 %.
 * The app runs in this process on a scratch PostgreSQL database; modules and screens in a child process
 * (screen-clients.ts), so this process's CPU is the server's. The database server's own CPU is not counted.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:production -- [--screens 50] [--devices 100] [--seconds 30] [--interval 2000] [--history 480] [--pairs 2]
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { testConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { createApp } from '../../server/src/app.ts';
import { createServices } from '../../server/src/services.ts';
import { hashDisplayToken, newDisplayToken } from '../../server/src/production-views/display-token.ts';
import { createScratchDatabase, flag } from '../support/scratch-database.ts';
import { percentile } from '../support/server.ts';

const SCREENS = flag('screens', 50);
const DEVICES = flag('devices', 100);
const SECONDS = flag('seconds', 30);
const INTERVAL = flag('interval', 2000);
const HISTORY_MINUTES = flag('history', 8 * 60);
const PAIRS = flag('pairs', 2);

type Reply = { kind: string; [key: string]: unknown };

/** Sends the child a message and waits for its answer of `kind`. */
function ask(child: ChildProcess, message: object, kind: string): Promise<Reply> {
  return new Promise((resolve) => {
    const onMessage = (reply: Reply) => {
      if (reply.kind !== kind) return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** The server process's CPU (user + system) during `work`, in milliseconds and as a share of one core of its wall time. */
async function cpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number; share: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const wallMs = performance.now() - started;
  return { result, cpuMs, wallMs, share: cpuMs / wallMs };
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_production');
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  let child: ChildProcess | null = null;
  try {
    await migrate(database);
    const db = database.db;
    const config = testConfig({ DATABASE_URL: scratch.url });
    const services = await createServices(db, config);
    const app = await createApp({ config, database, services });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    services.jobs.start();

    // One company (Warsaw, shifts 06–14, 14–22), a type with work, active and a counter, 100 devices with modules.
    const company = await db.insertInto('companies').values({ name: 'Bench', timezone: 'Europe/Warsaw' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('production_shifts')
      .values([
        { company_id: company.id, position: 0, name: 'Morning', hour_start: 6, hour_end: 14 },
        { company_id: company.id, position: 1, name: 'Afternoon', hour_start: 14, hour_end: 22 },
      ])
      .execute();
    const type = await db.insertInto('device_types').values({ name: 'Bench press' }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('parameters')
      .values([
        { device_type_id: type.id, number: 1, name: 'work', tags: ['effective work time'], aggregation: 'sum' },
        { device_type_id: type.id, number: 2, name: 'active', tags: ['device active'], aggregation: 'sum' },
        { device_type_id: type.id, number: 3, name: 'pieces', tags: [], aggregation: 'sum' },
      ])
      .execute();
    const devices: { id: number; serial: string }[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const device = await db
        .insertInto('devices')
        .values({ company_id: company.id, device_type_id: type.id, name: `Press ${i + 1}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const serial = `BENCHPV${i + 1}`;
      const sensor = await db
        .insertInto('sensors')
        .values({ company_id: company.id, device_id: device.id, name: `Module ${i + 1}`, serial_number: serial, security_code: 'CODE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      devices.push({ id: device.id, serial });
      // History since the period's start: a batch a minute for HISTORY_MINUTES (the rollup's buckets the screens read).
      const start = Date.now() - HISTORY_MINUTES * 60_000;
      const readings = Array.from({ length: HISTORY_MINUTES }, (_, m) => start + m * 60_000).flatMap((t) => [
        { parameter: 1, ts: new Date(t), value: 45 },
        { parameter: 2, ts: new Date(t), value: 60 },
        { parameter: 3, ts: new Date(t), value: 2 },
      ]);
      await services.ingest.ingest(
        { sensorId: sensor.id, serialNumber: serial, companyId: company.id, deviceId: device.id, timezone: 'Europe/Warsaw' },
        { readings, positions: [], events: [] },
      );
    }
    // 50 views of two lines each (a counter and efficiency, or work and the counter), reset at 06, 14 and 22; one
    // display link each.
    const tokens: string[] = [];
    const viewIds: number[] = [];
    for (let v = 0; v < SCREENS; v++) {
      const view = await db
        .insertInto('production_views')
        .values({
          company_id: company.id,
          name: `Line pair ${v + 1}`,
          view_type: 'columns',
          reset_hours: [6, 14, 22],
          logo: Buffer.alloc(20_000, 7),
          logo_type: 'image/png',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      viewIds.push(view.id);
      const [first, second] = [devices[(2 * v) % DEVICES]!, devices[(2 * v + 1) % DEVICES]!];
      await db
        .insertInto('production_view_lines')
        .values([
          { company_id: company.id, view_id: view.id, position: 0, label: 'Pieces', device_id: first.id, parameter: 3, goal: 900 },
          { company_id: company.id, view_id: view.id, position: 1, label: 'Efficiency', device_id: second.id, parameter: v % 2 ? 1 : 0, goal: 80 },
        ])
        .execute();
      const token = newDisplayToken();
      await db
        .insertInto('production_view_display_links')
        .values({ company_id: company.id, view_id: view.id, token_sha256: hashDisplayToken(token) })
        .execute();
      tokens.push(token);
    }
    await sql`analyze`.execute(db);

    child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'screen-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    await ask(child, { kind: 'setup', url, devices }, 'ready');
    const run = async () =>
      (await ask(child!, { kind: 'run', durationMs: SECONDS * 1000, intervalMs: INTERVAL }, 'ran')) as Reply & {
        batches: number;
        failed: number;
        latencies: number[];
        unseen: number;
      };
    // Warm-up: the code paths and the connections, not measured.
    await ask(child, { kind: 'run', durationMs: 3000, intervalMs: INTERVAL }, 'ran');

    // How many states the screens were sent (a computation publishes one per view).
    let published = 0;
    const publish = services.events.publish.bind(services.events);
    services.events.publish = (topic, type, payload) => {
      published++;
      return publish(topic, type, payload);
    };
    // Phases alternate, without → with → without → with → without (--pairs), so a drift of the shared machine's load
    // falls on both sides alike.
    type Phase = Awaited<ReturnType<typeof cpuDuring<Awaited<ReturnType<typeof run>>>>>;
    const without: Phase[] = [await cpuDuring(run)];
    const withScreens: Phase[] = [];
    let statesSent = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const opened = await ask(child, { kind: 'open', tokens }, 'opened');
      if (opened.count !== SCREENS) throw new Error(`${String(opened.count)} of ${SCREENS} screens opened`);
      const publishedBefore = published;
      withScreens.push(await cpuDuring(run));
      statesSent += published - publishedBefore;
      await ask(child, { kind: 'close' }, 'closed');
      without.push(await cpuDuring(run));
    }

    // The computation itself, alone (no ingest, no screens): every view 20 times, all views in one call as a refresh does.
    const ROUNDS = 20;
    const alone = await cpuDuring(async () => {
      for (let round = 0; round < ROUNDS; round++) await services.productionLive.states(viewIds);
    });
    const perView = alone.cpuMs / (ROUNDS * viewIds.length);

    const sum = (phases: Phase[], of: (phase: Phase) => number) => phases.reduce((total, phase) => total + of(phase), 0);
    const latencies = withScreens.flatMap((phase) => phase.result.latencies).sort((a, b) => a - b);
    const unseen = sum(withScreens, (phase) => phase.result.unseen);
    const shareOf = (phases: Phase[]) => sum(phases, (phase) => phase.cpuMs) / sum(phases, (phase) => phase.wallMs);
    const baseline = shareOf(without);
    const screensShare = shareOf(withScreens) - baseline;
    // On a shared machine the phases may not ingest alike: the ingest's CPU per batch without screens, times the
    // batches of the phases with them, is what the ingest cost there; the rest is the screens'.
    const perBatch = sum(without, (phase) => phase.cpuMs) / sum(without, (phase) => phase.result.batches);
    const withBatches = sum(withScreens, (phase) => phase.result.batches);
    const screensByBatch = (sum(withScreens, (phase) => phase.cpuMs) - perBatch * withBatches) / sum(withScreens, (phase) => phase.wallMs);
    const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
    const ms = (value: number) => `${Math.round(value)} ms`;
    const list = (phases: Phase[]) => phases.map((phase) => pct(phase.share)).join(', ');
    const lines = [
      `production live screens bench (PostgreSQL, ${SCREENS} screens on ${DEVICES} devices, a batch per device every ${INTERVAL} ms, ${SECONDS} s per phase, ${HISTORY_MINUTES} min of history; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
      `ingest batches: without screens ${without.map((phase) => phase.result.batches).join(' + ')}, with screens ${withScreens.map((phase) => phase.result.batches).join(' + ')} (failed ${sum([...without, ...withScreens], (phase) => phase.result.failed)})`,
      `(a) reading's ingest answer → the screen's state showing it: ${latencies.length} readings, p50 ${ms(percentile(latencies, 50))} p95 ${ms(percentile(latencies, 95))} max ${ms(latencies[latencies.length - 1] ?? 0)}; not shown within 15 s after a phase: ${unseen}   budget p95 < 5 s`,
      `    ${statesSent} states published (${(statesSent / (SECONDS * PAIRS) / SCREENS).toFixed(2)} per screen and second; at most one computation per view per second)`,
      `(b) server process CPU (share of one core): phases without screens ${list(without)}; with ${SCREENS} screens ${list(withScreens)}: the screens ${pct(screensShare)} (ratio with/without ${(shareOf(withScreens) / baseline).toFixed(2)})   budget < 20 %`,
      `    per ingest batch: ${perBatch.toFixed(2)} ms of CPU without screens, ${(sum(withScreens, (phase) => phase.cpuMs) / withBatches).toFixed(2)} ms with them: the screens ${pct(screensByBatch)} of one core by that count`,
      `    computing one view's state alone: ${perView.toFixed(2)} ms of CPU (${viewIds.length} views at once, ${ROUNDS} times); at the ${(statesSent / (SECONDS * PAIRS)).toFixed(1)} states a second published above that is ${pct((perView * statesSent) / (SECONDS * PAIRS * 1000))} of one core`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    child.send({ kind: 'stop' });
    child = null;
    await services.jobs.stop();
    await app.close();
  } finally {
    child?.kill();
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

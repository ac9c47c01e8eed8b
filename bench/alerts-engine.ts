/**
 * The alert engine (issue 16, docs/alerts.md): (a) HTTP ingest into 100 devices watched by 200 enabled rules against
 * the same ingest into 100 devices no rule watches and against raw COPY, all in one run on one PostgreSQL, with the
 * job runner (and so the engine) running as in the server; (b) p95 from a reading's commit to its alert row for an
 * on-arrival rule; (c) a lastsync sweep over 10,000 devices.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/alerts-engine.ts [--readings 1000000] [--clients 2] [--batch-minutes 1250] [--sweep-devices 10000]
 */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { testConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import type { DB } from '../server/src/db/schema.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createApp } from '../server/src/app.ts';
import { createServices } from '../server/src/services.ts';
import { AlertEngine } from '../server/src/alert-engine/engine.ts';
import { createRepositories } from '../server/src/repositories.ts';
import { createScratchDatabase, flag, formatRate } from './support/scratch-database.ts';
import { percentile } from './support/server.ts';

const READINGS = flag('readings', 1_000_000);
const CLIENTS = flag('clients', 2);
const DEVICES = 100;
const SWEEP_DEVICES = flag('sweep-devices', 10_000);
const PARAMETERS = [1, 2, 3, 20, 21, 22, 23, 10003];
/** Minutes of a module's data per batch: 1,250 × 8 parameters = 10,000 readings, the batch of bench/ingest.ts. */
const BATCH_MINUTES = flag('batch-minutes', 1250);
const BATCH = BATCH_MINUTES * PARAMETERS.length;

interface Module {
  sensorId: number;
  deviceId: number;
  companyId: number;
  serial: string;
  code: string;
}

/** Every parameter once a minute; parameter 20 peaks at 61.0 once an hour (minute 59), the occasional breach. */
function batchReadings(batchIndex: number, origin: number): { p: number; t: number; v: number }[] {
  const readings: { p: number; t: number; v: number }[] = [];
  for (let minute = 0; minute < BATCH_MINUTES; minute++) {
    const t = origin + (batchIndex * BATCH_MINUTES + minute) * 60_000;
    for (const p of PARAMETERS) readings.push({ p, t, v: (minute % 60) + (p === 10003 ? 0 : p / 10) });
  }
  return readings;
}

async function company(db: Kysely<DB>, name: string, devices: number): Promise<{ id: number; userId: number; groupId: number; modules: Module[] }> {
  const { id } = await db.insertInto('companies').values({ name, timezone: 'Europe/Warsaw' }).returning('id').executeTakeFirstOrThrow();
  const type = await db
    .insertInto('device_types')
    .values({ name: `${name} type` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values(PARAMETERS.map((number) => ({ device_type_id: type.id, number, name: `p${number}`, tags: [], aggregation: number === 20 ? 'avg' : 'sum' })))
    .execute();
  const user = await db
    .insertInto('users')
    .values({ company_id: id, username: `${name}-user`, email: `${name}@bench.example`, firstname: 'B', lastname: 'U', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    with d as (insert into devices (company_id, device_type_id, name) select ${id}, ${type.id}, ${name} || '-' || g from generate_series(1, ${devices}) g returning id, name)
    insert into sensors (company_id, device_id, name, serial_number, security_code) select ${id}, d.id, d.name, upper(replace(d.name, ' ', '')), 'CODE' from d`.execute(
    db,
  );
  const group = await db
    .insertInto('device_groups')
    .values({ company_id: id, name: `${name} all` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into device_group_devices (company_id, device_group_id, device_id) select ${id}, ${group.id}, id from devices where company_id = ${id}`.execute(
    db,
  );
  const modules = (
    await sql<Module>`select id as "sensorId", device_id as "deviceId", company_id as "companyId", serial_number as serial, security_code as code
      from sensors where company_id = ${id} order by id`.execute(db)
  ).rows;
  return { id, userId: user.id, groupId: group.id, modules };
}

async function rule(
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  type: string,
  condition: object | null,
  target: { groupId?: number; deviceId?: number },
): Promise<number> {
  const { id } = await db
    .insertInto('alert_rules')
    .values({ company_id: companyId, name: `${type} ${Math.random()}`, type, importance: 'warning' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (condition)
    await db
      .insertInto('alert_rule_conditions')
      .values({ company_id: companyId, rule_id: id, position: 0, condition: JSON.stringify(condition) })
      .execute();
  if (target.groupId) await db.insertInto('alert_rule_device_groups').values({ company_id: companyId, rule_id: id, device_group_id: target.groupId }).execute();
  if (target.deviceId) await db.insertInto('alert_rule_devices').values({ company_id: companyId, rule_id: id, device_id: target.deviceId }).execute();
  await db.insertInto('alert_rule_users').values({ company_id: companyId, rule_id: id, user_id: userId }).execute();
  return id;
}

const auth = (m: Module) => `Basic ${Buffer.from(`${m.serial}:${m.code}`).toString('base64')}`;

async function timed(action: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await action();
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_alerts');
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  try {
    await migrate(database);
    const db = database.db;
    const config = testConfig({ DATABASE_URL: scratch.url });
    const services = await createServices(db, config);
    const app = await createApp({ config, database, services });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    services.jobs.start();

    const watched = await company(db, 'Watched', DEVICES);
    const unwatched = await company(db, 'Unwatched', DEVICES);
    const copied = await company(db, 'Copied', DEVICES);
    // 200 enabled rules on the 100 watched devices: 20 value rules that breach once an hour, 100 that never do,
    // 20 charging, 20 geolocation (no positions come), 20 authentication (no cards), 20 work without operator
    // (work without a card all the time: one alert per device, repeating).
    const each = (n: number, type: string, condition: (i: number) => object | null) =>
      Promise.all(Array.from({ length: n }, (_, i) => rule(db, watched.id, watched.userId, type, condition(i), { groupId: watched.groupId })));
    await each(20, 'value', (i) => ({ variable: 20, operator: 'gt', argument: 60.5 + i / 100, date_interval: '10m' }));
    await each(100, 'value', (i) => ({ variable: 21, operator: 'gt', argument: 1000 + i, date_interval: '60m' }));
    await each(20, 'charging', (i) => ({ variable: 10003, operator: 'gt', argument: 500 + i, date_interval: '60m' }));
    const square = [
      [19, 52],
      [19.01, 52],
      [19.01, 52.01],
      [19, 52.01],
      [19, 52],
    ];
    await each(20, 'geolocation', () => ({ polygon: square, geofence: 'leave' }));
    await each(20, 'authentication', () => null);
    await each(20, 'work-without-operator', () => null);

    const now = new Date();
    const origin = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const batches = Math.ceil(READINGS / BATCH);
    const plan = Array.from({ length: batches }, (_, i) => [i % DEVICES, Math.floor(i / DEVICES)] as const);
    // The month partitions, once, so no run pays for them.
    for (let month = 0; month < 2; month++) {
      const m = unwatched.modules[0]!;
      await services.ingest.ingest(await services.ingest.authenticate(m.serial, m.code), {
        readings: [{ parameter: 9999, ts: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 + month, 1, 0, 0, 30)), value: 0 }],
        positions: [],
        events: [],
      });
    }

    const post = async (modules: Module[]) => {
      const bodies = plan.map(([device, batch]) => ({ module: modules[device]!, body: JSON.stringify({ readings: batchReadings(batch, origin) }) }));
      let next = 0;
      return timed(async () => {
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (next < bodies.length) {
              const { module, body } = bodies[next++]!;
              const response = await fetch(`${address}/api/ingest`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: auth(module) },
                body,
              });
              if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
            }
          }),
        );
      });
    };
    const drained = async () => {
      const started = performance.now();
      for (;;) {
        const { n } = (await sql<{ n: number }>`select count(*)::int as n from alert_arrivals`.execute(db)).rows[0]!;
        if (n === 0) return (performance.now() - started) / 1000;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const copySeconds = await timed(async () => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      function* lines() {
        for (const [device, batch] of plan) {
          const m = copied.modules[device]!;
          let chunk = '';
          for (const r of batchReadings(batch, origin))
            chunk += `${m.companyId}\t${m.deviceId}\t${m.sensorId}\t${r.p}\t${new Date(r.t).toISOString()}\t${r.v}\n`;
          yield chunk;
        }
      }
      await pipeline(
        Readable.from(lines()),
        client.query(copyFrom('copy readings (company_id, device_id, sensor_id, parameter_number, ts, value) from stdin')),
      );
      await client.end();
    });
    const noRulesSeconds = await post(unwatched.modules);
    await drained();
    const rulesSeconds = await post(watched.modules);
    const catchUp = await drained();
    const total = plan.length * BATCH;
    const alertCount = (await sql<{ n: number; c: number }>`select count(*)::int as n, coalesce(sum(counter), 0)::int as c from alerts`.execute(db)).rows[0]!;

    // (b) commit → alert row: single breaching readings on a device with a value rule, one at a time.
    const probe = watched.modules[0]!;
    const probeRule = await rule(
      db,
      watched.id,
      watched.userId,
      'value',
      { variable: 3, operator: 'gt', argument: 5000, date_interval: '10m' },
      { deviceId: probe.deviceId },
    );
    const latencies: number[] = [];
    const start = Date.now() - 30 * 60_000;
    for (let i = 0; i < 60; i++) {
      const breach = start + i * 20_000;
      for (const [t, v] of [
        [breach, 9000],
        [breach + 10_000, 0],
      ] as const) {
        const response = await fetch(`${address}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: auth(probe) },
          body: JSON.stringify({ readings: [{ p: 3, t, v }] }),
        });
        if (response.status !== 200) throw new Error(`probe answered ${response.status}`);
        const committed = performance.now();
        if (v === 0) continue;
        for (;;) {
          const found = await sql`select 1 from alerts where rule_id = ${probeRule} and started_at = ${new Date(t)}`.execute(db);
          if (found.rows.length) break;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        latencies.push(performance.now() - committed);
      }
      // The clearing reading ends the alert before the next breach opens a new one.
      await drained();
    }
    latencies.sort((a, b) => a - b);
    await services.jobs.stop();

    // (c) lastsync over 10,000 devices: half silent for two hours, half in contact a minute ago.
    const fleet = await company(db, 'Fleet', SWEEP_DEVICES);
    await sql`insert into sensor_state (sensor_id, company_id, last_contact_at)
      select id, company_id, now() - case when id % 2 = 0 then interval '2 hours' else interval '1 minute' end from sensors where company_id = ${fleet.id}`.execute(
      db,
    );
    await rule(db, fleet.id, fleet.userId, 'lastsync', { argument: 60 }, { groupId: fleet.groupId });
    const engine = new AlertEngine(db, createRepositories);
    const firstSweep = await timed(() => db.transaction().execute(async (trx) => void (await engine.tick(trx))));
    const opened = (
      await sql<{ n: number }>`select count(*)::int as n from alerts a join devices d on d.id = a.device_id where d.company_id = ${fleet.id}`.execute(db)
    ).rows[0]!.n;
    const secondSweep = await timed(() => db.transaction().execute(async (trx) => void (await engine.tick(trx))));

    const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]?.v;
    const rate = (seconds: number) => total / seconds;
    console.log(
      `\nAlert engine benchmark · PostgreSQL ${version} · ${total.toLocaleString('en-US')} readings per path · batches of ${BATCH} (${BATCH_MINUTES} min of 8 parameters) · ${CLIENTS} HTTP clients · runner on`,
    );
    console.log('(a) path                                  seconds   rate');
    console.log(`    raw COPY (raw rows only)            ${copySeconds.toFixed(2).padStart(8)}   ${formatRate(rate(copySeconds))}`);
    console.log(`    HTTP ingest, no rules               ${noRulesSeconds.toFixed(2).padStart(8)}   ${formatRate(rate(noRulesSeconds))}`);
    console.log(`    HTTP ingest, 200 rules × 100 devices${rulesSeconds.toFixed(2).padStart(8)}   ${formatRate(rate(rulesSeconds))}`);
    console.log(
      `    with rules ÷ no rules: ${(noRulesSeconds / rulesSeconds).toFixed(2)} (≥ 0.80)   with rules ÷ raw COPY: ${(copySeconds / rulesSeconds).toFixed(2)} (≥ 0.30)`,
    );
    console.log(`    engine behind after the last answer: ${catchUp.toFixed(2)} s; ${alertCount.n} alerts, ${alertCount.c} occurrences`);
    console.log(
      `(b) commit → alert row, value rule, ${latencies.length} breaches: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms (< 2000)`,
    );
    console.log(
      `(c) lastsync sweep over ${SWEEP_DEVICES.toLocaleString('en-US')} devices: first ${firstSweep.toFixed(2)} s (opened ${opened} alerts), next ${secondSweep.toFixed(2)} s (< 5 s)`,
    );
    await app.close();
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await main();

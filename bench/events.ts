/**
 * The event stream's budgets (issue 17, docs/performance.md "Event stream"):
 * (a) 1,000 open `GET /api/events` streams on one instance: the server process's RSS growth (< 100 MB);
 * (b) one alert fanned out to 1,000 users, each with a stream: from the alert's commit to the last stream's event (< 1 s);
 * (c) from a breaching reading's `POST /api/ingest` answer to the `alert` event in a client (p95 < 2 s), with the
 *     1,000 streams open and the rule's 1,000 users told each time.
 * The app and its job runner run in this process on a scratch PostgreSQL database (as in the server); the clients in
 * a child process (bench/support/event-clients.ts), so this process's memory is the server's.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx --expose-gc bench/events.ts [--streams 1000] [--rounds 5] [--breaches 30]
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { testConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createApp } from '../server/src/app.ts';
import { createServices } from '../server/src/services.ts';
import { AccessTokens } from '../server/src/security/tokens.ts';
import { createScratchDatabase, flag } from './support/scratch-database.ts';
import { percentile } from './support/server.ts';

const STREAMS = flag('streams', 1000);
const ROUNDS = flag('rounds', 5);
const BREACHES = flag('breaches', 30);
const SECRET = 'bench-events-secret-0123456789-abcdefghijklmnop';

interface AllReceived {
  kind: 'all';
  alertId: number;
  alertKind: string;
  first: number;
  last: number;
}

const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** The child's reports, taken in order by what they are about. */
class Reports {
  private readonly queue: AllReceived[] = [];
  private waiter: (() => void) | null = null;

  constructor(child: ChildProcess) {
    child.on('message', (message: AllReceived | { kind: string }) => {
      if (message.kind !== 'all') return;
      this.queue.push(message as AllReceived);
      this.waiter?.();
    });
  }

  async next(alertKind: string, timeoutMs = 30_000): Promise<AllReceived> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.queue.findIndex((r) => r.alertKind === alertKind);
      if (index >= 0) return this.queue.splice(index, 1)[0]!;
      if (Date.now() > deadline) throw new Error(`no stream-wide '${alertKind}' event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_events');
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  let child: ChildProcess | null = null;
  try {
    await migrate(database);
    const db = database.db;
    const config = testConfig({ DATABASE_URL: scratch.url, JWT_SECRET: SECRET, ACCESS_TOKEN_TTL_SECONDS: 3600 });
    const services = await createServices(db, config);
    const app = await createApp({ config, database, services });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    services.jobs.start();

    // One company, one device with its module, 1,000 users all assigned to one value rule on it.
    const company = await db.insertInto('companies').values({ name: 'Bench', timezone: 'Europe/Warsaw' }).returning('id').executeTakeFirstOrThrow();
    const type = await db.insertInto('device_types').values({ name: 'Bench type' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('parameters').values({ device_type_id: type.id, number: 3, name: 'counter', tags: [], aggregation: 'sum' }).execute();
    const device = await db
      .insertInto('devices')
      .values({ company_id: company.id, device_type_id: type.id, name: 'Bench device' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sensors')
      .values({ company_id: company.id, device_id: device.id, name: 'Bench module', serial_number: 'BENCH1', security_code: 'CODE' })
      .execute();
    const users = (
      await sql<{ id: number }>`insert into users (company_id, username, email, firstname, lastname, password_hash)
        select ${company.id}, 'bench' || g, 'bench' || g || '@bench.example', 'B', 'U' || g, 'x' from generate_series(1, ${STREAMS}) g returning id`.execute(db)
    ).rows.map((r) => r.id);
    const rule = await db
      .insertInto('alert_rules')
      .values({ company_id: company.id, name: 'Bench rule', type: 'value', importance: 'warning' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('alert_rule_conditions')
      .values({
        company_id: company.id,
        rule_id: rule.id,
        position: 0,
        condition: JSON.stringify({ variable: 3, operator: 'gt', argument: 5000, date_interval: '10m' }),
      })
      .execute();
    await db.insertInto('alert_rule_devices').values({ company_id: company.id, rule_id: rule.id, device_id: device.id }).execute();
    await sql`insert into alert_rule_users (company_id, rule_id, user_id) select ${company.id}, ${rule.id}, unnest(${users}::int[])`.execute(db);
    const signer = new AccessTokens(SECRET, 3600);
    const tokens = await Promise.all(users.map((userId) => signer.sign({ userId, companyId: company.id })));
    // The month's partition and the code paths warmed up before the baseline.
    const ingest = async (t: number, v: number) => {
      const response = await fetch(`${url}/api/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('BENCH1:CODE').toString('base64')}` },
        body: JSON.stringify({ readings: [{ p: 3, t, v }] }),
      });
      if (response.status !== 200) throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
      return now();
    };
    await ingest(Date.now() - 3 * 3_600_000, 1);

    // (a) memory of 1,000 open streams.
    gc();
    await new Promise((resolve) => setTimeout(resolve, 500));
    gc();
    const before = process.memoryUsage();
    child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'event-clients.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    const reports = new Reports(child);
    const opened = new Promise<{ count: number; failed: number }>((resolve) =>
      child!.on('message', (m: { kind: string; count: number; failed: number }) => m.kind === 'opened' && resolve(m)),
    );
    const openStarted = now();
    child.send({ url, tokens });
    const { count, failed } = await opened;
    const openSeconds = (now() - openStarted) / 1000;
    await services.events.settled();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 500));
    gc();
    const after = process.memoryUsage();
    if (failed > 0 || services.events.size !== STREAMS) throw new Error(`${failed} streams failed; the hub holds ${services.events.size}`);

    // (c) ingest answer → the alert event, 1,000 streams told each time. Before (b): the engine skips data older than
    // the last alert of the rule and device, and (b)'s alerts end now.
    const latencies: { first: number; last: number }[] = [];
    const start = Date.now() - 30 * 60_000;
    for (let i = 0; i < BREACHES; i++) {
      const breach = start + i * 20_000;
      const answered = await ingest(breach, 9000);
      const all = await reports.next('opened');
      latencies.push({ first: all.first - answered, last: all.last - answered });
      // The clearing reading ends it before the next breach opens a new one.
      await ingest(breach + 10_000, 0);
      await reports.next('ended');
    }
    // (b) one alert to 1,000 users: written as the engine writes it (in the runner's turn), the runner woken.
    const fanOuts: { first: number; last: number; feed: number }[] = [];
    // When the change feed's transaction (the listener's 2,000 events with it) committed: the split of (b)'s time.
    let feedCommitted = 0;
    const drain = services.alertChanges.drain.bind(services.alertChanges);
    services.alertChanges.drain = async () => {
      const handled = await drain();
      if (handled > 0) feedCommitted = now();
      return handled;
    };
    for (let round = 0; round < ROUNDS; round++) {
      const startedAt = new Date(Date.now() - 60_000);
      const committed = now();
      const alert = await db
        .insertInto('alerts')
        .values({
          company_id: company.id,
          source: 'rule',
          rule_id: rule.id,
          device_id: device.id,
          importance: 'warning',
          started_at: startedAt,
          last_at: startedAt,
          message_key: 'alert.message.value',
          message_params: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const written = now();
      services.jobs.wake();
      const all = await reports.next('opened');
      if (all.alertId !== alert.id) throw new Error('a stream-wide event of another alert');
      fanOuts.push({ first: all.first - written, last: all.last - written, feed: feedCommitted - written });
      void committed;
      await db.updateTable('alerts').set({ ended_at: new Date() }).where('id', '=', alert.id).execute();
      services.jobs.wake();
      await reports.next('ended');
    }

    const events = (await sql<{ n: number }>`select count(*)::int as n from user_events`.execute(db)).rows[0]!.n;

    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const firstFan = sorted(fanOuts.map((f) => f.first));
    const lastFan = sorted(fanOuts.map((f) => f.last));
    const feed = sorted(fanOuts.map((f) => f.feed));
    const firstLat = sorted(latencies.map((l) => l.first));
    const lastLat = sorted(latencies.map((l) => l.last));
    const load = (await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const lines = [
      `event stream bench (PostgreSQL, ${STREAMS} streams, load average ${load})`,
      `(a) ${count} streams opened in ${openSeconds.toFixed(1)} s; server RSS ${mb(before.rss)} → ${mb(after.rss)}: growth ${mb(after.rss - before.rss)} (${((after.rss - before.rss) / STREAMS / 1024).toFixed(1)} KB per stream; heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)})   budget < 100 MB`,
      `(b) one alert to ${STREAMS} users, commit → event, ${ROUNDS} rounds: first stream median ${ms(percentile(firstFan, 50))}, last stream median ${ms(percentile(lastFan, 50))}, max ${ms(lastFan[lastFan.length - 1]!)}   budget < 1 s`,
      `    of which the change feed's transaction (the listener writing ${2 * STREAMS} events) committed after a median ${ms(percentile(feed, 50))}`,
      `(c) ingest answer → alert event, ${BREACHES} breaches (each to ${STREAMS} users): first stream p50 ${ms(percentile(firstLat, 50))} p95 ${ms(percentile(firstLat, 95))} max ${ms(firstLat[firstLat.length - 1]!)}; last stream p50 ${ms(percentile(lastLat, 50))} p95 ${ms(percentile(lastLat, 95))}   budget p95 < 2 s`,
      `    ${events} events in the log (an alert and an alarm-total event per user and change)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    child.send('stop');
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

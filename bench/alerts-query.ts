/**
 * Alert list and badge latency (ARCHITECTURE §8: p95 under 50 ms): a company with 100 devices, 20 users and 200
 * rules gets 1,000,000 alerts over 90 days, written by one generate_series INSERT (most ended or confirmed, one open
 * alert per rule and device at most, as the engine keeps them; 2 % requirement alerts). Then the calls the alert
 * screens and the header badge make are timed through HTTP with bearer tokens, each next to the same answer computed
 * by hand-written SQL in the same run (the page's rows and its count up to ALERT_LIST_TOTAL_LIMIT; the badge's count
 * and level):
 *
 *   - `GET /api/alerts` first page, by a manager assigned to every rule (sees every alert of the company);
 *   - the same user's page filtered on status, importance, a device and a week of the company's days;
 *   - the first page of a user assigned to 20 rules (a tenth of the alerts) and alerted about 5 devices' requirements;
 *   - a super-admin's first page (every company);
 *   - `GET /api/alarms/total` for the manager and for the user who sees a subset.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/alerts-query.ts [--alerts 1000000] [--repetitions 50]
 *
 * The scratch database is created from DATABASE_URL's server and dropped at the end; `--keep` leaves it in place and
 * prints its name, `--reuse NAME` measures again on such a database without loading.
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ALERT_LIST_TOTAL_LIMIT, DEFAULT_WEB_CLIENT, alarmTotalSchema, alertListSchema } from '@gearwatch/contracts';
import { hashPassword } from '../server/src/security/passwords.ts';
import { testConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import type { DB } from '../server/src/db/schema.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { addDays, dateText, parseDate } from '../server/src/time/calendar.ts';
import { timeZone } from '../server/src/time/time-zone.ts';
import { createApp } from '../server/src/app.ts';
import { createServices } from '../server/src/services.ts';
import { createScratchDatabase, existingDatabase, flag } from './support/scratch-database.ts';

const ALERTS = flag('alerts', 1_000_000);
const REPETITIONS = flag('repetitions', 50);
const WARM_UP = 5;
const DEVICES = 100;
const USERS = 20;
const RULES = 200;
const DAYS = 90;
const TIMEZONE = 'Europe/Warsaw';
const PASSWORD = 'bench password 1';
const BUDGET_MS = 50;
const KEEP = process.argv.includes('--keep');
const REUSE = (() => {
  const index = process.argv.indexOf('--reuse');
  const name = index >= 0 ? process.argv[index + 1] : undefined;
  if (name !== undefined && !/^gw_bench_alerts_[0-9a-f]+$/.test(name))
    throw new Error(`--reuse takes a database this benchmark kept, e.g. gw_bench_alerts_1a2b3c4d; got ${name}`);
  return name;
})();

interface Cast {
  companyId: number;
  deviceIds: number[];
  /** Assigned to every rule. */
  manager: { id: number; username: string };
  /** Assigned to every tenth rule, alerted about five devices' requirements. */
  member: { id: number; username: string };
  root: { username: string };
}

/** Company, devices, users, rules and their assignments. */
async function createCast(db: Kysely<DB>): Promise<Cast> {
  const company = await db.insertInto('companies').values({ name: 'Alert bench', timezone: TIMEZONE }).returning('id').executeTakeFirstOrThrow();
  const other = await db.insertInto('companies').values({ name: 'Alert bench admins' }).returning('id').executeTakeFirstOrThrow();
  const type = await db.insertInto('device_types').values({ name: 'Alert bench machine' }).returning('id').executeTakeFirstOrThrow();
  const devices = await db
    .insertInto('devices')
    .values(Array.from({ length: DEVICES }, (_, i) => ({ company_id: company.id, device_type_id: type.id, name: `Machine ${String(i + 1).padStart(3, '0')}` })))
    .returning('id')
    .execute();
  const passwordHash = await hashPassword(PASSWORD);
  const user = (companyId: number, username: string, superAdmin = false) => ({
    company_id: companyId,
    username,
    email: `${username}@bench.test`,
    firstname: 'Bench',
    lastname: username,
    password_hash: passwordHash,
    is_super_admin: superAdmin,
  });
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: USERS }, (_, i) => user(company.id, `alerts${i + 1}`)))
    .returning(['id', 'username'])
    .execute();
  await db
    .insertInto('users')
    .values(user(other.id, 'alertsroot', true))
    .execute();
  const importances = ['info', 'warning', 'error'] as const;
  const rules = await db
    .insertInto('alert_rules')
    .values(
      Array.from({ length: RULES }, (_, i) => ({
        company_id: company.id,
        name: `Rule ${String(i + 1).padStart(3, '0')}`,
        type: 'value',
        importance: importances[i % 3]!,
      })),
    )
    .returning('id')
    .execute();
  const [manager, member] = users as [{ id: number; username: string }, { id: number; username: string }];
  // Every rule has two users of the 20 (spread), the manager all of them; the member gets every tenth rule.
  const assignments = new Map<string, { company_id: number; rule_id: number; user_id: number }>();
  rules.forEach((rule, i) => {
    for (const u of [manager, users[2 + (i % (USERS - 2))]!, users[2 + ((i + 7) % (USERS - 2))]!, ...(i % 10 === 0 ? [member] : [])]) {
      assignments.set(`${rule.id}:${u.id}`, { company_id: company.id, rule_id: rule.id, user_id: u.id });
    }
  });
  await db
    .insertInto('alert_rule_users')
    .values([...assignments.values()])
    .execute();
  await db
    .insertInto('alert_rule_devices')
    .values(rules.flatMap((rule) => devices.map((d) => ({ company_id: company.id, rule_id: rule.id, device_id: d.id }))))
    .execute();
  await db
    .insertInto('device_requirement_users')
    .values(devices.slice(0, 5).map((d) => ({ company_id: company.id, device_id: d.id, user_id: member.id })))
    .execute();
  return { companyId: company.id, deviceIds: devices.map((d) => d.id), manager, member, root: { username: 'alertsroot' } };
}

/** The cast of a database an earlier run kept. */
async function findCast(db: Kysely<DB>): Promise<Cast> {
  const company = await db.selectFrom('companies').select('id').where('name', '=', 'Alert bench').executeTakeFirstOrThrow();
  const devices = await db.selectFrom('devices').select('id').where('company_id', '=', company.id).orderBy('id').execute();
  const user = (username: string) => db.selectFrom('users').select(['id', 'username']).where('username', '=', username).executeTakeFirstOrThrow();
  return {
    companyId: company.id,
    deviceIds: devices.map((d) => d.id),
    manager: await user('alerts1'),
    member: await user('alerts2'),
    root: { username: 'alertsroot' },
  };
}

/**
 * The alerts, in one statement. Alert i is of rule i mod 200 on device ⌊i / 200⌋ mod 100, so each (rule, device)
 * pair has ALERTS / 20,000 alerts over the 90 days, in the order the engine would write them (the data's time rising
 * with i, give or take three hours); the newest of a tenth of the pairs are open (at most one per pair, as the unique
 * index demands), the rest ended, and 85 % of the ended ones confirmed. Every fiftieth is a requirement alert, all
 * ended.
 */
async function loadAlerts(db: Kysely<DB>, cast: Cast): Promise<void> {
  const pairs = RULES * DEVICES;
  await sql`
    with rule as (select id, importance, row_number() over (order by id) - 1 as n from alert_rules where company_id = ${cast.companyId}),
    device as (select id, row_number() over (order by id) - 1 as n from devices where company_id = ${cast.companyId}),
    series as (
      select i, (i % ${RULES}) as rule_n, ((i / ${RULES}) % ${DEVICES}) as device_n,
        -- a deterministic jitter in [0, 1): alerts are written roughly in the order of their data, hours apart at most
        ((i::bigint * 7919) % 1000003) / 1000003.0 as spread,
        i > ${ALERTS - pairs} and i % 10 = 0 and i % 50 <> 0 as open
      from generate_series(1, ${ALERTS}) as i)
    insert into alerts (company_id, source, rule_id, device_id, importance, started_at, last_at, ended_at, confirmed_at, counter, message_key, message_params)
    select ${cast.companyId},
      case when s.i % 50 = 0 then 'requirement' else 'rule' end,
      case when s.i % 50 = 0 then null else r.id end,
      d.id,
      case when s.i % 50 = 0 then 'warning' else r.importance end,
      t.started, t.started + interval '20 minutes',
      case when s.open then null else t.started + interval '1 hour' end,
      case when not s.open and s.i % 100 < 85 then t.started + interval '2 hours' end,
      1 + (s.i % 7),
      case when s.i % 50 = 0 then 'alert.message.requirement' else 'alert.message.value' end,
      jsonb_build_object('parameter', 'temperature', 'value', 80 + s.i % 20, 'unit', '°C', 'operator', 'gt', 'argument', 80)
    from series s
    join rule r on r.n = s.rule_n
    join device d on d.n = s.device_n
    cross join lateral (select now() - ((1 - s.i::float8 / ${ALERTS}) * interval '${sql.raw(String(DAYS))} days') - (s.spread * interval '3 hours') as started) t`.execute(
    db,
  );
  await sql`vacuum analyze alerts`.execute(db);
  await sql`analyze`.execute(db);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

async function measure(action: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i++) await action();
  const ms: number[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    const started = performance.now();
    await action();
    ms.push(performance.now() - started);
  }
  return ms;
}

const ms = (value: number) => value.toFixed(1);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const scratch = REUSE ? existingDatabase(REUSE) : await createScratchDatabase('gw_bench_alerts');
  const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 10 });
  try {
    const db = database.db;
    const settings = (
      await sql<{
        version: string;
        buffers: string;
      }>`select current_setting('server_version') as version, current_setting('shared_buffers') as buffers`.execute(db)
    ).rows[0]!;
    console.log(`Alert query benchmark · ${new Date().toISOString().slice(0, 10)}`);
    console.log(
      `machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} · ${os.cpus().length} cores · Node ${process.version} · PostgreSQL ${settings.version} (shared_buffers ${settings.buffers})`,
    );
    await migrate(database);
    const loadStarted = performance.now();
    const cast = REUSE ? await findCast(db) : await createCast(db);
    if (!REUSE) await loadAlerts(db, cast);
    const stored = (await sql<{ n: number }>`select count(*)::int as n from alerts`.execute(db)).rows[0]!.n;
    console.log(`${stored.toLocaleString('en-US')} alerts loaded and analysed in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

    const config = testConfig({ DATABASE_URL: scratch.url, ACCESS_TOKEN_TTL_SECONDS: 86_400 });
    const services = await createServices(db, config);
    const app = await createApp({ config, database, services });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const tokenOf = async (username: string) => {
      const response = await fetch(`${address}/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: DEFAULT_WEB_CLIENT.clientId,
          client_secret: DEFAULT_WEB_CLIENT.clientSecret,
          username,
          password: PASSWORD,
        }),
      });
      if (response.status !== 200) throw new Error(`sign-in of ${username} answered ${response.status}`);
      return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
    };
    const manager = await tokenOf(cast.manager.username);
    const member = await tokenOf(cast.member.username);
    const root = await tokenOf(cast.root.username);

    const zone = timeZone(TIMEZONE);
    const today = dateText(zone.dayOf(Date.now()));
    const weekFrom = addDays(today, -6);
    const device = cast.deviceIds[3]!;
    const filter = { status: 'ended', importance: 'error', device, from: weekFrom, to: today };
    const weekStart = new Date(zone.startOfDay(parseDate(weekFrom)));
    const weekEnd = new Date(zone.endOfDay(parseDate(today)));

    // The baselines: the page's rows and its count (up to the list's limit, as the list counts), and the badge's
    // counts, written by hand.
    const seesRule = (userId: number) => sql`a.company_id = ${cast.companyId} and (
      (a.source = 'rule' and a.rule_id in (select rule_id from alert_rule_users where user_id = ${userId}))
      or (a.source = 'requirement' and a.device_id in (select device_id from device_requirement_users where user_id = ${userId})))`;
    const page = async (where: ReturnType<typeof sql>) => {
      await sql`select a.id, a.started_at, a.importance, d.name, r.name from alerts a join devices d on d.id = a.device_id left join alert_rules r on r.id = a.rule_id
        where ${where} order by a.started_at desc, a.id limit 50`.execute(db);
      await sql`select count(*) from (select 1 from alerts a where ${where} limit ${ALERT_LIST_TOTAL_LIMIT}) limited`.execute(db);
    };
    const badge = (userId: number) =>
      sql`select count(*), max(case importance when 'info' then 1 when 'warning' then 2 else 3 end) from alerts a
      where ${seesRule(userId)} and a.confirmed_at is null and a.ended_at is null`.execute(db);

    const get = async (url: string, headers: Record<string, string>, schema: { parse(value: unknown): unknown }) => {
      const response = await fetch(`${address}${url}`, { headers });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      schema.parse(await response.json());
    };
    const cases: { name: string; call: () => Promise<unknown>; raw: () => Promise<unknown> }[] = [
      { name: 'alerts, first page (sees all)', call: () => get('/api/alerts', manager, alertListSchema), raw: () => page(seesRule(cast.manager.id)) },
      {
        name: 'alerts, filtered page (sees all)',
        call: () => get(`/api/alerts?filter=${encodeURIComponent(JSON.stringify(filter))}`, manager, alertListSchema),
        raw: () =>
          page(sql`${seesRule(cast.manager.id)} and a.confirmed_at is null and a.ended_at is not null and a.importance = 'error' and a.device_id = ${device}
            and a.started_at >= ${weekStart} and a.started_at < ${weekEnd}`),
      },
      { name: 'alerts, first page (sees a tenth)', call: () => get('/api/alerts', member, alertListSchema), raw: () => page(seesRule(cast.member.id)) },
      { name: 'alerts, first page (super-admin)', call: () => get('/api/alerts', root, alertListSchema), raw: () => page(sql`true`) },
      { name: 'alarms total (sees all)', call: () => get('/api/alarms/total', manager, alarmTotalSchema), raw: () => badge(cast.manager.id) },
      { name: 'alarms total (sees a tenth)', call: () => get('/api/alarms/total', member, alarmTotalSchema), raw: () => badge(cast.member.id) },
    ];
    console.log(`${REPETITIONS} repetitions after ${WARM_UP} warm-up calls; times in ms; load average ${loadAverage()} before measuring`);
    console.log('case                                   call p50    p95  raw SQL p50    p95');
    const over: string[] = [];
    for (const c of cases) {
      const call = await measure(c.call);
      const raw = await measure(c.raw);
      const p95 = percentile(call, 0.95);
      if (p95 >= BUDGET_MS) over.push(`${c.name} (${ms(p95)})`);
      console.log(
        `${c.name.padEnd(36)} ${ms(percentile(call, 0.5)).padStart(9)} ${ms(p95).padStart(6)} ${ms(percentile(raw, 0.5)).padStart(12)} ${ms(percentile(raw, 0.95)).padStart(6)}`,
      );
    }
    console.log(`load average after: ${loadAverage()}`);
    console.log(
      `\nBudget p95 < ${BUDGET_MS} ms at ${stored.toLocaleString('en-US')} alerts: ${cases.length - over.length} of ${cases.length} calls within${over.length ? `; over: ${over.join(', ')}` : ''}`,
    );
    await app.close();
  } finally {
    await database.close();
    if (KEEP || REUSE) console.log(`kept the database ${new URL(scratch.url).pathname.slice(1)}: measure again with --reuse, drop it with dropdb when done`);
    else await scratch.drop();
  }
}

await main();

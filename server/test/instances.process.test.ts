import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import { usingPostgres } from './context.ts';
import type { ServerProcess } from './support/server-process.ts';
import { startServerProcess } from './support/server-process.ts';
import { moduleTopic } from '../src/telemetry/mqtt-topics.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const MESSAGES = 40;

/** The value of an unlabelled or labelled sample in Prometheus text, 0 when absent. */
function sample(body: string, line: string): number {
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

async function waitFor<T>(what: string, probe: () => Promise<T | false>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Two instances on one PostgreSQL database, as docs/operations.md runs them: both serve, the module messages of the
 * broker are taken once in total (a shared subscription, each instance with its own client id), and the demo
 * simulator runs on one of them only. PostgreSQL only: PGlite is one process's database.
 */
if (!usingPostgres()) it('two instances on one database', (ctx) => ctx.skip('PostgreSQL only (TEST_DB=postgres): PGlite is the database of one process'));

describe.skipIf(!usingPostgres())('two instances on one database (PostgreSQL, MQTT)', () => {
  const name = `gw_instances_${process.pid}_${randomBytes(4).toString('hex')}`;
  const prefix = `gwtest/instances-${randomBytes(4).toString('hex')}/`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  // Built lazily: on PGlite there is no server URL, and this block is skipped.
  const url = new URL(adminUrl || 'postgres://unused');
  url.pathname = `/${name}`;
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const env = {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '4',
      DEMO: 'on',
      SIMULATOR: 'off',
      DEMO_HISTORY_DAYS: '1',
      MQTT_URL: BROKER,
      MQTT_TOPIC_PREFIX: prefix,
      METRICS_PUBLIC: 'on',
    };
    // Started together, as a deployment starts them: they migrate and seed under their locks.
    instances.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 60_000);

  const metrics = async (instance: ServerProcess) => (await fetch(`${instance.url}/metrics`)).text();

  it('both serve the same data', async () => {
    for (const instance of instances) {
      const body = new URLSearchParams({
        grant_type: 'password',
        client_id: DEFAULT_WEB_CLIENT.clientId,
        client_secret: DEFAULT_WEB_CLIENT.clientSecret,
        username: 'demo',
        password: 'demo',
      });
      const token = ((await (await fetch(`${instance.url}/api/token`, { method: 'POST', body })).json()) as { access_token: string }).access_token;
      const devices = await fetch(`${instance.url}/api/devices?page_size=0`, { headers: { authorization: `Bearer ${token}` } });
      expect(devices.status).toBe(200);
      expect(((await devices.json()) as { entries: unknown[] }).entries.length).toBeGreaterThan(10);
    }
  });

  it('runs the demo simulator on one instance only', async () => {
    const runners = instances.filter((instance) => !instance.output().includes('the demo simulator runs on another instance'));
    expect(runners).toHaveLength(1);
    // Only the runner stored the history through its ingest service.
    const batches = await Promise.all(instances.map(async (instance) => sample(await metrics(instance), 'gearwatch_ingest_batches_total{result="committed"}')));
    expect(batches.filter((n) => n > 0)).toHaveLength(1);
  });

  it('takes each module message once in total, both taking a share, with a client id of its own each', async () => {
    const ids = instances.map((instance) => /"clientId":"([^"]+)"/.exec(instance.output())?.[1]);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const module = (
      await db.query<{ serial_number: string; security_code: string }>(
        'select serial_number, security_code from sensors where device_id is not null order by id limit 1',
      )
    ).rows[0]!;
    await db.end();
    const before = await Promise.all(instances.map(async (instance) => sample(await metrics(instance), 'gearwatch_ingest_batches_total{result="committed"}')));
    const publisher = await mqtt.connectAsync(BROKER, { clientId: `gwtest-pub-${randomBytes(4).toString('hex')}`, protocolVersion: 5 });
    const from = Date.now() - 3_600_000;
    for (let i = 0; i < MESSAGES; i++) {
      const items = [{ p: 3, t: new Date(from + i * 1000).toISOString(), v: 1 }];
      await publisher.publishAsync(moduleTopic(module.serial_number, 'readings', prefix), JSON.stringify({ code: module.security_code, items }), { qos: 1 });
    }
    await publisher.endAsync();
    const taken = await waitFor('the messages to be stored', async () => {
      const now = await Promise.all(instances.map(async (instance) => sample(await metrics(instance), 'gearwatch_ingest_batches_total{result="committed"}')));
      const total = now.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0);
      return total >= MESSAGES ? now.map((n, i) => n - (before[i] ?? 0)) : false;
    });
    // A moment more: a message taken twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await Promise.all(instances.map(async (instance) => metrics(instance)));
    const duplicates = after.map((body) => sample(body, 'gearwatch_ingest_readings_total{outcome="duplicate"}'));
    expect(taken.reduce((a, b) => a + b, 0)).toBe(MESSAGES);
    // Both took a share: the broker deals the group's messages to its members in turn.
    expect(taken.filter((n) => n > 0)).toHaveLength(2);
    expect(duplicates).toEqual([0, 0]);
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
  });
  // Last: it kills an instance.
  it('passes the demo simulator to the other instance when its runner dies', { timeout: 120_000 }, async () => {
    const runner = instances.find((instance) => !instance.output().includes('the demo simulator runs on another instance'))!;
    const other = instances.find((instance) => instance !== runner)!;
    expect(other.output()).not.toContain('taking over the demo simulator');
    await runner.kill();
    // The runner's lease lasts 30 s without renewal; the other tries every 10 s.
    await waitFor('the other instance to take over', async () => other.output().includes('taking over the demo simulator'), 90_000);
  });
});

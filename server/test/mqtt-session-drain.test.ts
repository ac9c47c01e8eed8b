import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { createModule } from './ingest-fixtures.ts';
import { MqttIngestSubscriber } from '../src/telemetry/mqtt-subscriber.ts';
import type { SubscriberLog } from '../src/telemetry/mqtt-subscriber.ts';
import { moduleTopic } from '../src/telemetry/mqtt-topics.ts';
import { claimMqttClientId } from '../src/telemetry/mqtt-client-id.ts';
import { MqttSessionSweeper } from '../src/telemetry/mqtt-session-sweeper.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';

/**
 * Mosquitto deals a shared subscription's messages to members whose sessions are disconnected too, and keeps them
 * there: the sessions of an instance gone for good, or of connections no longer opened, would hold their share until
 * they expire. These tests run against the local Mosquitto (see README), each with its own topics and share group.
 */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const run = `${process.pid}-${randomBytes(4).toString('hex')}`;
const prefix = `gwtest/drain-${run}/`;
const quiet: SubscriberLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether the broker still keeps a session under `clientId` (connecting to look leaves none behind). */
async function sessionKept(clientId: string): Promise<boolean> {
  // Resuming a session delivers what it holds: nothing is acknowledged here, so all of it stays with the session.
  const client = mqtt.connect(BROKER, {
    clientId,
    protocolVersion: 5,
    clean: false,
    reconnectPeriod: 0,
    properties: { sessionExpiryInterval: 300 },
    customHandleAcks: () => undefined,
  });
  const present = await new Promise<boolean>((resolve, reject) => {
    client.once('connect', (connack) => resolve(connack.sessionPresent));
    client.once('error', reject);
  });
  // A session that was there is left as it was (the connection dropped, nothing acknowledged); an empty one is ended.
  await client.endAsync(true);
  if (!present) await endSession(clientId);
  return present;
}

/** Ends the empty session a look made. */
async function endSession(clientId: string): Promise<void> {
  const client = await mqtt.connectAsync(BROKER, { clientId, protocolVersion: 5, clean: true, reconnectPeriod: 0 });
  await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
}

describe('MQTT sessions nobody resumes are drained, not left to expire', () => {
  let ctx: TestContext;
  let module: TestModule;
  let publisher: MqttClient;
  let group = '';
  let parameter = 30;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    module = await createModule(db(), company.id, (await createDevice(db(), company.id)).id);
    publisher = await mqtt.connectAsync(BROKER, { clientId: `gwtest-drain-pub-${run}`, protocolVersion: 5 });
  });
  beforeEach(() => {
    group = `gwtest-drain-${run}-${++parameter}`;
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await ctx?.close();
  });

  const subscriber = (clientId: string, options: { connections?: number; ingest?: ReturnType<typeof createIngestService> } = {}) =>
    new MqttIngestSubscriber(options.ingest ?? ctx.services.ingest, {
      url: BROKER,
      clientId,
      connections: options.connections,
      shareGroup: group,
      topicPrefix: prefix,
      sessionExpirySeconds: 300,
      retryDelayMs: 100,
      log: quiet,
    });

  /** `count` messages of one reading each, of this test's parameter, at distinct times. */
  async function publish(count: number, offset = 0): Promise<void> {
    const from = Date.now() - 6 * 3_600_000;
    for (let i = offset; i < offset + count; i++) {
      const items = [{ p: parameter, t: new Date(from + i * 1000).toISOString(), v: 1 }];
      await publisher.publishAsync(moduleTopic(module.serial, 'readings', prefix), JSON.stringify({ code: module.code, items }), { qos: 1 });
    }
  }

  const stored = async () =>
    (
      await db()
        .selectFrom('readings')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('parameter_number', '=', parameter)
        .executeTakeFirstOrThrow()
    ).n;

  it('stores the share an instance gone for good left with the broker, and ends its sessions', async () => {
    const live = subscriber(`gwtest-live-${run}`);
    await live.start();
    // The instance that goes: its id claimed as main.ts does, its sessions left behind, its lease lapsed on shutdown.
    const gone = await claimMqttClientId(db(), `gwtest-gone-${run}`, { holder: 'gone-process' });
    const goneSubscriber = subscriber(gone.clientId);
    await goneSubscriber.start();
    await goneSubscriber.stop();
    await gone.lease.lapse();
    try {
      // Four members (two connections each): the live instance gets half; the gone one's sessions keep the rest.
      await publish(40);
      await waitFor("the live instance's share", async () => (await stored()) === 20);

      const sweeper = new MqttSessionSweeper(db(), { drain: (ids) => live.drain(ids), graceSeconds: 0 });
      expect(await sweeper.sweepOnce()).toEqual([gone.clientId]);
      // The drain ends only after the marker behind the last queued message: everything is stored by then.
      expect(await stored()).toBe(40);
      expect(await sessionKept(gone.clientId)).toBe(false);
      expect(await sessionKept(`${gone.clientId}/1`)).toBe(false);
      expect(await db().selectFrom('leases').select('name').where('name', '=', `mqtt-client-id:${gone.clientId}`).execute()).toEqual([]);
      // And nothing is dealt to the ended sessions any more.
      await publish(10, 40);
      await waitFor('later messages, all with the live instance', async () => (await stored()) === 50);
    } finally {
      await live.stop();
    }
  });

  it('leaves a session whose message could not be stored for the next round, and loses nothing', async () => {
    let failNext = false;
    const flaky = createIngestService(db(), {
      beforeCommit: () => {
        if (!failNext) return;
        failNext = false;
        throw Object.assign(new Error('connection to the database lost'), { code: '57P01' });
      },
    });
    const live = subscriber(`gwtest-live2-${run}`, { ingest: flaky });
    await live.start();
    const gone = await claimMqttClientId(db(), `gwtest-gone2-${run}`, { holder: 'gone-process-2' });
    const goneSubscriber = subscriber(gone.clientId);
    await goneSubscriber.start();
    await goneSubscriber.stop();
    await gone.lease.lapse();
    try {
      await publish(20);
      await waitFor("the live instance's share", async () => (await stored()) === 10);
      const sweeper = new MqttSessionSweeper(db(), { drain: (ids) => live.drain(ids), graceSeconds: 0 });
      failNext = true;
      expect(await sweeper.sweepOnce()).toEqual([]);
      expect(await stored()).toBeLessThan(20);
      expect(await sessionKept(gone.clientId)).toBe(true);
      // The next round takes the session again, the unstored message with it.
      expect(await sweeper.sweepOnce()).toEqual([gone.clientId]);
      expect(await stored()).toBe(20);
    } finally {
      await live.stop();
    }
  });

  it('drains the sessions of connections a subscriber no longer opens (MQTT_CONNECTIONS lowered)', async () => {
    const clientId = `gwtest-fewer-${run}`;
    const before = subscriber(clientId, { connections: 3 });
    await before.start();
    await before.stop();
    await publish(30);
    const after = subscriber(clientId, { connections: 1 });
    await after.start();
    try {
      await waitFor('the messages of all three sessions', async () => (await stored()) === 30);
    } finally {
      await after.stop();
    }
    expect(await sessionKept(`${clientId}/1`)).toBe(false);
    expect(await sessionKept(`${clientId}/2`)).toBe(false);
  });
});

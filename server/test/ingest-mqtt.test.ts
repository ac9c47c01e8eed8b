import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { MqttIngestKind } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { createModule, telemetryCounts } from './ingest-fixtures.ts';
import { MqttIngestSubscriber } from '../src/telemetry/mqtt-subscriber.ts';
import type { SubscriberLog } from '../src/telemetry/mqtt-subscriber.ts';
import { moduleTopic } from '../src/telemetry/mqtt-topics.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';
import type { IngestRejectLog, IngestService } from '../src/telemetry/types.ts';

/**
 * The local Mosquitto (see README). Every name is unique to this run, so parallel runs never meet; each test has its
 * own share group too, since the broker keeps queueing a group's share for the stopped sessions of earlier tests.
 */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const run = `${process.pid}-${randomBytes(4).toString('hex')}`;
const prefix = `gwtest/${run}/`;
const quiet: SubscriberLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('MQTT ingest against the local Mosquitto', () => {
  let ctx: TestContext;
  let module: TestModule;
  let publisher: MqttClient;
  const subscribers: MqttIngestSubscriber[] = [];
  const db = () => ctx.database.db;
  let clientCounter = 0;
  let testNumber = 0;

  async function subscribe(ingest: IngestService & IngestRejectLog = ctx.services.ingest, clientId = `gwtest-sub-${run}-${++clientCounter}`) {
    const shareGroup = `gwtest-${run}-${testNumber}`;
    const subscriber = new MqttIngestSubscriber(ingest, { url: BROKER, clientId, shareGroup, topicPrefix: prefix, sessionExpirySeconds: 120, retryDelayMs: 100, log: quiet });
    subscribers.push(subscriber);
    await subscriber.start();
    return { subscriber, clientId };
  }

  const publish = (kind: MqttIngestKind, payload: unknown, serial = module.serial) =>
    publisher.publishAsync(moduleTopic(serial, kind, prefix), typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });

  const readingsOf = (count: number, from: number, parameter = 1) =>
    Array.from({ length: count }, (_, i) => ({ p: parameter, t: new Date(from + i * 1000).toISOString(), v: i % 7 }));

  const storedReadings = async (parameter: number) =>
    (await db().selectFrom('readings').select(({ fn }) => fn.countAll<number>().as('n')).where('parameter_number', '=', parameter).executeTakeFirstOrThrow()).n;

  const rolledUpCount = async (parameter: number) =>
    Number(
      (await db().selectFrom('readings_5min').select(({ fn }) => fn.sum<number>('count').as('n')).where('parameter_number', '=', parameter).executeTakeFirstOrThrow()).n ?? 0,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    module = await createModule(db(), company.id, (await createDevice(db(), company.id)).id);
    publisher = await mqtt.connectAsync(BROKER, { clientId: `gwtest-pub-${run}`, protocolVersion: 5 });
  });
  beforeEach(() => {
    testNumber += 1;
  });
  afterEach(async () => {
    for (const subscriber of subscribers.splice(0)) await subscriber.stop();
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await ctx?.close();
  });

  it('stores a batch published with QoS 1, and positions and events on their topics', async () => {
    await subscribe();
    const from = Date.now() - 3_600_000;
    await publish('readings', { code: module.code, items: readingsOf(2000, from, 11) });
    await publish('positions', { code: module.code, items: [{ t: from, lat: 52.1, lon: 21.2, acc: 4 }] });
    await publish('events', { code: module.code, items: [{ t: from, type: 'rfid_on', rfid: 'CARD-1' }] });
    // QoS 0 is taken as well (without a redelivery guarantee).
    await publisher.publishAsync(moduleTopic(module.serial, 'readings', prefix), JSON.stringify({ code: module.code, items: readingsOf(5, from, 15) }), { qos: 0 });
    await waitFor('the QoS 0 batch', async () => (await storedReadings(15)) === 5);
    expect(await storedReadings(11)).toBe(2000);
    expect(await rolledUpCount(11)).toBe(2000);
    expect((await telemetryCounts(db())).positions).toBe(1);
    expect((await telemetryCounts(db())).operator_sessions).toBe(1);
  });

  it('acknowledges bad payloads and unknown modules once, keeping them in ingest_rejects', async () => {
    const { clientId } = await subscribe();
    const t = new Date(Date.now() - 60_000).toISOString();
    await publish('readings', 'not json at all');
    await publish('readings', { code: 'WRONG', items: [{ p: 1, t, v: 1 }] });
    await publish('readings', { code: module.code, items: [{ p: 1, t, v: 1 }] }, 'NO-SUCH-MODULE');
    await publish('readings', { code: module.code, items: [{ p: 1, t, v: 1 }, { p: 1, t: 'soon', v: 1 }] });
    await publish('events', { items: [] });
    const rejects = await waitFor('five rejects', async () => {
      const rows = await db().selectFrom('ingest_rejects').selectAll().orderBy('id').execute();
      return rows.length >= 5 && rows;
    });
    expect(rejects.map((r) => [r.source, r.serial_number, r.reason])).toEqual([
      ['mqtt', module.serial, 'payload is not JSON'],
      ['mqtt', module.serial, 'unknown module, wrong code or inactive module'],
      ['mqtt', 'NO-SUCH-MODULE', 'unknown module, wrong code or inactive module'],
      ['mqtt', module.serial, 'invalid items; items.1.t: form.field.error.incorrect'],
      ['mqtt', module.serial, 'code: the security code is missing'],
    ]);
    expect(rejects[0]!.payload).toBe('not json at all');
    expect(rejects[3]!.topic).toBe(moduleTopic(module.serial, 'readings', prefix));
    // Nothing of the partly bad batch was stored.
    expect(await storedReadings(1)).toBe(0);
    // Acknowledged: the same session, resumed, gets none of them again (the marker arrives after them, in order).
    for (const subscriber of subscribers.splice(0)) await subscriber.stop();
    await subscribe(ctx.services.ingest, clientId);
    await publish('readings', { code: module.code, items: readingsOf(1, Date.now() - 30_000, 12) });
    await waitFor('the marker reading', async () => (await storedReadings(12)) === 1);
    expect(await db().selectFrom('ingest_rejects').select('id').execute()).toHaveLength(5);
  });

  it('does not acknowledge a batch the database failed to take; the redelivered copy is stored once', async () => {
    let attempts = 0;
    const failingOnce = createIngestService(db(), {
      beforeCommit: () => {
        attempts += 1;
        if (attempts === 1) throw Object.assign(new Error('connection to the database lost'), { code: '57P01' });
      },
    });
    await subscribe(failingOnce);
    await publish('readings', { code: module.code, items: readingsOf(500, Date.now() - 7_200_000, 13) });
    await waitFor('the redelivered batch', async () => (await storedReadings(13)) === 500);
    expect(attempts).toBe(2);
    expect(await rolledUpCount(13)).toBe(500);
  });

  it('redelivers to the next instance a batch whose subscriber stopped before committing', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let received!: () => void;
    const receivedBatch = new Promise<void>((resolve) => (received = resolve));
    const crashing = createIngestService(db(), {
      beforeCommit: async () => {
        received();
        await released;
        throw new Error('process killed before commit');
      },
    });
    const { subscriber, clientId } = await subscribe(crashing);
    await publish('readings', { code: module.code, items: readingsOf(300, Date.now() - 10_800_000, 14) });
    await receivedBatch;
    const stopped = subscriber.stop();
    release();
    await stopped;
    subscribers.splice(subscribers.indexOf(subscriber), 1);
    expect(await storedReadings(14)).toBe(0);
    // The restarted instance resumes the session and gets the unacknowledged message again.
    await subscribe(ctx.services.ingest, clientId);
    await waitFor('the batch after restart', async () => (await storedReadings(14)) === 300);
    expect(await rolledUpCount(14)).toBe(300);
  });
});

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
import { DEFAULT_MQTT_CONNECTIONS, MqttIngestSubscriber } from '../src/telemetry/mqtt-subscriber.ts';
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

  async function subscribe(
    ingest: IngestService & IngestRejectLog = ctx.services.ingest,
    clientId = `gwtest-sub-${run}-${++clientCounter}`,
    connections = DEFAULT_MQTT_CONNECTIONS,
  ) {
    const shareGroup = `gwtest-${run}-${testNumber}`;
    const subscriber = new MqttIngestSubscriber(ingest, {
      url: BROKER,
      clientId,
      connections,
      shareGroup,
      topicPrefix: prefix,
      sessionExpirySeconds: 120,
      retryDelayMs: 100,
      log: quiet,
    });
    subscribers.push(subscriber);
    await subscriber.start();
    return { subscriber, clientId };
  }

  const publish = (kind: MqttIngestKind, payload: unknown, serial = module.serial) =>
    publisher.publishAsync(moduleTopic(serial, kind, prefix), typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });

  const readingsOf = (count: number, from: number, parameter = 1) =>
    Array.from({ length: count }, (_, i) => ({ p: parameter, t: new Date(from + i * 1000).toISOString(), v: i % 7 }));

  const storedReadings = async (parameter: number) =>
    (
      await db()
        .selectFrom('readings')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('parameter_number', '=', parameter)
        .executeTakeFirstOrThrow()
    ).n;

  const rolledUpCount = async (parameter: number) =>
    Number(
      (
        await db()
          .selectFrom('readings_5min')
          .select(({ fn }) => fn.sum<number>('count').as('n'))
          .where('parameter_number', '=', parameter)
          .executeTakeFirstOrThrow()
      ).n ?? 0,
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
    await publisher.publishAsync(moduleTopic(module.serial, 'readings', prefix), JSON.stringify({ code: module.code, items: readingsOf(5, from, 15) }), {
      qos: 0,
    });
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
    await publish('readings', {
      code: module.code,
      items: [
        { p: 1, t, v: 1 },
        { p: 1, t: 'soon', v: 1 },
      ],
    });
    await publish('events', { items: [] });
    const rejects = await waitFor('five rejects', async () => {
      const rows = await db().selectFrom('ingest_rejects').selectAll().orderBy('id').execute();
      return rows.length >= 5 && rows;
    });
    // The subscriber's connections store side by side, so the rejects are not in publishing order.
    const sorted = (rows: (string | null)[][]) => rows.map((row) => row.join(' | ')).sort();
    expect(sorted(rejects.map((r) => [r.source, r.serial_number, r.reason]))).toEqual(
      sorted([
        ['mqtt', module.serial, 'payload is not JSON'],
        ['mqtt', module.serial, 'unknown module, wrong code or inactive module'],
        ['mqtt', 'NO-SUCH-MODULE', 'unknown module, wrong code or inactive module'],
        ['mqtt', module.serial, 'invalid items; items.1.t: form.field.error.incorrect'],
        ['mqtt', module.serial, 'code: the security code is missing'],
      ]),
    );
    expect(rejects.find((r) => r.reason === 'payload is not JSON')!.payload).toBe('not json at all');
    expect(rejects.find((r) => r.reason.startsWith('invalid items'))!.topic).toBe(moduleTopic(module.serial, 'readings', prefix));
    // Nothing of the partly bad batch was stored.
    expect(await storedReadings(1)).toBe(0);
    // Acknowledged: the same sessions, resumed, get none of them again. A resumed session delivers what it kept
    // before anything new, and the broker deals consecutive messages to the connections in turn, so once one marker
    // per connection is stored, any redelivery would have come first.
    for (const subscriber of subscribers.splice(0)) await subscriber.stop();
    await subscribe(ctx.services.ingest, clientId);
    for (let i = 0; i < DEFAULT_MQTT_CONNECTIONS; i++)
      await publish('readings', { code: module.code, items: readingsOf(1, Date.now() - 30_000 - i * 1000, 12) });
    await waitFor('a marker reading per connection', async () => (await storedReadings(12)) === DEFAULT_MQTT_CONNECTIONS);
    expect(await db().selectFrom('ingest_rejects').select('id').execute()).toHaveLength(5);
  });

  it("acknowledges and keeps each message that can never be stored; the other modules' messages behind it on the connection are stored", async () => {
    const companyId = module.identity.companyId;
    const poison = await createModule(db(), companyId, (await createDevice(db(), companyId)).id);
    const other = await createModule(db(), companyId, (await createDevice(db(), companyId)).id);
    const from = Date.now() - 18_000_000;
    // A 5-minute cell at the int4 count limit: one more reading in it makes the ingest statement fail (22003).
    await ctx.services.ingest.ingest(poison.identity, { readings: [{ parameter: 21, ts: new Date(from), value: 1 }], positions: [], events: [] });
    await db()
      .updateTable('readings_5min')
      .set({ count: 2_147_483_647 })
      .where('device_id', '=', poison.identity.deviceId)
      .where('parameter_number', '=', 21)
      .execute();
    // And a data exception raised inside the batch's transaction, as the database would raise it.
    const failingOn22 = createIngestService(db(), {
      beforeCommit: (_module, batch) => {
        if (batch.readings.some((r) => r.parameter === 22)) throw Object.assign(new Error('value out of range: overflow'), { code: '22003' });
      },
    });
    // One connection: every message below waits for the ones before it.
    await subscribe(failingOn22, undefined, 1);
    await publish('readings', { code: poison.code, items: [{ p: 21, t: from + 1000, v: 2 }] }, poison.serial);
    await publish('readings', { code: poison.code, items: [{ p: 22, t: from, v: 2 }] }, poison.serial);
    await publish(
      'readings',
      {
        code: poison.code,
        items: [
          { p: 25, t: from, v: 1e308 },
          { p: 25, t: from + 1000, v: 1e308 },
        ],
      },
      poison.serial,
    );
    // Not JSON, and its NUL byte cannot be kept in a text column as it is.
    await publish('readings', `{"code":"${poison.code}",\u0000`, poison.serial);
    await publish('readings', { code: module.code, items: readingsOf(5, from, 23) });
    await publish('readings', { code: other.code, items: readingsOf(5, from, 24) }, other.serial);

    await waitFor("the other modules' messages", async () => (await storedReadings(23)) === 5 && (await storedReadings(24)) === 5);
    const rejects = await db()
      .selectFrom('ingest_rejects')
      .select(['source', 'reason', 'payload'])
      .where('serial_number', '=', poison.serial)
      .orderBy('id')
      .execute();
    expect(rejects.map((r) => r.source)).toEqual(['mqtt', 'mqtt', 'mqtt', 'mqtt']);
    expect(rejects[0]!.reason).toMatch(/^not storable: SQLSTATE 22003: /);
    expect(rejects[1]!.reason).toBe('not storable: SQLSTATE 22003: value out of range: overflow');
    expect(rejects[2]!.reason).toBe('invalid items; items.0.v: ingest.value-out-of-range; items.1.v: ingest.value-out-of-range');
    expect(rejects[3]).toMatchObject({ reason: 'payload is not JSON', payload: `{"code":"${poison.code}",\\u0000` });
    expect([await storedReadings(21), await storedReadings(22), await storedReadings(25)]).toEqual([1, 0, 0]);
    expect(await rolledUpCount(23)).toBe(5);
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
        // What node-postgres throws when the process is killed under it; any other failure would be kept as a reject.
        throw new Error('Connection terminated unexpectedly');
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
  it('stores on two connections at once, and a later message committed first leaves an earlier one unacknowledged', async () => {
    // The first message (module `held`) waits before its transaction (so this runs on PGlite's one connection too)
    // and then fails, as if the database went away; the second (this file's module) is stored meanwhile. The broker
    // deals two consecutive messages to the two connections in turn.
    const held = await createModule(db(), module.identity.companyId, (await createDevice(db(), module.identity.companyId)).id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const service = ctx.services.ingest;
    const failing: IngestService & IngestRejectLog = {
      authenticate: async (serial, code) => {
        if (serial !== held.serial) return service.authenticate(serial, code);
        holding = true;
        await released;
        throw Object.assign(new Error('connection to the database lost'), { code: '57P01' });
      },
      recordReject: (reject) => service.recordReject(reject),
      ingest: (identity, batch) => service.ingest(identity, batch),
    };
    const { subscriber, clientId } = await subscribe(failing);
    const from = Date.now() - 14_400_000;
    try {
      await publish('readings', { code: held.code, items: readingsOf(30, from, 16) }, held.serial);
      await publish('readings', { code: module.code, items: readingsOf(20, from, 17) });
      // One connection alone would wait for the first message before taking the second.
      await waitFor('the second message, stored while the first is held', async () => (await storedReadings(17)) === 20);
      expect(holding).toBe(true);
    } finally {
      const stopped = subscriber.stop();
      release();
      await stopped;
      subscribers.splice(subscribers.indexOf(subscriber), 1);
    }
    expect(await storedReadings(16)).toBe(0);

    // Restarted: the first message, never committed, comes again; the second was acknowledged after its commit.
    const seen: number[] = [];
    const watching: IngestService & IngestRejectLog = {
      authenticate: (serial, code) => service.authenticate(serial, code),
      recordReject: (reject) => service.recordReject(reject),
      ingest: (identity, batch) => {
        seen.push(...new Set(batch.readings.map((r) => r.parameter)));
        return service.ingest(identity, batch);
      },
    };
    await subscribe(watching, clientId);
    for (let i = 0; i < DEFAULT_MQTT_CONNECTIONS; i++) await publish('readings', { code: module.code, items: readingsOf(1, from - (i + 1) * 1000, 18) });
    await waitFor(
      'the redelivered message and a marker per connection',
      async () => (await storedReadings(16)) === 30 && (await storedReadings(18)) === DEFAULT_MQTT_CONNECTIONS,
    );
    expect(seen.filter((p) => p === 16)).toEqual([16]);
    expect(seen.filter((p) => p === 17)).toEqual([]);
    expect(await rolledUpCount(16)).toBe(30);
    expect(await rolledUpCount(17)).toBe(20);
  });
});

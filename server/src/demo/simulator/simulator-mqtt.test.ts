import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { MqttIngestSubscriber } from '../../telemetry/mqtt-subscriber.ts';
import { seedDemoIfEmpty } from '../seed.ts';
import { FleetSimulator, SLOT_MS } from './generator.ts';
import { SimulatorRepository } from './repository.ts';
import { DemoSimulator } from './runner.ts';
import { MqttSink } from './sinks.ts';
import { MINUTE_MS } from '../../time/calendar.ts';
import { waitFor } from '../../../test/wait-for.ts';

/**
 * The live stream over the real MQTT path: simulator → local Mosquitto (see README) → the ingest subscriber →
 * database. Topics carry a prefix unique to this run, so parallel runs on one broker never meet.
 */
const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const run = `${process.pid}-${randomBytes(4).toString('hex')}`;
const prefix = `gwtest/${run}/`;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

// Deadlines for a hang, not a measure of speed: under a loaded machine's CI the broker round trips and the stores of
// every module's minutes took over 30 s once; the test's own limit (120 s) stays above them.
const HANG = { timeoutMs: 90_000, intervalMs: 100 };

describe('demo simulator live data over MQTT', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let subscriber: MqttIngestSubscriber;
  let sink: MqttSink;
  // Half a minute past the last quarter hour: the four live minutes then always hold the quarter-hourly measurements
  // of sleeping modules, the case a run at another minute of the hour would not meet.
  const now = Math.floor(Date.now() / (15 * MINUTE_MS)) * 15 * MINUTE_MS + 30_000;
  const clock = { now };
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoIfEmpty(db());
    subscriber = new MqttIngestSubscriber(ctx.services.ingest, {
      url: BROKER,
      clientId: `gwtest-simulator-sub-${run}`,
      shareGroup: `gwtest-simulator-${run}`,
      topicPrefix: prefix,
      sessionExpirySeconds: 60,
      retryDelayMs: 100,
      log: quiet,
    });
    await subscriber.start();
    sink = MqttSink.open({ url: BROKER, topicPrefix: prefix, log: quiet });
  });

  afterAll(async () => {
    await subscriber?.stop();
    await sink?.close();
    await ctx?.close();
  });

  it('publishes every module’s minutes to its topics, and the subscriber stores exactly them', async () => {
    const simulator = new DemoSimulator(new FleetSimulator(), ctx.services.ingest, new SimulatorRepository(db()), {
      historyDays: 0,
      batchDays: 1,
      output: { write: () => true },
      log: quiet,
      liveSink: sink,
      clock: () => clock.now,
    });
    // Today's history goes straight to the ingest service; the live minutes after it take the broker.
    await simulator.fillHistory();
    const from = Math.floor(now / SLOT_MS) * SLOT_MS;
    clock.now = now + 4 * MINUTE_MS;
    const to = Math.floor(clock.now / MINUTE_MS) * MINUTE_MS;
    const lastContacts = async () =>
      (await db().selectFrom('sensor_state').select('last_contact_at').execute()).map((r) => new Date(r.last_contact_at).getTime());
    const before = Math.max(...(await lastContacts()));
    await waitFor('the simulator to connect to the broker', async () => sink.connected, HANG);
    await simulator.tick();
    const expected = new FleetSimulator();
    const stored = async (serial: string) => {
      const sensor = await db().selectFrom('sensors').select('device_id').where('serial_number', '=', serial).executeTakeFirstOrThrow();
      const rows = await db()
        .selectFrom('readings')
        .select(['parameter_number', 'ts', 'value'])
        .where('device_id', '=', sensor.device_id as number)
        .where('ts', '>=', new Date(from))
        .where('ts', '<', new Date(to))
        .execute();
      return rows.map((r) => `${r.parameter_number}@${new Date(r.ts).toISOString()}=${r.value}`).sort();
    };
    // Only our own JSON modules take this path: the demo's Teltonika tracker speaks its protocol over TCP
    // (teltonika-demo.test.ts).
    const overMqtt = expected.fleet.devices.filter((d) => d.protocol === 'gearwatch');
    const wanted = new Map(
      overMqtt.map((d) => [
        d.serial,
        expected
          .generate(d.serial, from, to, 'live')
          .readings.map((r) => `${r.parameter}@${r.ts.toISOString()}=${r.value}`)
          .sort(),
      ]),
    );
    await waitFor(
      'every module’s minutes to be stored',
      async () => {
        for (const [serial, readings] of wanted) if ((await stored(serial)).length < readings.length) return false;
        return (await lastContacts()).every((t) => t > before);
      },
      HANG,
    );
    for (const [serial, readings] of wanted) expect(await stored(serial), serial).toEqual(readings);
    const rejects = await db().selectFrom('ingest_rejects').select(['topic', 'reason']).execute();
    expect(rejects).toEqual([]);
  });
});

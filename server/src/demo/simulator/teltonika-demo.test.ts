import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { startListener, waitUntil } from '../../../test/teltonika-listener-fixtures.ts';
import type { TeltonikaListener } from '../../telemetry/protocols/teltonika/listener.ts';
import { DEMO_COMPANIES, DEMO_FACTORY, DEMO_TELTONIKA } from '../demo-data.ts';
import type { DemoCompany } from '../demo-data.ts';
import { seedDemoIfEmpty } from '../seed.ts';
import { DEFAULT_SEED } from './fleet.ts';
import type { SimDevice } from './fleet.ts';
import { FleetSimulator, SLOT_MS } from './generator.ts';
import { SimulatorRepository } from './repository.ts';
import { DemoSimulator } from './runner.ts';
import { IngestSink, ModuleIdentities } from './sinks.ts';
import { DemoTeltonika } from './teltonika-demo.ts';
import { trackerRecords } from './tracker-records.ts';
import { DAY_MS, MINUTE_MS } from '../../time/calendar.ts';

// The demo's tracker end to end: its backfill through the Teltonika mapping, then live minutes over a real TCP
// connection to the listener (bound to any free port), acknowledged packet by packet.

/** Demo Factory with DF-04 alone, so the backfill is quick; its crew and cards are the demo's. */
function trackerOnlyFleet(): DemoCompany[] {
  const factory = DEMO_COMPANIES.find((c) => c.name === DEMO_FACTORY) as DemoCompany;
  return [{ ...factory, devices: factory.devices.filter((d) => d.name === DEMO_TELTONIKA.device), deviceGroups: [] }];
}

/** A whole minute in [from, to) when the truck is on with an operator's card in the reader for the `minutes` after it. */
function workingMinute(generator: FleetSimulator, device: SimDevice, from: number, to: number, minutes: number): number {
  const cards = new Set(device.company.crews.flat().map((o) => o.rfid));
  for (let t = Math.ceil(from / SLOT_MS) * SLOT_MS; t < to; t += SLOT_MS) {
    const end = t + minutes * MINUTE_MS;
    const busy = generator
      .segments(device, t, end)
      .some(
        (s) =>
          s.card !== null &&
          cards.has(s.card) &&
          s.cardOn !== null &&
          s.cardOn <= t &&
          (s.cardOff ?? end) >= end &&
          s.powered.some(([on, off]) => on <= t && off >= end),
      );
    if (busy) return t + MINUTE_MS;
  }
  throw new Error('the tracker does not work in the window');
}

describe('the demo Teltonika tracker', { timeout: 300_000 }, () => {
  let ctx: TestContext;
  let listener: TeltonikaListener;
  let port: number;
  const generator = new FleetSimulator(DEFAULT_SEED, trackerOnlyFleet());
  const device = generator.fleet.devices[0] as SimDevice;
  // In the past (the ingest service refuses the future), at a time the truck is driven, so live minutes carry work.
  const start = workingMinute(generator, device, Date.now() - 2 * DAY_MS, Date.now() - 40 * MINUTE_MS, 25);
  const clock = { now: start + 20_000 };
  const historyEnd = Math.floor(clock.now / SLOT_MS) * SLOT_MS;
  const infos: string[] = [];
  const warnings: string[] = [];
  let teltonika: DemoTeltonika;
  let runner: DemoSimulator;
  const db = () => ctx.database.db;
  let deviceId: number;
  const readings = (parameter: number, from: number, to: number) =>
    db()
      .selectFrom('readings')
      .select(['ts', 'value'])
      .where('device_id', '=', deviceId)
      .where('parameter_number', '=', parameter)
      .where('ts', '>=', new Date(from))
      .where('ts', '<', new Date(to))
      .orderBy('ts')
      .execute();
  const positions = async (from: number, to: number) =>
    (
      await db()
        .selectFrom('positions')
        .select('ts')
        .where('device_id', '=', deviceId)
        .where('ts', '>=', new Date(from))
        .where('ts', '<', new Date(to))
        .execute()
    ).length;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoIfEmpty(db());
    deviceId = (await db().selectFrom('sensors').select('device_id').where('serial_number', '=', DEMO_TELTONIKA.imei).executeTakeFirstOrThrow())
      .device_id as number;
    // A short idle timeout: the server closes the tracker's connection between the test's ticks, and it reconnects.
    ({ listener, port } = await startListener(
      { db: db(), ingest: ctx.services.ingest, unknownModules: ctx.services.unknownModules },
      { idleTimeoutMs: 1_000 },
    ));
    teltonika = new DemoTeltonika(generator, ctx.services.ingest, db(), { answerTimeoutMs: 10_000 });
    runner = new DemoSimulator(generator, ctx.services.ingest, new SimulatorRepository(db()), {
      historyDays: 1,
      batchDays: 7,
      output: { write: () => true },
      log: { info: (message) => infos.push(message), warn: (details, message) => warnings.push(`${message} ${JSON.stringify(details)}`) },
      liveSink: new IngestSink(ctx.services.ingest, new ModuleIdentities(ctx.services.ingest)),
      teltonika,
      clock: () => clock.now,
    });
    await runner.fillHistory();
    // Seeding and a day's backfill take a minute on a busy two-core machine.
  }, 600_000);

  afterAll(async () => {
    await runner?.stop();
    await listener?.stop();
    await ctx?.close();
  });

  it('backfills its history through the Teltonika mapping: every record read, work, positions and drivers', async () => {
    const from = (await db().selectFrom('readings').select('ts').where('device_id', '=', deviceId).orderBy('ts').executeTakeFirstOrThrow()).ts;
    const records = trackerRecords(generator, device, new Date(from).getTime(), historyEnd);
    expect(records.length).toBeGreaterThan(100);
    // Every record carries IO 66, so supply voltage has a reading per record: raw mV × 0.001.
    const supply = await readings(21, 0, historyEnd);
    expect(supply.map((r) => [new Date(r.ts).getTime(), r.value])).toEqual(
      records.map((r) => [r.timestampMs, (r.io.find((e) => e.id === 66)?.value as number) * 0.001]),
    );
    const work = (await readings(1, 0, historyEnd)).reduce((sum, r) => sum + r.value, 0);
    const active = (await readings(2, 0, historyEnd)).reduce((sum, r) => sum + r.value, 0);
    expect(work).toBeGreaterThan(0);
    expect(active).toBeGreaterThan(work);
    expect(await positions(0, historyEnd)).toBeGreaterThan(0);
    // The crew's iButton keys (IO 78) are their registered cards: sessions name the operator.
    const sessions = await db().selectFrom('operator_sessions').select(['operator_id']).where('device_id', '=', deviceId).execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.filter((s) => s.operator_id !== null).length).toBeGreaterThan(0);
    // The listener continues from the history's latest record.
    const last = await db().selectFrom('teltonika_last_records').select('ts').executeTakeFirstOrThrow();
    expect(new Date(last.ts).getTime()).toBe(records.at(-1)?.timestampMs);
  });

  it('sends its live minutes over TCP to the listener’s bound port, each packet acknowledged and stored', async () => {
    runner.useTeltonikaListener({ host: '127.0.0.1', port });
    runner.startLive();
    expect(infos.some((line) => line.includes(`IMEI ${DEMO_TELTONIKA.imei}`) && line.includes('over TCP'))).toBe(true);
    clock.now = start + 4 * MINUTE_MS;
    await runner.tick();
    const to = start + 4 * MINUTE_MS;
    const records = trackerRecords(generator, device, historyEnd, to);
    expect(records.length).toBeGreaterThanOrEqual(4);
    expect((await readings(21, historyEnd, to)).map((r) => new Date(r.ts).getTime())).toEqual(records.map((r) => r.timestampMs));
    expect((await readings(2, historyEnd, to)).length).toBeGreaterThan(0);
    expect(await positions(historyEnd, to)).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
    expect(teltonika.connects(DEMO_TELTONIKA.imei)).toBe(1);
    // The driver's card is in the reader: the device's current card is an operator's.
    const state = await db().selectFrom('device_state').select('current_rfid').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    const card = records.at(-1)?.io.find((e) => e.id === 78)?.value as bigint;
    expect(card).not.toBe(0n);
    expect(state.current_rfid).toBe(card.toString(16).toUpperCase().padStart(16, '0'));
    const operator = await db().selectFrom('operators').select('id').where('rfid', '=', state.current_rfid).executeTakeFirst();
    expect(operator).toBeDefined();
  });

  it('reconnects after the server closed its idle connection, and a range sent again is stored once', async () => {
    await waitUntil('the idle connection closed', () => listener.connectionCount === 0);
    const before = (await readings(21, 0, Date.now())).length;
    clock.now = start + 6 * MINUTE_MS;
    await runner.tick();
    expect(warnings).toEqual([]);
    expect(teltonika.connects(DEMO_TELTONIKA.imei)).toBe(2);
    const sent = trackerRecords(generator, device, start + 4 * MINUTE_MS, start + 6 * MINUTE_MS).length;
    expect((await readings(21, 0, Date.now())).length).toBe(before + sent);
    // As a device whose acknowledgement was lost: the same records again change nothing.
    await teltonika.live(device, historyEnd, start + 6 * MINUTE_MS);
    expect((await readings(21, 0, Date.now())).length).toBe(before + sent);
  });

  it('says so and sends nothing when the listener is off', async () => {
    const off = new DemoTeltonika(generator, ctx.services.ingest, db());
    const lines: string[] = [];
    const idle = new DemoSimulator(generator, ctx.services.ingest, new SimulatorRepository(db()), {
      historyDays: 1,
      batchDays: 7,
      output: { write: () => true },
      log: { info: (message) => lines.push(message), warn: () => undefined },
      liveSink: new IngestSink(ctx.services.ingest, new ModuleIdentities(ctx.services.ingest)),
      teltonika: off,
      clock: () => clock.now,
    });
    await idle.fillHistory();
    idle.useTeltonikaListener(null);
    idle.startLive();
    expect(lines.some((line) => line.includes('TELTONIKA_PORT=off'))).toBe(true);
    clock.now = start + 8 * MINUTE_MS;
    await idle.tick();
    expect(off.connects(DEMO_TELTONIKA.imei)).toBe(0);
    await idle.stop();
  });
});

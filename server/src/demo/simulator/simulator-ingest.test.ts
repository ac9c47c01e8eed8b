import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { seedDemoIfEmpty } from '../seed.ts';
import { FleetSimulator, SLOT_MS } from './generator.ts';
import { DemoOpcua } from './opcua-demo.ts';
import { SimulatorRepository } from './repository.ts';
import { DemoSimulator } from './runner.ts';
import type { HistorySummary } from './runner.ts';
import { IngestSink, ModuleIdentities } from './sinks.ts';
import { MINUTE_MS } from '../../time/calendar.ts';

// A short backfill and a live minute of the demo fleet through the real ingest service, on PGlite or PostgreSQL.
describe('demo simulator through the ingest service', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  // Fixed at the start: the ingest service refuses timestamps more than five minutes ahead of the real clock.
  const now = Date.now();
  const clock = { now };
  let first: DemoSimulator;
  let summary: HistorySummary | null;
  const quiet = { info: () => undefined, warn: () => undefined };
  const output = {
    text: '',
    write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
  const db = () => ctx.database.db;
  const runner = (clock: () => number) => {
    const generator = new FleetSimulator();
    return new DemoSimulator(generator, ctx.services.ingest, new SimulatorRepository(db()), {
      historyDays: 3,
      batchDays: 7,
      output,
      log: quiet,
      liveSink: new IngestSink(ctx.services.ingest, new ModuleIdentities(ctx.services.ingest)),
      // The OPC UA machine's history only: its live data is the connector's (opcua-demo.test.ts).
      opcua: new DemoOpcua(generator, db(), { port: null, dataDir: '' }),
      clock,
    });
  };
  const count = async (table: 'readings' | 'positions' | 'module_events' | 'operator_sessions') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deviceOf = async (serial: string) =>
    (await db().selectFrom('sensors').select('device_id').where('serial_number', '=', serial).executeTakeFirstOrThrow()).device_id as number;
  const storedReadings = async (deviceId: number, from: number, to: number) =>
    (
      await db()
        .selectFrom('readings')
        .select(['parameter_number', 'ts', 'value'])
        .where('device_id', '=', deviceId)
        .where('ts', '>=', new Date(from))
        .where('ts', '<', new Date(to))
        .orderBy('parameter_number')
        .orderBy('ts')
        .execute()
    ).map((r) => `${r.parameter_number}@${new Date(r.ts).toISOString()}=${r.value}`);
  // One simulator for the expectations: each new one replays the fleet from its epoch.
  const expectations = new FleetSimulator();
  const generated = (serial: string, from: number, to: number, resolution: 'history' | 'live') =>
    expectations
      .generate(serial, from, to, resolution)
      .readings.sort((a, b) => a.parameter - b.parameter || a.ts.getTime() - b.ts.getTime())
      .map((r) => `${r.parameter}@${r.ts.toISOString()}=${r.value}`);

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoIfEmpty(db());
    first = runner(() => clock.now);
    summary = await first.fillHistory();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('stores three days of every demo module, exactly what the generator made, and reports it', async () => {
    expect(summary).not.toBeNull();
    expect(summary?.duplicates).toBe(0);
    expect(summary?.readings).toBe(await count('readings'));
    expect(summary?.positions).toBe(await count('positions'));
    expect(summary?.events).toBe(await count('module_events'));
    expect(summary?.readings).toBeGreaterThan(5_000);
    expect(output.text).toContain(`Demo history: ${summary?.readings.toLocaleString('en-US')} readings`);

    const end = Math.floor(now / SLOT_MS) * SLOT_MS;
    for (const name of ['EF-02', 'Injection Moulder 4', 'NW-DF-01']) {
      const device = expectations.fleet.devices.find((d) => d.name === name);
      if (!device) throw new Error(`${name} missing`);
      const from = end - 3 * 86_400_000;
      expect(await storedReadings(await deviceOf(device.serial), from, end), name).toEqual(generated(device.serial, from, end, 'history'));
    }
    // The rollups the diagnostics read agree with the raw readings they came from.
    const raw = await sql<{ s: number }>`select coalesce(sum(value), 0)::float8 as s from readings where parameter_number = 1`.execute(db());
    const days = await sql<{ s: number }>`select coalesce(sum(sum), 0)::float8 as s from readings_day where parameter_number = 1`.execute(db());
    expect(days.rows[0]?.s).toBe(raw.rows[0]?.s);
    expect(await count('operator_sessions')).toBeGreaterThan(0);
  });

  it('stores nothing new when run again over data that is already there', async () => {
    const again = await runner(() => now).fillHistory();
    expect(again?.readings ?? 0).toBe(0);
    expect(again?.positions ?? 0).toBe(0);
    expect(again?.events ?? 0).toBe(0);
    expect(await count('readings')).toBe(summary?.readings);
  });

  it('streams live minutes through the ingest service from where the history ends', async () => {
    clock.now = now + 4 * MINUTE_MS;
    await first.tick();
    const from = Math.floor(now / SLOT_MS) * SLOT_MS;
    const to = Math.floor(clock.now / MINUTE_MS) * MINUTE_MS;
    let minutes = 0;
    // The Teltonika tracker sends to its listener over TCP (teltonika-demo.test.ts); these modules use the sink.
    const modules = expectations.fleet.devices.filter((d) => d.protocol === 'gearwatch');
    for (const device of modules) {
      const expected = generated(device.serial, from, to, 'live');
      minutes += expected.length;
      expect(await storedReadings(await deviceOf(device.serial), from, to), device.name).toEqual(expected);
    }
    expect(minutes).toBeGreaterThan(0);
    // Every module made contact, idle or not: that is what keeps the status icons green.
    const contacted = await db()
      .selectFrom('sensor_state')
      .innerJoin('sensors', 'sensors.id', 'sensor_state.sensor_id')
      .select('sensor_id')
      .where('sensors.protocol', '=', 'gearwatch')
      .where('last_contact_at', '>=', new Date(now - 60_000))
      .execute();
    expect(contacted.length).toBe(modules.length);
  });
});

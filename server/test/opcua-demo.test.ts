import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import { DEMO_OPCUA } from '../src/demo/demo-data.ts';
import { seedDemoIfEmpty } from '../src/demo/seed.ts';
import type { SimDevice } from '../src/demo/simulator/fleet.ts';
import { FleetSimulator } from '../src/demo/simulator/generator.ts';
import { DemoOpcua } from '../src/demo/simulator/opcua-demo.ts';
import { minuteChanges } from '../src/demo/simulator/opcua-machine.ts';
import { OpcuaConnectors } from '../src/telemetry/protocols/opcua/connectors.ts';
import { OpcuaPki } from '../src/telemetry/protocols/opcua/pki.ts';
import { MINUTE_MS } from '../src/time/calendar.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { waitFor } from './wait-for.ts';

/**
 * The demo's Injection Moulder 4 over OPC UA (docs/opcua.md, "The demo's machine"): the seeded demo gives it an
 * `opcua` module, the simulator's machine serves the generator's values, and the connector stores them as readings:
 * the measurements as the generator made them, and a whole minute's work, activity and pieces as the generator's.
 */
const quiet = { info: () => undefined, warn: () => undefined };
const HEARTBEAT_MS = 5_000;

describe('the demo machine over OPC UA', () => {
  let ctx: TestContext;
  let demo: DemoOpcua;
  let connectors: OpcuaConnectors;
  let device: SimDevice;
  let sensorId: number;
  let endpoint: string;
  const generator = new FleetSimulator();
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-opcua-demo-'));

  const readings = (parameters: number[], from = 0) =>
    ctx.database.db
      .selectFrom('readings')
      .select(['parameter_number as parameter', 'ts', 'value'])
      .where('sensor_id', '=', sensorId)
      .where('parameter_number', 'in', parameters)
      .where('ts', '>=', new Date(from))
      .orderBy('ts')
      .execute();
  const moduleRow = () =>
    ctx.database.db
      .selectFrom('opcua_modules')
      .select(['endpoint_url', 'connection_state', 'connected_at'])
      .where('sensor_id', '=', sensorId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await createTestContext({ DATA_DIR: dataDir }, { opcuaPki: new OpcuaPki(join(dataDir, 'opcua-pki')) });
    await seedDemoIfEmpty(ctx.database.db);
    device = generator.fleet.devices.find((d) => d.name === DEMO_OPCUA.device)!;
    demo = new DemoOpcua(generator, ctx.database.db, { port: 0, dataDir });
    sensorId = (await demo.identify(device)).sensorId;
    endpoint = (await demo.start([device]))[0]!;
    connectors = new OpcuaConnectors({
      db: ctx.database.db,
      ingest: ctx.services.ingest,
      secrets: ctx.services.opcuaSecrets,
      pki: ctx.services.opcuaPki,
      log: quiet,
      holder: 'demo-test',
      pollMs: 500,
      flushIntervalMs: 250,
      heartbeatMs: HEARTBEAT_MS,
    });
    connectors.start();
  }, 120_000);
  afterAll(async () => {
    await connectors?.stop();
    await demo?.stop();
    await ctx?.close();
  }, 60_000);

  it('seeds the moulder with an OPC UA module mapped to the machine, pointed at the port its server bound', async () => {
    expect(device.protocol).toBe('opcua');
    expect(endpoint).toMatch(/^opc\.tcp:\/\/127\.0\.0\.1:\d+$/);
    expect((await moduleRow()).endpoint_url).toBe(endpoint);
    const sensor = await ctx.database.db.selectFrom('sensors').select(['protocol', 'security_code']).where('id', '=', sensorId).executeTakeFirstOrThrow();
    expect(sensor).toEqual({ protocol: 'opcua', security_code: '' });
    await waitFor('the session', async () => (await moduleRow()).connection_state === 'connected', { timeoutMs: 60_000 });
  }, 90_000);

  it('stores the machine measurements through the connector, as the generator made them', async () => {
    const measured = [21, 24, 25];
    const stored = await waitFor('the measurements', async () => {
      const rows = await readings(measured);
      return rows.length >= 2 ? rows : undefined;
    });
    const since = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - 30 * MINUTE_MS;
    const generated = generator
      .generate(device.serial, since, Math.ceil(Date.now() / MINUTE_MS) * MINUTE_MS, 'live')
      .readings.filter((r) => measured.includes(r.parameter))
      .map((r) => [r.parameter, r.ts.getTime(), r.value]);
    for (const r of stored) expect(generated).toContainEqual([r.parameter, new Date(r.ts).getTime(), r.value]);
  }, 60_000);

  it("a whole minute's work, activity and pieces through OPC UA equal the generator's for that minute", async () => {
    const connectedAt = new Date((await moduleRow()).connected_at!).getTime();
    const minute = Math.ceil((connectedAt + 1000) / MINUTE_MS) * MINUTE_MS;
    const plan = generator.generate(device.serial, minute, minute + MINUTE_MS, 'live').readings;
    const planned = (parameter: number) => plan.find((r) => r.parameter === parameter)?.value ?? 0;
    const expected = { work: planned(PARAMETER_NUMBERS.work), active: planned(PARAMETER_NUMBERS.active), pieces: planned(PARAMETER_NUMBERS.counter) };
    // The machine's timeline for the minute is the generator's minute (its own order inside it).
    const changes = minuteChanges(generator, device, minute);
    expect(changes.filter((c) => c.nodeId === DEMO_OPCUA.nodes.cycleCounter)).toHaveLength(expected.pieces);
    // Each work and activity reading covers [ts, ts + value s); the seconds of it inside the minute are summed.
    const inMinute = (rows: { parameter: number; ts: Date | string; value: number }[], parameter: number) =>
      rows
        .filter((r) => r.parameter === parameter)
        .reduce((sum, r) => {
          const from = new Date(r.ts).getTime();
          return sum + Math.max(0, Math.min(minute + MINUTE_MS, from + r.value * 1000) - Math.max(minute, from)) / 1000;
        }, 0);
    // The minute has to be over on the machine and closed by the connector's heartbeat: real time must pass.
    const covered = await waitFor(
      'the minute stored',
      async () => {
        if (Date.now() < minute + MINUTE_MS + 2 * HEARTBEAT_MS) return undefined;
        const rows = await readings([PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active], minute - 5 * MINUTE_MS);
        const pieces = (await readings([PARAMETER_NUMBERS.counter], minute)).filter((r) => new Date(r.ts).getTime() < minute + MINUTE_MS);
        return {
          work: inMinute(rows, PARAMETER_NUMBERS.work),
          active: inMinute(rows, PARAMETER_NUMBERS.active),
          pieces: pieces.reduce((s, r) => s + r.value, 0),
        };
      },
      { timeoutMs: 4 * MINUTE_MS, intervalMs: 1000 },
    );
    // A change sampled just after a heartbeat closed the interval starts up to a sampling interval late.
    expect(Math.abs(covered.work - expected.work), JSON.stringify({ covered, expected })).toBeLessThanOrEqual(2);
    expect(Math.abs(covered.active - expected.active), JSON.stringify({ covered, expected })).toBeLessThanOrEqual(2);
    expect(covered.pieces).toBe(expected.pieces);
  }, 300_000);
});

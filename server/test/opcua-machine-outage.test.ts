import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMapping } from '../src/telemetry/protocols/opcua/mapping.ts';
import { OpcuaConnectors } from '../src/telemetry/protocols/opcua/connectors.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { freePort } from './support/server-process.ts';
import { MACHINE_NODES as N, TestMachine } from './support/opcua-machine.ts';
import { waitFor } from './wait-for.ts';

/**
 * A machine switched off for 30 s and on again (a PLC restart: its counter starts again from 0), read by the connector
 * (docs/opcua.md, "The connector", Disconnects). opcua-connector.test.ts pauses 3 s within one module's life; this is
 * the full pause with what it does not check: the module's last contact does not move and nothing at all is stored
 * for the gap (no value, no work or activity invented), what was stored before the stop stays once, and the counter
 * reset across the restart is counted from the mark the module kept, not from zero and not twice.
 */
const quiet = { info: () => undefined, warn: () => undefined };
const PAUSE_MS = 30_000;

describe('OPC UA: the machine stops for 30 s and comes back', () => {
  let ctx: TestContext;
  let machine: TestMachine;
  let connectors: OpcuaConnectors;
  let sensorId: number;
  const readings = (parameter: number) =>
    ctx.database.db
      .selectFrom('readings')
      .select(['ts', 'value'])
      .where('sensor_id', '=', sensorId)
      .where('parameter_number', '=', parameter)
      .orderBy('ts')
      .execute();
  const moduleState = () =>
    ctx.database.db
      .selectFrom('opcua_modules')
      .leftJoin('sensor_state', 'sensor_state.sensor_id', 'opcua_modules.sensor_id')
      .select(['opcua_modules.connection_state as state', 'opcua_modules.last_error as lastError', 'sensor_state.last_contact_at as lastContact'])
      .where('opcua_modules.sensor_id', '=', sensorId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await createTestContext({ DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-opcua-outage-')) });
    machine = new TestMachine(await freePort());
    await machine.start();
    const company = await createCompany(ctx.database.db);
    const device = await createDevice(ctx.database.db, company.id);
    const parsed = parseMapping([`3 | counter | ${N.parts}`, `21 | value | ${N.temperature}`, `running | ${N.running}`].join('\n'));
    if ('error' in parsed) throw new Error(parsed.error);
    sensorId = (
      await ctx.database.db
        .insertInto('sensors')
        .values({
          company_id: company.id,
          device_id: device.id,
          name: 'Moulder',
          serial_number: `MOULDER-${process.pid}`,
          security_code: '',
          protocol: 'opcua',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.database.db
      .insertInto('opcua_modules')
      .values({
        sensor_id: sensorId,
        endpoint_url: machine.endpointUrl,
        security_mode: 'None',
        security_policy: 'None',
        sampling_interval_ms: 200,
        mapping: JSON.stringify(parsed.mapping),
      })
      .execute();
    connectors = new OpcuaConnectors({
      db: ctx.database.db,
      ingest: ctx.services.ingest,
      secrets: ctx.services.opcuaSecrets,
      pki: ctx.services.opcuaPki,
      log: quiet,
      pollMs: 500,
      flushIntervalMs: 250,
      reconnectInitialMs: 500,
      reconnectMaxMs: 4000,
      heartbeatMs: 1000,
    });
    connectors.start();
  }, 120_000);
  afterAll(async () => {
    await connectors?.stop();
    await machine?.stop();
    await ctx?.close();
  }, 60_000);

  it('stores nothing for the gap, keeps what was stored, reports the module offline and counts the reset right', async () => {
    await waitFor('the session', async () => (await moduleState()).state === 'connected', { timeoutMs: 60_000 });
    const base = Math.floor(Date.now() / 1000) * 1000;
    machine.set(N.running, true, new Date(base));
    machine.set(N.temperature, 60, new Date(base + 100));
    machine.set(N.parts, 10, new Date(base + 200));
    await waitFor('10 parts', async () => (await readings(3)).length === 1);
    await waitFor('the temperature', async () => (await readings(21)).some((r) => r.value === 60));
    await waitFor('work while running', async () => (await readings(1)).length > 0);

    const stoppedAt = Date.now();
    await machine.stop();
    const offline = await waitFor('offline', async () => {
      const state = await moduleState();
      return state.state === 'offline' ? state : undefined;
    });
    expect(offline.lastError).toMatch(/machine|reached|lost/);
    const counts = async () => Object.fromEntries(await Promise.all([1, 2, 3, 21].map(async (p) => [p, (await readings(p)).length] as const)));
    const before = await counts();
    // The pause itself: 30 s of a machine switched off, while the connector retries with its backoff.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const during = await moduleState();
    expect(during.state).toBe('offline');
    // Nothing arrived: no reading of any kind, and the module's last contact aged like a silent GSM module's.
    expect(await counts()).toEqual(before);
    // (The session's last samples are stored when the loss is noticed, before the module is reported offline.)
    expect(new Date(during.lastContact!).getTime()).toBe(new Date(offline.lastContact!).getTime());

    // Switched on again: the PLC's counter starts from 0, and it makes 4 parts.
    const restartedAt = Date.now();
    await machine.start();
    machine.set(N.running, true, new Date(restartedAt));
    await waitFor('the session again', async () => (await moduleState()).state === 'connected', { timeoutMs: 30_000 });
    machine.set(N.parts, 4, new Date(Date.now()));
    await waitFor('the parts after the restart', async () => (await readings(3)).length === 2, { timeoutMs: 30_000 });
    await waitFor('work after the return', async () => (await readings(2)).some((r) => new Date(r.ts).getTime() >= restartedAt));

    // 10 before, 4 after the restart (the fall to 0 is a reset, not minus 10); stored once each.
    expect((await readings(3)).map((r) => r.value)).toEqual([10, 4]);
    expect((await readings(21)).filter((r) => r.value === 60)).toHaveLength(1);
    // Every work and activity reading covers time before the stop or after the return, none of the 30 s between.
    for (const parameter of [1, 2])
      for (const r of await readings(parameter)) {
        const from = new Date(r.ts).getTime();
        const to = from + r.value * 1000;
        expect(to <= stoppedAt + 1000 || from >= restartedAt, `reading ${parameter} at ${new Date(from).toISOString()} for ${r.value} s`).toBe(true);
      }
    // No reading of any parameter has a timestamp inside the gap.
    for (const parameter of [1, 2, 3, 21])
      for (const r of await readings(parameter)) {
        const at = new Date(r.ts).getTime();
        expect(at <= stoppedAt + 1000 || at >= restartedAt, `reading ${parameter} at ${new Date(at).toISOString()}`).toBe(true);
      }
  }, 240_000);
});

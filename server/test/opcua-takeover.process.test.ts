import { afterAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Database } from '../src/db/database.ts';
import { parseMapping } from '../src/telemetry/protocols/opcua/mapping.ts';
import { opcuaLeaseName } from '../src/telemetry/protocols/opcua/connectors.ts';
import { usingPostgres } from './context.ts';
import { crashDatabase } from './crash-database.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { freePort, startServerProcess } from './support/server-process.ts';
import type { ServerProcess } from './support/server-process.ts';
import { MACHINE_NODES as N, TestMachine } from './support/opcua-machine.ts';
import { waitFor } from './wait-for.ts';

/**
 * Two server processes (server/src/main.ts, as `npm start` runs them) on one PostgreSQL database and one OPC UA
 * machine (a node-opcua server in this test): one session to the machine in total; the holder killed with SIGKILL
 * (nothing given up, its lease left to expire), the other instance takes the machine over within 40 s (lease 30 s +
 * one poll of 10 s) and continues the counter from the mark the dead one committed: no reading stored twice, no part
 * counted twice, the parts made while nobody held the machine counted at the takeover.
 */
if (!usingPostgres()) it('OPC UA takeover after kill -9', (ctx) => ctx.skip('PostgreSQL only (TEST_DB=postgres): PGlite is the database of one process'));

/** An active OPC UA module of the test machine: security None, anonymous, a counter, a value and a running node. */
async function createMachineModule(db: Kysely<DB>, companyId: number, deviceId: number, endpointUrl: string): Promise<number> {
  const parsed = parseMapping([`3 | counter | ${N.parts}`, `21 | value | ${N.temperature}`, `running | ${N.running}`].join('\n'));
  if ('error' in parsed) throw new Error(parsed.error);
  const sensor = await db
    .insertInto('sensors')
    .values({
      company_id: companyId,
      device_id: deviceId,
      name: 'Press 1 controller',
      serial_number: `PRESS-${process.pid}`,
      security_code: '',
      protocol: 'opcua',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('opcua_modules')
    .values({
      sensor_id: sensor.id,
      endpoint_url: endpointUrl,
      security_mode: 'None',
      security_policy: 'None',
      sampling_interval_ms: 200,
      mapping: JSON.stringify(parsed.mapping),
    })
    .execute();
  return sensor.id;
}

describe.skipIf(!usingPostgres())('OPC UA: two instances, the holder killed with SIGKILL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  const instances: ServerProcess[] = [];
  let machine: TestMachine;
  let database: Database;
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    await database?.close();
    await machine?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it('keeps one session, and the other instance takes over within 40 s without storing anything twice', async () => {
    machine = new TestMachine(await freePort());
    await machine.start();
    const { env, open } = await crashDatabase('gw-opcua-takeover-', cleanups);
    database = await open();
    const db = database.db;
    await migrate(database);
    const company = await createCompany(db);
    const device = await createDevice(db, company.id);
    const sensorId = await createMachineModule(db, company.id, device.id, machine.endpointUrl);
    const readings = (parameter: number) =>
      db.selectFrom('readings').select(['ts', 'value']).where('sensor_id', '=', sensorId).where('parameter_number', '=', parameter).orderBy('ts').execute();
    const holder = async () =>
      (await db.selectFrom('leases').select(['holder', 'expires_at']).where('name', '=', opcuaLeaseName(sensorId)).executeTakeFirst())?.holder;
    const state = async () =>
      (await db.selectFrom('opcua_modules').select('connection_state').where('sensor_id', '=', sensorId).executeTakeFirstOrThrow()).connection_state;

    const serverEnv = { ...env, DEMO: 'off', DATABASE_POOL_SIZE: '4', LOG_LEVEL: 'info' };
    instances.push(...(await Promise.all([startServerProcess(serverEnv), startServerProcess(serverEnv)])));
    // The sessions the machine has, sampled all along: never two live instances on it at once.
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, machine.sessionCount())), 50);
    cleanups.push(() => clearInterval(sampler));

    const first = await waitFor('a holder', holder, { timeoutMs: 60_000 });
    await waitFor('the session', async () => (await state()) === 'connected', { timeoutMs: 60_000 });
    // The holder is the process whose pid its lease names; the logs (pino) carry each process's pid.
    const pid = Number(first.split(':')[1]);
    const killed = instances.find((instance) => instance.output().includes(`"pid":${pid}`));
    const survivor = instances.find((instance) => instance !== killed);
    expect(killed && survivor, `the holder ${first} among the processes`).toBeTruthy();

    const base = Math.floor(Date.now() / 1000) * 1000 - 30_000;
    machine.set(N.temperature, 40, new Date(base));
    machine.set(N.parts, 5, new Date(base + 1000));
    await waitFor('5 parts and the temperature stored', async () => (await readings(3)).length === 1 && (await readings(21)).some((r) => r.value === 40));
    // The other instance has polled several times meanwhile (every 10 s) and kept off the machine.
    await waitFor('two polls of the other instance', () => Date.now() - base > 50_000, { timeoutMs: 60_000, intervalMs: 500 });
    expect(most).toBe(1);

    const killedAt = Date.now();
    await killed!.kill();
    // While nobody holds the machine it goes on: 3 parts and a new temperature the taker reads as current values.
    machine.set(N.parts, 8, new Date(killedAt + 1000));
    machine.set(N.temperature, 42, new Date(killedAt + 1000));
    const taker = await waitFor(
      'another holder',
      async () => {
        const now = await holder();
        return now !== undefined && now !== first ? now : undefined;
      },
      { timeoutMs: 40_000, intervalMs: 250 },
    );
    expect(taker).not.toBe(first);
    await waitFor('the session on the other instance', async () => (await state()) === 'connected', { timeoutMs: 30_000 });
    await waitFor('the parts made meanwhile', async () => (await readings(3)).length === 2);
    await waitFor('the current temperature', async () => (await readings(21)).some((r) => r.value === 42));

    expect((await readings(3)).map((r) => [new Date(r.ts).getTime(), r.value])).toEqual([
      [base + 1000, 5],
      [killedAt + 1000, 3],
    ]);
    const temperatures = (await readings(21)).map((r) => r.value);
    expect(temperatures.filter((v) => v === 40)).toHaveLength(1);
    expect(temperatures.filter((v) => v === 42)).toHaveLength(1);
    // No reading stored twice: one row per device, parameter and instant.
    const rows = await db.selectFrom('readings').select(['parameter_number', 'ts']).where('sensor_id', '=', sensorId).execute();
    expect(new Set(rows.map((r) => `${r.parameter_number}@${new Date(r.ts).toISOString()}`)).size).toBe(rows.length);
    // The dead instance's session lingers on the machine until it times out; the survivor holds the only live one.
    expect(survivor!.output()).toContain('OPC UA session up');
  }, 300_000);
});

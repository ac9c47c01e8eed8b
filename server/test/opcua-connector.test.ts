import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_MESSAGE_KEYS, sensorSchema } from '@gearwatch/contracts';
import type { Sensor } from '@gearwatch/contracts';
import { OpcuaConnectors, opcuaLeaseName } from '../src/telemetry/protocols/opcua/connectors.ts';
import { OpcuaPki } from '../src/telemetry/protocols/opcua/pki.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { adminClient } from './admin-fixtures.ts';
import { MACHINE_NODES as N, MACHINE_USER, TestMachine } from './support/opcua-machine.ts';
import { waitFor } from './wait-for.ts';

/**
 * The OPC UA connector against a real node-opcua server in this process (docs/opcua.md): the module form's checks
 * against the machine, the subscription storing values with their source timestamps, SignAndEncrypt with a user and
 * password, a wrong password reported on the module, a counter reset, one session per machine with two instances, and
 * a machine that goes away and comes back (no data meanwhile, the module offline).
 */
const quiet = { info: () => undefined, warn: () => undefined };

describe('OPC UA connector', () => {
  let ctx: TestContext;
  let adminToken: string;
  let companyId: number;
  let deviceId: number;
  let sensorId: number;
  const machine = new TestMachine(48_000 + (process.pid % 1000));
  const pki = new OpcuaPki(mkdtempSync(join(tmpdir(), 'gw-opcua-client-')));
  const instances: OpcuaConnectors[] = [];
  const { call, formOf } = adminClient(
    () => ctx,
    () => adminToken,
  );
  const connectors = (holder: string) => {
    const instance = new OpcuaConnectors({
      db: ctx.database.db,
      ingest: ctx.services.ingest,
      secrets: ctx.services.opcuaSecrets,
      pki,
      log: quiet,
      holder,
      pollMs: 300,
      flushIntervalMs: 200,
      reconnectInitialMs: 200,
      reconnectMaxMs: 1000,
      heartbeatMs: 1000,
    });
    instances.push(instance);
    return instance;
  };
  const sensorOf = async (): Promise<Sensor> => sensorSchema.parse((await call('GET', `/api/sensors/${sensorId}`)).json());
  const readings = (parameter: number) =>
    ctx.database.db
      .selectFrom('readings')
      .select(['ts', 'value'])
      .where('sensor_id', '=', sensorId)
      .where('parameter_number', '=', parameter)
      .orderBy('ts')
      .execute();
  const moduleFields = (fields: Record<string, unknown>) => ({
    company: companyId,
    name: 'Lathe 1 controller',
    protocol: 'opcua',
    serialNumber: `LATHE-${process.pid}`,
    timezone: 'Europe/Warsaw',
    device: deviceId,
    active: true,
    opcuaEndpointUrl: machine.endpointUrl,
    opcuaSecurityMode: 'SignAndEncrypt',
    opcuaSecurityPolicy: 'Basic256Sha256',
    opcuaUserName: MACHINE_USER.userName,
    opcuaPassword: MACHINE_USER.password,
    opcuaAcceptServerCertificate: true,
    opcuaSamplingIntervalMs: 100,
    opcuaMapping: [`3 | counter | ${N.parts}`, `21 | value | ${N.temperature} | 0.1 | 0`, `running | ${N.running}`].join('\n'),
    ...fields,
  });
  const create = async (fields: Record<string, unknown>) =>
    call('POST', '/api/sensors', { token: (await formOf('/api/sensors/new')).token, ...moduleFields(fields) });

  beforeAll(async () => {
    ctx = await createTestContext({ DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-opcua-data-')) }, { opcuaPki: pki });
    const company = await createCompany(ctx.database.db, 'Lathe Works');
    companyId = company.id;
    deviceId = (await createDevice(ctx.database.db, companyId, 'Lathe 1')).id;
    const admin = await createUser(ctx.database.db, companyId, { superAdmin: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    await machine.start();
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await machine.stop();
    await ctx?.close();
  }, 60_000);

  it('refuses a mapping to a node the machine does not have, or of the wrong type, and saves nothing', async () => {
    const unknown = await create({ opcuaMapping: `running | ns=1;s=NoSuchNode` });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().errors).toEqual({ opcuaMapping: [ENTITY_MESSAGE_KEYS.opcuaNodeUnknown] });
    const wrongType = await create({ opcuaMapping: `3 | counter | ${N.label}` });
    expect(wrongType.statusCode, wrongType.body).toBe(400);
    expect(wrongType.json().errors).toEqual({ opcuaMapping: [ENTITY_MESSAGE_KEYS.opcuaNodeType] });
    const runningAsNumber = await create({ opcuaMapping: `running | ${N.temperature}` });
    expect(runningAsNumber.json().errors).toEqual({ opcuaMapping: [ENTITY_MESSAGE_KEYS.opcuaNodeType] });
    const count = await ctx.database.db
      .selectFrom('opcua_modules')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  }, 60_000);

  it('saves a SignAndEncrypt module with a user and password; the password is stored sealed and never answered', async () => {
    const response = await create({});
    expect(response.statusCode, response.body).toBe(201);
    sensorId = response.json<{ id: number }>().id;
    const sensor = await sensorOf();
    expect(sensor.opcua).toMatchObject({ securityMode: 'SignAndEncrypt', userName: MACHINE_USER.userName, hasPassword: true, samplingIntervalMs: 100 });
    const edit = await call('GET', `/api/sensors/${sensorId}/edit`);
    for (const body of [JSON.stringify(sensor), edit.body]) expect(body).not.toContain(MACHINE_USER.password);
    expect(edit.json().data.opcuaPassword).toBeNull();
    const row = await ctx.database.db.selectFrom('opcua_modules').select('password_encrypted').where('sensor_id', '=', sensorId).executeTakeFirstOrThrow();
    expect(row.password_encrypted).not.toContain(MACHINE_USER.password);
    expect(ctx.services.opcuaSecrets.open(row.password_encrypted!)).toBe(MACHINE_USER.password);
  }, 60_000);

  it('subscribes and stores values with their source timestamps; a counter reset counts from zero', async () => {
    const a = connectors('instance-a');
    a.start();
    await waitFor('a session', async () => (await sensorOf()).opcua?.connection.state === 'connected');
    const base = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    machine.set(N.temperature, 215, new Date(base));
    await waitFor('the temperature', async () => (await readings(21)).length > 0);
    expect((await readings(21)).map((r) => [new Date(r.ts).getTime(), r.value])).toContainEqual([base, 21.5]);

    // From 0 (the mark set at subscribe) to 5, a PLC restart to 0, then 3: 5 + 3 parts, each at its source time.
    machine.set(N.parts, 5, new Date(base + 1000));
    await waitFor('5 parts', async () => (await readings(3)).length === 1);
    machine.set(N.parts, 0, new Date(base + 2000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    machine.set(N.parts, 3, new Date(base + 3000));
    await waitFor('3 more parts', async () => (await readings(3)).length === 2);
    expect((await readings(3)).map((r) => [new Date(r.ts).getTime(), r.value])).toEqual([
      [base + 1000, 5],
      [base + 3000, 3],
    ]);
  }, 60_000);

  it('keeps one session per machine with two instances; the other takes over when the holder stops', async () => {
    const b = connectors('instance-b');
    await b.poll();
    expect(b.connection(sensorId)).toBeUndefined();
    expect(machine.sessionCount()).toBe(1);
    await instances[0]!.stop();
    await b.poll();
    expect(b.connection(sensorId)).toBeDefined();
    await waitFor('the session on b', async () => (await sensorOf()).opcua?.connection.state === 'connected');
    expect(machine.sessionCount()).toBe(1);
    const lease = await ctx.database.db.selectFrom('leases').select('holder').where('name', '=', opcuaLeaseName(sensorId)).executeTakeFirstOrThrow();
    expect(lease.holder).toBe('instance-b');
    b.start();
  }, 60_000);

  it('marks the module offline while the machine is away and invents no work or activity for the gap', async () => {
    machine.set(N.running, true, new Date());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stoppedAt = Date.now();
    await machine.stop();
    const offline = await waitFor('offline', async () => {
      const sensor = await sensorOf();
      return sensor.opcua?.connection.state === 'offline' ? sensor : undefined;
    });
    expect(offline.opcua!.connection.lastError).toMatch(/machine|reached|lost/);
    // The pause (30 s on a real line, shorter here): nothing is stored meanwhile.
    const before = (await readings(2)).length;
    expect(before).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await readings(2)).length).toBe(before);
    const restartedAt = Date.now();
    await machine.start();
    machine.set(N.running, true, new Date(stoppedAt + 1000));
    await waitFor('the session again', async () => (await sensorOf()).opcua?.connection.state === 'connected', {
      timeoutMs: 30_000,
    });
    await waitFor('work after the return', async () => (await readings(2)).some((r) => new Date(r.ts).getTime() >= restartedAt));
    // Every active or work reading covers time before the stop or after the return, none of the gap.
    for (const parameter of [1, 2])
      for (const r of await readings(parameter)) {
        const from = new Date(r.ts).getTime();
        const to = from + r.value * 1000;
        expect(to <= stoppedAt + 1000 || from >= restartedAt, `reading ${parameter} at ${new Date(from).toISOString()} for ${r.value} s`).toBe(true);
      }
  }, 180_000);

  it('reports a wrong password on the module in plain words', async () => {
    const edit = await formOf(`/api/sensors/${sensorId}/edit`);
    const response = await call('PUT', `/api/sensors/${sensorId}`, { ...moduleFields({ opcuaPassword: 'not-the-password' }), token: edit.token });
    expect(response.statusCode, response.body).toBe(200);
    const sensor = await waitFor('the refusal', async () => {
      const current = await sensorOf();
      return current.opcua?.connection.lastError?.includes('user name or password') ? current : undefined;
    });
    expect(sensor.opcua!.connection.state).toBe('offline');
    expect(sensor.opcua!.connection.lastError).toMatch(/refused the user name or password \(Bad\w+\)/);
  }, 60_000);
});

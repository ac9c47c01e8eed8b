import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENTITY_MESSAGE_KEYS,
  OPCUA_MACHINE_ERROR_KEYS,
  opcuaBrowseResultSchema,
  opcuaCertificateListSchema,
  opcuaPresetResultSchema,
  sensorSchema,
} from '@gearwatch/contracts';
import type { Sensor } from '@gearwatch/contracts';
import { OpcuaConnectors } from '../src/telemetry/protocols/opcua/connectors.ts';
import { OpcuaPki } from '../src/telemetry/protocols/opcua/pki.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice, createUser, signIn } from './fixtures.ts';
import { adminClient } from './admin-fixtures.ts';
import { CompanionMachine } from './support/opcua-companion-machine.ts';
import { MACHINE_NODES as N, MACHINE_USER, TestMachine } from './support/opcua-machine.ts';
import { waitFor } from './wait-for.ts';

/**
 * The OPC UA tools of Administration → Sensors against real node-opcua servers (docs/opcua.md): the browse dialog's
 * calls (one level at a time, with the form's settings or a saved module's, errors named), the umati and EUROMAP 77
 * presets found by browse name, a machine certificate refused until a super-admin trusts it (then the connector of
 * another instance connects) and refused again once revoked, and the write-only password's clear action.
 */
const quiet = { info: () => undefined, warn: () => undefined };

describe('OPC UA browse, presets and certificate trust', () => {
  let ctx: TestContext;
  let adminToken: string;
  let userToken: string;
  let companyId: number;
  let deviceId: number;
  let securedId: number;
  const machine = new TestMachine(47_000 + (process.pid % 1000));
  const companion = new CompanionMachine(46_000 + (process.pid % 1000));
  const { call, formOf } = adminClient(
    () => ctx,
    () => adminToken,
  );
  const connectorPki = new OpcuaPki(mkdtempSync(join(tmpdir(), 'gw-opcua-other-instance-')));
  let connectors: OpcuaConnectors | null = null;

  const machineRequest = (fields: Record<string, unknown> = {}) => ({
    sensor: null,
    opcuaEndpointUrl: machine.endpointUrl,
    opcuaSecurityMode: 'None',
    opcuaSecurityPolicy: 'None',
    opcuaUserName: null,
    opcuaPassword: null,
    opcuaAcceptServerCertificate: false,
    ...fields,
  });
  const browse = (fields: Record<string, unknown> = {}, as?: string) =>
    call('POST', '/api/sensors/opcua/browse', { nodeId: null, ...machineRequest(fields) }, as);
  const sensorOf = async (id: number): Promise<Sensor> => sensorSchema.parse((await call('GET', `/api/sensors/${id}`)).json());
  const moduleFields = (fields: Record<string, unknown>) => ({
    company: companyId,
    name: 'Press 2 controller',
    protocol: 'opcua',
    serialNumber: `PRESS-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    timezone: 'Europe/Warsaw',
    device: deviceId,
    active: true,
    opcuaEndpointUrl: machine.endpointUrl,
    opcuaSecurityMode: 'SignAndEncrypt',
    opcuaSecurityPolicy: 'Basic256Sha256',
    opcuaUserName: MACHINE_USER.userName,
    opcuaPassword: MACHINE_USER.password,
    opcuaAcceptServerCertificate: false,
    opcuaSamplingIntervalMs: 100,
    opcuaMapping: `running | ${N.running}`,
    ...fields,
  });
  const create = async (fields: Record<string, unknown>) => {
    const response = await call('POST', '/api/sensors', { token: (await formOf('/api/sensors/new')).token, ...moduleFields(fields) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    ctx = await createTestContext(
      { DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-opcua-tools-data-')) },
      { opcuaPki: new OpcuaPki(mkdtempSync(join(tmpdir(), 'gw-opcua-tools-pki-'))) },
    );
    const company = await createCompany(ctx.database.db, 'Press Works');
    companyId = company.id;
    deviceId = (await createDevice(ctx.database.db, companyId, 'Press 2')).id;
    const admin = await createUser(ctx.database.db, companyId, { superAdmin: true });
    adminToken = (await signIn(ctx.app, admin.username, admin.password)).access_token;
    const user = await createUser(ctx.database.db, companyId);
    userToken = (await signIn(ctx.app, user.username, user.password)).access_token;
    await Promise.all([machine.start(), companion.start()]);
  }, 120_000);
  afterAll(async () => {
    await connectors?.stop();
    await Promise.all([machine.stop(), companion.stop()]);
    await ctx?.close();
  }, 60_000);

  it('browses the address space one level at a time, with data types and current values', async () => {
    const top = await browse();
    expect(top.statusCode, top.body).toBe(200);
    const objects = opcuaBrowseResultSchema.parse(top.json());
    expect(objects.nodeId).toBe('i=85');
    // The OPC UA server's own Server object is left out; the machine's object has children to open.
    expect(objects.nodes.map((node) => node.displayName)).not.toContain('Server');
    const machineNode = objects.nodes.find((node) => node.displayName === 'Machine');
    expect(machineNode).toMatchObject({ nodeClass: 'object', hasChildren: true, dataType: null });

    const level = opcuaBrowseResultSchema.parse((await browse({ nodeId: machineNode!.nodeId })).json());
    const byId = new Map(level.nodes.map((node) => [node.nodeId, node]));
    expect(byId.get(N.running)).toMatchObject({ nodeClass: 'variable', dataType: 'Boolean', value: 'false', browseName: '1:Running' });
    expect(byId.get(N.parts)).toMatchObject({ dataType: 'UInt32', value: '0' });
    expect(byId.get(N.temperature)).toMatchObject({ dataType: 'Double', value: '20' });
    expect(byId.get(N.label)).toMatchObject({ dataType: 'String', value: 'lathe' });
  }, 60_000);

  it('answers bad input with the form field errors and a machine it cannot use with a named root error', async () => {
    const badForm = await browse({ opcuaEndpointUrl: 'http://10.0.0.5', opcuaSecurityMode: 'Sign', opcuaUserName: 'operator' });
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json().errors).toEqual({
      opcuaEndpointUrl: [ENTITY_MESSAGE_KEYS.opcuaEndpoint],
      opcuaSecurityPolicy: [ENTITY_MESSAGE_KEYS.opcuaSecurity],
      opcuaPassword: [ENTITY_MESSAGE_KEYS.opcuaCredentials],
    });
    const unknownNode = await browse({ nodeId: 'ns=1;s=NoSuchNode' });
    expect(unknownNode.statusCode).toBe(400);
    expect(unknownNode.json().errors).toEqual({ nodeId: [OPCUA_MACHINE_ERROR_KEYS.nodeUnknown] });
    const unreachable = await browse({ opcuaEndpointUrl: 'opc.tcp://127.0.0.1:1' });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().rootErrors).toEqual([OPCUA_MACHINE_ERROR_KEYS.unreachable]);
    expect((await browse({}, userToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/sensors/opcua/preset', { preset: 'umati', ...machineRequest() }, userToken)).statusCode).toBe(403);
  }, 60_000);

  it('fills the umati and EUROMAP 77 presets with the nodes found by browse name', async () => {
    const preset = async (name: string, endpointUrl = companion.endpointUrl) => {
      const response = await call('POST', '/api/sensors/opcua/preset', { preset: name, ...machineRequest({ opcuaEndpointUrl: endpointUrl }) });
      expect(response.statusCode, response.body).toBe(200);
      return opcuaPresetResultSchema.parse(response.json());
    };
    const umati = await preset('umati');
    expect(umati.lines).toEqual([
      `3 | counter | ${companion.nodeIds.get('Lathe/PartsProducedInLifetime')}`,
      `state | ${companion.nodeIds.get('Lathe/OperationMode')} | work=1,3 | active=0,2,4`,
    ]);
    expect(umati.found.map((f) => f.path)).toEqual(['/Lathe/Production/Statistics/PartsProducedInLifetime', '/Lathe/Monitoring/MachineTool/OperationMode']);
    expect(umati.missing).toEqual([]);
    const euromap = await preset('euromap77');
    // The String MachineMode nearer the top is passed over for the enumeration.
    expect(euromap.lines).toEqual([
      `3 | counter | ${companion.nodeIds.get('Moulder/JobCycleCounter')}`,
      `state | ${companion.nodeIds.get('Moulder/MachineMode')} | work=1,2 | active=3,4`,
    ]);
    const none = await preset('euromap77', machine.endpointUrl);
    expect(none).toEqual({ lines: [], found: [], missing: ['cycles', 'state'] });
  }, 60_000);

  it("refuses a machine's certificate until a super-admin trusts it, then connects; a revoke refuses it again", async () => {
    securedId = await create({});
    // Browsing with the saved module's settings (the password left blank: the stored one) meets the certificate.
    const refused = await browse({
      sensor: securedId,
      opcuaSecurityMode: 'SignAndEncrypt',
      opcuaSecurityPolicy: 'Basic256Sha256',
      opcuaUserName: MACHINE_USER.userName,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().rootErrors).toEqual([OPCUA_MACHINE_ERROR_KEYS.untrusted]);

    // Another instance's connector is refused too and says so on the module.
    connectors = new OpcuaConnectors({
      db: ctx.database.db,
      ingest: ctx.services.ingest,
      secrets: ctx.services.opcuaSecrets,
      pki: connectorPki,
      log: quiet,
      holder: 'other-instance',
      pollMs: 300,
      flushIntervalMs: 200,
      reconnectInitialMs: 200,
      reconnectMaxMs: 1000,
      heartbeatMs: 1000,
    });
    connectors.start();
    const untrusted = await waitFor('the refusal', async () => {
      const sensor = await sensorOf(securedId);
      return sensor.opcua?.connection.lastError?.includes('not trusted') ? sensor : undefined;
    });
    expect(untrusted.opcua!.connection.state).toBe('offline');
    expect(machine.sessionCount()).toBe(0);

    const listed = opcuaCertificateListSchema.parse((await call('GET', '/api/opcua-certificates')).json());
    const entry = listed.entries.find((e) => e.sensorId === securedId);
    expect(entry).toMatchObject({ state: 'untrusted', endpointUrl: machine.endpointUrl });
    expect(entry!.certificate.sha1).toMatch(/^([0-9A-F]{2}:){19}[0-9A-F]{2}$/);
    expect(entry!.certificate.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(entry!.certificate.validTo)).toBeGreaterThan(Date.now());
    expect(untrusted.opcua!.certificate).toEqual({ state: 'untrusted', details: entry!.certificate });

    expect((await call('GET', '/api/opcua-certificates', undefined, userToken)).statusCode).toBe(403);
    expect((await call('POST', `/api/opcua-certificates/${securedId}/trust`, { sha256: entry!.certificate.sha256 }, userToken)).statusCode).toBe(403);
    // Another thumbprint than the one presented is refused, nothing trusted.
    const wrong = await call('POST', `/api/opcua-certificates/${securedId}/trust`, { sha256: entry!.certificate.sha1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ sha256: [OPCUA_MACHINE_ERROR_KEYS.certificateChanged] });
    expect((await sensorOf(securedId)).opcua!.certificate!.state).toBe('untrusted');

    const trusted = await call('POST', `/api/opcua-certificates/${securedId}/trust`, { sha256: entry!.certificate.sha256.toLowerCase() });
    expect(trusted.statusCode, trusted.body).toBe(200);
    expect(opcuaCertificateListSchema.parse(trusted.json()).entries.find((e) => e.sensorId === securedId)?.state).toBe('trusted');
    // The other instance takes the trust from the module and connects.
    await waitFor('the session', async () => (await sensorOf(securedId)).opcua?.connection.state === 'connected', { timeoutMs: 30_000 });
    expect(machine.sessionCount()).toBe(1);
    const browsed = await browse({
      sensor: securedId,
      opcuaSecurityMode: 'SignAndEncrypt',
      opcuaSecurityPolicy: 'Basic256Sha256',
      opcuaUserName: MACHINE_USER.userName,
    });
    expect(browsed.statusCode, browsed.body).toBe(200);
    // With the certificate trusted, a wrong password is what the machine says next.
    const wrongPassword = await browse({
      sensor: securedId,
      opcuaSecurityMode: 'SignAndEncrypt',
      opcuaSecurityPolicy: 'Basic256Sha256',
      opcuaUserName: MACHINE_USER.userName,
      opcuaPassword: 'not-the-password',
    });
    expect(wrongPassword.statusCode, wrongPassword.body).toBe(400);
    expect(wrongPassword.json().rootErrors).toEqual([OPCUA_MACHINE_ERROR_KEYS.credentials]);

    const revoked = await call('POST', `/api/opcua-certificates/${securedId}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(opcuaCertificateListSchema.parse(revoked.json()).entries.find((e) => e.sensorId === securedId)?.state).toBe('untrusted');
    // The holder reconnects without the trust and is refused; so is the browse.
    await waitFor('refused again', async () => (await sensorOf(securedId)).opcua?.connection.lastError?.includes('not trusted') === true, {
      timeoutMs: 30_000,
    });
    expect(
      (
        await browse({ sensor: securedId, opcuaSecurityMode: 'SignAndEncrypt', opcuaSecurityPolicy: 'Basic256Sha256', opcuaUserName: MACHINE_USER.userName })
      ).json().rootErrors,
    ).toEqual([OPCUA_MACHINE_ERROR_KEYS.untrusted]);
    expect((await call('POST', `/api/opcua-certificates/${securedId}/revoke`)).statusCode).toBe(404);
    await connectors.stop();
    connectors = null;
  }, 120_000);

  it('masks the password, never answers it, and removes it only by the clear action', async () => {
    const edit = await formOf(`/api/sensors/${securedId}/edit`);
    expect(edit.schema.opcuaPassword).toMatchObject({ type: 'text', secret: true });
    expect(edit.data.opcuaPassword).toBeNull();
    expect(edit.data.opcuaClearPassword).toBe(false);
    const put = async (fields: Record<string, unknown>) =>
      call('PUT', `/api/sensors/${securedId}`, {
        ...moduleFields({ opcuaPassword: null, opcuaMapping: null, ...fields }),
        token: (await formOf(`/api/sensors/${securedId}/edit`)).token,
      });
    // Blank keeps it.
    expect((await put({})).statusCode).toBe(200);
    expect((await sensorOf(securedId)).opcua!.hasPassword).toBe(true);
    // Cleared while a user name stays: a user name needs a password, nothing saved.
    const refused = await put({ opcuaClearPassword: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ opcuaPassword: [ENTITY_MESSAGE_KEYS.opcuaCredentials] });
    expect((await sensorOf(securedId)).opcua!.hasPassword).toBe(true);
    // Cleared with the user name: anonymous, no password kept.
    expect((await put({ opcuaClearPassword: true, opcuaUserName: null })).statusCode).toBe(200);
    const row = await ctx.database.db
      .selectFrom('opcua_modules')
      .select(['password_encrypted', 'user_name'])
      .where('sensor_id', '=', securedId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_encrypted: null, user_name: null });
  }, 60_000);
});

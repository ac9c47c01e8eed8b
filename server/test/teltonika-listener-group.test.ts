import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TELTONIKA_IO } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { telemetryCounts } from './ingest-fixtures.ts';
import { TrackerClient, ackOf, avlPacket, avlRecord, createTeltonikaModule, mapIoParameter, startListener, waitUntil } from './teltonika-listener-fixtures.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';
import type { GroupIngest, IngestRejectLog } from '../src/telemetry/types.ts';

/** Group commit: packets of many connections that arrive together are stored in one transaction, each acknowledged after it. */
describe('Teltonika listener: group commit', () => {
  let ctx: TestContext;
  const clients: TrackerClient[] = [];
  const stops: (() => Promise<void>)[] = [];
  const db = () => ctx.database.db;
  const VOLTAGE = 11;

  /**
   * A listener whose groups wait for `release` before their transaction (PGlite has one connection, so a transaction
   * held open would hold up the other connections' module lookups too), counting the packets in each; a transaction
   * fails at its end as an unavailable database does when told to, or for its data when it holds the poisoned module.
   */
  async function heldListener() {
    let release: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const control = { fail: false, poisonedSensor: null as number | null, groupSizes: [] as number[], release: () => release() };
    const inner = createIngestService(db(), {
      beforeCommit: (module) => {
        if (control.fail) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        if (module.sensorId === control.poisonedSensor) throw Object.assign(new Error('value out of range: overflow'), { code: '22003' });
      },
    });
    const counting: GroupIngest & IngestRejectLog = {
      ingestGroup: async (entries) => {
        control.groupSizes.push(entries.length);
        await gate;
        return inner.ingestGroup(entries);
      },
      recordReject: (reject) => inner.recordReject(reject),
    };
    const started = await startListener({ db: db(), ingest: counting, unknownModules: ctx.services.unknownModules });
    stops.push(() => {
      release();
      gate = Promise.resolve();
      return started.listener.stop();
    });
    return { ...started, control };
  }

  async function trackers(count: number) {
    const company = await createCompany(db());
    const list = [];
    for (let i = 0; i < count; i++) {
      const device = await createDevice(db(), company.id);
      await mapIoParameter(db(), device.deviceTypeId, VOLTAGE, TELTONIKA_IO.externalVoltage, 0.001);
      list.push({ deviceId: device.id, ...(await createTeltonikaModule(db(), company.id, device.id)) });
    }
    return list;
  }

  async function connected(port: number, imei: string) {
    const client = await TrackerClient.connect(port);
    clients.push(client);
    expect(await client.handshake(imei)).toBe(0x01);
    return client;
  }

  const packetAt = (ms: number, millivolts: number) => avlPacket([avlRecord(ms, [{ id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: millivolts }])]);
  const voltageOf = async (deviceId: number) =>
    (await db().selectFrom('readings').select('value').where('device_id', '=', deviceId).where('parameter_number', '=', VOLTAGE).execute()).map((r) => r.value);

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    for (const stop of stops.splice(0)) await stop();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores the packets that arrive while a transaction runs in the next one, and acknowledges each after its commit', async () => {
    const { port, handler, control } = await heldListener();
    const [first, ...others] = await trackers(6);
    const at = Date.now() - 60_000;
    const firstClient = await connected(port, first!.imei);
    const otherClients = await Promise.all(others.map((t) => connected(port, t.imei)));

    await firstClient.write(packetAt(at, 12_000));
    await waitUntil('the first group to start', () => control.groupSizes.length === 1);
    await Promise.all(otherClients.map((client, i) => client.write(packetAt(at, 13_000 + i))));
    await waitUntil('the other packets to wait for the next group', () => handler.committer.waitingCount === others.length);
    // Nothing is acknowledged before its commit.
    expect([firstClient, ...otherClients].map((c) => c.unread)).toEqual([0, 0, 0, 0, 0, 0]);

    control.release();
    expect(await firstClient.receive(4)).toEqual(ackOf(1));
    expect(await Promise.all(otherClients.map((c) => c.receive(4)))).toEqual(others.map(() => ackOf(1)));
    expect(control.groupSizes).toEqual([1, others.length]);
    expect(await voltageOf(first!.deviceId)).toEqual([12]);
    for (const [i, tracker] of others.entries()) expect(await voltageOf(tracker.deviceId)).toEqual([13 + i / 1000]);
  });

  it('acknowledges none of a group whose database became unavailable and closes their connections, storing nothing', async () => {
    const { port, handler, control } = await heldListener();
    const [first, ...others] = await trackers(4);
    const at = Date.now() - 60_000;
    const firstClient = await connected(port, first!.imei);
    const otherClients = await Promise.all(others.map((t) => connected(port, t.imei)));
    await firstClient.write(packetAt(at, 12_000));
    await waitUntil('the first group to start', () => control.groupSizes.length === 1);
    await Promise.all(otherClients.map((client) => client.write(packetAt(at, 14_000))));
    await waitUntil('the other packets to wait for the next group', () => handler.committer.waitingCount === others.length);
    const before = await telemetryCounts(db());

    control.fail = true;
    control.release();
    await Promise.all([firstClient, ...otherClients].map((c) => c.closed));
    expect([firstClient, ...otherClients].map((c) => c.unread)).toEqual([0, 0, 0, 0]);
    expect(control.groupSizes).toEqual([1, others.length]);
    expect(await telemetryCounts(db())).toEqual(before);
  });

  it("stores the rest of a group the database refused for one packet's data, and keeps and acknowledges that packet", async () => {
    const { port, handler, control } = await heldListener();
    const [first, good, poisoned, alsoGood] = await trackers(4);
    const at = Date.now() - 60_000;
    const [firstClient, goodClient, poisonedClient, alsoGoodClient] = await Promise.all(
      [first!, good!, poisoned!, alsoGood!].map((t) => connected(port, t.imei)),
    );
    await firstClient!.write(packetAt(at, 12_000));
    await waitUntil('the first group to start', () => control.groupSizes.length === 1);
    control.poisonedSensor = poisoned!.id;
    for (const [client, millivolts] of [
      [goodClient!, 15_000],
      [poisonedClient!, 16_000],
      [alsoGoodClient!, 17_000],
    ] as const) {
      await client.write(packetAt(at, millivolts));
    }
    await waitUntil('the three packets to wait for the next group', () => handler.committer.waitingCount === 3);
    control.release();
    expect(await Promise.all([firstClient!, goodClient!, poisonedClient!, alsoGoodClient!].map((c) => c.receive(4)))).toEqual([
      ackOf(1),
      ackOf(1),
      ackOf(1),
      ackOf(1),
    ]);
    // The group of three failed, then each was stored alone: the poisoned one is kept in ingest_rejects with its cause.
    expect(control.groupSizes).toEqual([1, 3, 1, 1, 1]);
    expect(await voltageOf(good!.deviceId)).toEqual([15]);
    expect(await voltageOf(alsoGood!.deviceId)).toEqual([17]);
    expect(await voltageOf(poisoned!.deviceId)).toEqual([]);
    const rejects = await db().selectFrom('ingest_rejects').select(['reason', 'source']).where('serial_number', '=', poisoned!.imei).execute();
    expect(rejects).toEqual([{ source: 'teltonika', reason: expect.stringMatching(/^not storable: SQLSTATE 22003/) }]);
  });

  it('stores the rest of a group when the batch rules refuse one of its packets for good', async () => {
    const { port, handler, control } = await heldListener();
    const [first, good, refused] = await trackers(3);
    const at = Date.now() - 60_000;
    const [firstClient, goodClient, refusedClient] = await Promise.all([first!, good!, refused!].map((t) => connected(port, t.imei)));
    await firstClient!.write(packetAt(at, 12_000));
    await waitUntil('the first group to start', () => control.groupSizes.length === 1);
    await goodClient!.write(packetAt(at, 15_000));
    // A day ahead: the batch rules refuse it, so it is acknowledged and kept in ingest_rejects, outside the transaction.
    await refusedClient!.write(packetAt(Date.now() + 86_400_000, 16_000));
    await waitUntil('both packets to wait for the next group', () => handler.committer.waitingCount === 2);
    control.release();
    expect(await Promise.all([firstClient!, goodClient!, refusedClient!].map((c) => c.receive(4)))).toEqual([ackOf(1), ackOf(1), ackOf(1)]);
    expect(await voltageOf(good!.deviceId)).toEqual([15]);
    expect(await voltageOf(refused!.deviceId)).toEqual([]);
    expect(await db().selectFrom('ingest_rejects').select('serial_number').where('serial_number', '=', refused!.imei).execute()).toHaveLength(1);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PARAMETER_NUMBERS, TELTONIKA_IO } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { forkliftRecords } from './teltonika-forklift.ts';
import { TrackerClient, ackOf, avlPacket, avlRecord, createTeltonikaModule, mapIoParameter, startListener } from './teltonika-listener-fixtures.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';
import type { AvlIoElement, AvlRecord } from '../src/telemetry/protocols/teltonika/avl-types.ts';
import type { TeltonikaListener } from '../src/telemetry/protocols/teltonika/listener.ts';

/** What a tracker's packets become: each company's own data, work and active, operator sessions. */
describe('Teltonika listener: stored data', () => {
  let ctx: TestContext;
  let listener: TeltonikaListener;
  let port: number;
  const clients: TrackerClient[] = [];
  const db = () => ctx.database.db;
  const VOLTAGE = 11;

  const connect = async (to = port) => {
    const client = await TrackerClient.connect(to);
    clients.push(client);
    return client;
  };

  /** A company with a device whose type maps external voltage (IO 66, mV) to parameter 11 in volts, and its tracker. */
  async function trackedDevice(options: { sendPeriodSeconds?: number } = {}) {
    const company = await createCompany(db());
    const device = await createDevice(db(), company.id);
    await mapIoParameter(db(), device.deviceTypeId, VOLTAGE, TELTONIKA_IO.externalVoltage, 0.001);
    const tracker = await createTeltonikaModule(db(), company.id, device.id, options);
    return { companyId: company.id, deviceId: device.id, ...tracker };
  }

  async function send(imei: string, packets: Uint8Array[], counts: number[]): Promise<void> {
    const client = await connect();
    expect(await client.handshake(imei)).toBe(0x01);
    for (const [i, packet] of packets.entries()) {
      await client.write(packet);
      expect(await client.receive(4)).toEqual(ackOf(counts[i]!));
    }
  }

  const flags = (ignition: number, moving: number): AvlIoElement[] => [
    { id: TELTONIKA_IO.ignition, byteLength: 1, value: ignition },
    { id: TELTONIKA_IO.movement, byteLength: 1, value: moving },
  ];
  const sumOf = async (deviceId: number, parameter: number) =>
    Number(
      (
        await db()
          .selectFrom('readings')
          .select(({ fn }) => fn.sum<number>('value').as('total'))
          .where('device_id', '=', deviceId)
          .where('parameter_number', '=', parameter)
          .executeTakeFirstOrThrow()
      ).total ?? 0,
    );
  /** Whole minutes, in the last hour: ingest refuses timestamps more than 5 minutes ahead. */
  const recentStart = () => Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ listener, port } = await startListener({ db: db(), ingest: ctx.services.ingest, unknownModules: ctx.services.unknownModules }));
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });
  afterAll(async () => {
    await listener?.stop();
    await ctx?.close();
  });

  it("gives two companies' devices connected at once only their own data", async () => {
    const a = await trackedDevice();
    const b = await trackedDevice();
    const from = recentStart();
    const packetFor = (millivolts: number) =>
      avlPacket([0, 1, 2].map((i) => avlRecord(from + i * 10_000, [{ id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: millivolts + i }])));
    const clientA = await connect();
    const clientB = await connect();
    expect([await clientA.handshake(a.imei), await clientB.handshake(b.imei)]).toEqual([1, 1]);
    // Both packets in flight together, on two sockets.
    await Promise.all([clientA.write(packetFor(12_000)), clientB.write(packetFor(24_000))]);
    expect(await Promise.all([clientA.receive(4), clientB.receive(4)])).toEqual([ackOf(3), ackOf(3)]);

    const readingsOf = (deviceId: number) =>
      db()
        .selectFrom('readings')
        .select(['company_id', 'sensor_id', 'value'])
        .where('device_id', '=', deviceId)
        .where('parameter_number', '=', VOLTAGE)
        .orderBy('ts')
        .execute();
    expect(await readingsOf(a.deviceId)).toEqual([12, 12.001, 12.002].map((value) => ({ company_id: a.companyId, sensor_id: a.id, value })));
    expect(await readingsOf(b.deviceId)).toEqual([24, 24.001, 24.002].map((value) => ({ company_id: b.companyId, sensor_id: b.id, value })));
    const positionCompanies = await db()
      .selectFrom('positions')
      .select(['device_id', 'company_id'])
      .distinct()
      .where('sensor_id', 'in', [a.id, b.id])
      .orderBy('device_id')
      .execute();
    expect(positionCompanies).toEqual(
      [
        { device_id: a.deviceId, company_id: a.companyId },
        { device_id: b.deviceId, company_id: b.companyId },
      ].sort((x, y) => x.device_id - y.device_id),
    );
  });

  it('stores work and active across two packets equal to a raw computation over the records', async () => {
    const device = await trackedDevice({ sendPeriodSeconds: 30 });
    const maxGapMs = 60_000;
    const from = recentStart();
    // Records 20 s apart with every state, one silence of 90 s (over twice the send period: no data).
    const states: [number, number, number][] = [
      [0, 1, 0],
      [20, 1, 1],
      [40, 1, 1],
      [60, 0, 0],
      [80, 1, 0],
      [100, 1, 1],
      [190, 1, 1],
      [210, 0, 1],
      [230, 1, 1],
      [250, 1, 0],
      [270, 0, 0],
    ];
    const records: AvlRecord[] = states.map(([seconds, ignition, moving]) => avlRecord(from + seconds * 1000, flags(ignition, moving)));
    let rawWork = 0;
    let rawActive = 0;
    for (let i = 0; i + 1 < records.length; i++) {
      const gap = records[i + 1]!.timestampMs - records[i]!.timestampMs;
      if (gap > maxGapMs) continue;
      const [, ignition, moving] = states[i]!;
      if (ignition) rawActive += gap / 1000;
      if (ignition && moving) rawWork += gap / 1000;
    }
    // Split so the working interval from 190 s to 210 s spans the two packets: it is counted when the second arrives.
    await send(device.imei, [avlPacket(records.slice(0, 7)), avlPacket(records.slice(7))], [7, 4]);
    expect([await sumOf(device.deviceId, PARAMETER_NUMBERS.work), await sumOf(device.deviceId, PARAMETER_NUMBERS.active)]).toEqual([rawWork, rawActive]);
    // The raw computation by hand: work 20-60, 190-210, 230-250; active also 0-20, 80-100, 250-270.
    expect([rawWork, rawActive]).toEqual([80, 140]);
    const last = await db().selectFrom('teltonika_last_records').selectAll().where('sensor_id', '=', device.id).executeTakeFirstOrThrow();
    expect([new Date(last.ts).getTime(), last.ignition, last.moving]).toEqual([from + 270_000, false, false]);
  });

  it("keeps the latest record only with its packet's commit", async () => {
    const device = await trackedDevice();
    const from = recentStart();
    await send(device.imei, [avlPacket([avlRecord(from, flags(1, 1))])], [1]);
    const failing = createIngestService(db(), {
      beforeCommit: () => {
        // What the driver throws when the server goes away mid-transaction (storage-failures.ts: unavailable, not a data fault).
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
    });
    const second = await startListener({ db: db(), ingest: failing, unknownModules: ctx.services.unknownModules });
    try {
      const client = await connect(second.port);
      await client.handshake(device.imei);
      await client.write(avlPacket([avlRecord(from + 30_000, flags(0, 0))]));
      await client.closed;
    } finally {
      await second.listener.stop();
    }
    const last = await db().selectFrom('teltonika_last_records').select('ts').where('sensor_id', '=', device.id).executeTakeFirstOrThrow();
    expect(new Date(last.ts).getTime()).toBe(from);
    expect(await sumOf(device.deviceId, PARAMETER_NUMBERS.active)).toBe(0);
  });

  it('opens an operator session for a card on IO 78 and closes it with 0', async () => {
    const device = await trackedDevice();
    const from = recentStart();
    const button = (value: bigint): AvlIoElement => ({ id: TELTONIKA_IO.iButton, byteLength: 8, value });
    await send(device.imei, [avlPacket([avlRecord(from, [button(0xabcdef0123n)]), avlRecord(from + 20_000, [button(0xabcdef0123n)])])], [2]);
    const state = await db().selectFrom('device_state').select('current_rfid').where('device_id', '=', device.deviceId).executeTakeFirstOrThrow();
    expect(state.current_rfid).toBe('000000ABCDEF0123');
    const sessions = () =>
      db().selectFrom('operator_sessions').select(['company_id', 'rfid', 'started_at', 'ended_at']).where('device_id', '=', device.deviceId).execute();
    expect((await sessions()).map((s) => [s.company_id, s.rfid, new Date(s.started_at).getTime(), s.ended_at])).toEqual([
      [device.companyId, '000000ABCDEF0123', from, null],
    ]);

    await send(device.imei, [avlPacket([avlRecord(from + 60_000, [button(0n)])])], [1]);
    expect((await sessions()).map((s) => [s.rfid, new Date(s.started_at).getTime(), s.ended_at && new Date(s.ended_at).getTime()])).toEqual([
      ['000000ABCDEF0123', from, from + 60_000],
    ]);
    expect(
      (await db().selectFrom('device_state').select('current_rfid').where('device_id', '=', device.deviceId).executeTakeFirstOrThrow()).current_rfid,
    ).toBeNull();
  });

  it("keeps an unassigned tracker's readings apart, as for HTTP", async () => {
    const company = await createCompany(db());
    const tracker = await createTeltonikaModule(db(), company.id, null);
    const from = recentStart();
    await send(tracker.imei, [avlPacket([avlRecord(from, flags(1, 1)), avlRecord(from + 30_000, flags(1, 0))])], [2]);
    const unassigned = await db()
      .selectFrom('unassigned_readings')
      .select(['company_id', 'parameter_number', 'value'])
      .where('sensor_id', '=', tracker.id)
      .orderBy('parameter_number')
      .execute();
    expect(unassigned).toEqual([
      { company_id: company.id, parameter_number: PARAMETER_NUMBERS.work, value: 30 },
      { company_id: company.id, parameter_number: PARAMETER_NUMBERS.active, value: 30 },
    ]);
  });

  /**
   * A tracker's data belongs to the company its module is registered to when each packet arrives, never to the one
   * it was registered to when the device connected.
   */
  describe('a module moved to another company while connected', () => {
    const rowsOf = (companyId: number) =>
      Promise.all([
        db()
          .selectFrom('readings')
          .select(['device_id', 'parameter_number', 'ts'])
          .where('company_id', '=', companyId)
          .orderBy('parameter_number')
          .orderBy('ts')
          .execute(),
        db().selectFrom('positions').select(['device_id', 'ts']).where('company_id', '=', companyId).orderBy('ts').execute(),
      ]).then(([readings, positions]) => ({ readings, positions }));

    /** Company A's forklift maps external voltage to parameter 11, company B's to 21; A's tracker sends, is moved to B, sends. */
    async function moveWhileConnected() {
      const companyA = await createCompany(db());
      const deviceA = await createDevice(db(), companyA.id);
      await mapIoParameter(db(), deviceA.deviceTypeId, 11, TELTONIKA_IO.externalVoltage, 0.001);
      const companyB = await createCompany(db());
      const deviceB = await createDevice(db(), companyB.id);
      await mapIoParameter(db(), deviceB.deviceTypeId, 21, TELTONIKA_IO.externalVoltage, 0.001);
      const tracker = await createTeltonikaModule(db(), companyA.id, deviceA.id);

      const client = await connect();
      expect(await client.handshake(tracker.imei)).toBe(0x01);
      const from = Math.floor((Date.now() - 1_800_000) / 1000) * 1000;
      await client.write(avlPacket(forkliftRecords(1, from, 5, 10_000)));
      expect(await client.receive(4)).toEqual(ackOf(5));
      const beforeMove = await rowsOf(companyA.id);
      expect(beforeMove.positions).toHaveLength(5);

      // The super-admin moves the module to company B, fitted to B's forklift; the connection stays open.
      await db().updateTable('sensors').set({ company_id: companyB.id, device_id: deviceB.id }).where('id', '=', tracker.id).execute();
      const later = from + 60_000;
      await client.write(avlPacket(forkliftRecords(1, later, 5, 10_000, 5)));
      expect(await client.receive(4)).toEqual(ackOf(5));
      return { beforeMove, afterMove: { a: await rowsOf(companyA.id), b: await rowsOf(companyB.id) }, deviceB: deviceB.id, later };
    }

    it("stores the packets after the move as the new company's device data, and none of them for the old company", async () => {
      const { beforeMove, afterMove, deviceB, later } = await moveWhileConnected();
      expect(afterMove.a).toEqual(beforeMove);
      const { readings, positions } = afterMove.b;
      expect(positions.map((p) => [p.device_id, new Date(p.ts).getTime()])).toEqual([0, 1, 2, 3, 4].map((i) => [deviceB, later + i * 10_000]));
      expect(new Set(readings.map((r) => r.device_id))).toEqual(new Set([deviceB]));
      expect(readings.filter((r) => r.parameter_number === 21).map((r) => new Date(r.ts).getTime())).toEqual([0, 1, 2, 3, 4].map((i) => later + i * 10_000));
      expect(readings.filter((r) => r.parameter_number === 11)).toHaveLength(0);
    });

    // The module's latest record belongs to the device it was sent for (migration 031): the first record for B's
    // forklift has no previous sample, so nothing is counted before the move.
    it("counts no work or activity for company B from a record sent while the module was company A's", async () => {
      const { afterMove, later } = await moveWhileConnected();
      expect(afterMove.b.readings.filter((r) => new Date(r.ts).getTime() < later)).toEqual([]);
    });
  });
});

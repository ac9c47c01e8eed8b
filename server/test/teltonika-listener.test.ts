import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_MESSAGE_KEYS, TELTONIKA_IO } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { createModule, telemetryCounts } from './ingest-fixtures.ts';
import { TRACCAR, bytesOf } from './teltonika-fixtures.ts';
import {
  TrackerClient,
  ackOf,
  avlPacket,
  avlRecord,
  createTeltonikaModule,
  handshakeBytes,
  mapIoParameter,
  startListener,
  uniqueImei,
  waitUntil,
} from './teltonika-listener-fixtures.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';
import { decodeAvlPacket } from '../src/telemetry/protocols/teltonika/avl-decoder.ts';
import type { TeltonikaListener } from '../src/telemetry/protocols/teltonika/listener.ts';

/** The listener over real TCP sockets: handshake, framing, acknowledgement after commit, refusals. */
describe('Teltonika listener: connections and packets', () => {
  let ctx: TestContext;
  let listener: TeltonikaListener;
  let port: number;
  let tracker: { id: number; imei: string };
  let deviceId: number;
  const clients: TrackerClient[] = [];
  const db = () => ctx.database.db;
  const VOLTAGE = 11;

  const connect = async (to = port) => {
    const client = await TrackerClient.connect(to);
    clients.push(client);
    return client;
  };
  /** A packet of `count` records a second apart from `fromMs`, each with external voltage `fromMs`-dependent. */
  const recentPacket = (fromMs: number, count: number) =>
    avlPacket(Array.from({ length: count }, (_, i) => avlRecord(fromMs + i * 1000, [{ id: TELTONIKA_IO.externalVoltage, byteLength: 2, value: 12_000 + i }])));
  const voltageReadings = async () =>
    (
      await db()
        .selectFrom('readings')
        .select(['ts', 'value'])
        .where('device_id', '=', deviceId)
        .where('parameter_number', '=', VOLTAGE)
        .orderBy('ts')
        .execute()
    ).map((r) => [new Date(r.ts).getTime(), r.value]);
  const rejects = () => db().selectFrom('ingest_rejects').selectAll().where('source', '=', 'teltonika').orderBy('id').execute();
  let clock = Date.now() - 3_600_000;
  /** Timestamps unique to each test, in the last hour (ingest takes nothing more than 5 minutes ahead). */
  const nextMinute = () => (clock += 60_000) - (clock % 1000);

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    const device = await createDevice(db(), company.id);
    deviceId = device.id;
    await mapIoParameter(db(), device.deviceTypeId, VOLTAGE, TELTONIKA_IO.externalVoltage, 0.001);
    tracker = await createTeltonikaModule(db(), company.id, device.id);
    ({ listener, port } = await startListener({ db: db(), ingest: ctx.services.ingest, unknownModules: ctx.services.unknownModules }));
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });
  afterAll(async () => {
    await listener?.stop();
    await ctx?.close();
  });

  describe('handshake', () => {
    it('answers 01 to an active Teltonika module', async () => {
      const client = await connect();
      expect(await client.handshake(tracker.imei)).toBe(0x01);
      expect(client.isClosed).toBe(false);
    });

    it('answers 00 to an unknown IMEI, records it for the super-admins and closes', async () => {
      const imei = uniqueImei();
      const client = await connect();
      expect(await client.handshake(imei)).toBe(0x00);
      await client.closed;
      const unknown = await db().selectFrom('unknown_modules').selectAll().where('serial_number', '=', imei).executeTakeFirstOrThrow();
      expect(unknown).toMatchObject({ protocol: 'teltonika', attempts: 1, last_address: expect.stringContaining('127.0.0.1') });
    });

    it('refuses an inactive module without listing it as unknown', async () => {
      const company = await createCompany(db());
      const inactive = await createTeltonikaModule(db(), company.id, null, { active: false });
      const client = await connect();
      expect(await client.handshake(inactive.imei)).toBe(0x00);
      await client.closed;
      expect(await db().selectFrom('unknown_modules').selectAll().where('serial_number', '=', inactive.imei).execute()).toEqual([]);
    });

    it("refuses a gearwatch module's serial: only Teltonika modules connect here", async () => {
      const company = await createCompany(db());
      const gearwatch = await createModule(db(), company.id, null);
      // A gearwatch serial that is also a valid IMEI.
      const imei = uniqueImei();
      await db().updateTable('sensors').set({ serial_number: imei }).where('id', '=', gearwatch.id).execute();
      const client = await connect();
      expect(await client.handshake(imei)).toBe(0x00);
      await client.closed;
      expect(await db().selectFrom('unknown_modules').select('protocol').where('serial_number', '=', imei).execute()).toEqual([{ protocol: 'teltonika' }]);
    });

    it('closes on a handshake declaring over 64 bytes and keeps nothing of it (anything may knock on the port)', async () => {
      const before = (await rejects()).length;
      const client = await connect();
      await client.write(Uint8Array.from([0x10, 0x00, 0x33, 0x35]));
      await client.closed;
      expect(client.unread).toBe(0);
      expect(await rejects()).toHaveLength(before);
    });

    it('answers 00 to a handshake that is not an IMEI', async () => {
      const client = await connect();
      await client.write(Uint8Array.from([0, 3, 0x41, 0x42, 0x43]));
      expect((await client.receive(1))[0]).toBe(0x00);
      await client.closed;
    });
  });

  describe('packets', () => {
    it('acknowledges a packet with its record count after storing it', async () => {
      const from = nextMinute();
      const client = await connect();
      await client.handshake(tracker.imei);
      await client.write(recentPacket(from, 3));
      expect(await client.receive(4)).toEqual(ackOf(3));
      expect((await voltageReadings()).filter(([ts]) => ts! >= from)).toEqual([
        [from, 12],
        [from + 1000, 12.001],
        [from + 2000, 12.002],
      ]);
    });

    it('reads a handshake and packet sent one byte per segment', async () => {
      const from = nextMinute();
      const client = await connect();
      await client.writeByteByByte(handshakeBytes(tracker.imei));
      expect((await client.receive(1))[0]).toBe(0x01);
      await client.writeByteByByte(recentPacket(from, 2));
      expect(await client.receive(4)).toEqual(ackOf(2));
      expect((await voltageReadings()).filter(([ts]) => ts! >= from)).toHaveLength(2);
    });

    it('reads a handshake and several packets coalesced into one write, answering each in order', async () => {
      const from = nextMinute();
      const client = await connect();
      await client.write(Buffer.concat([handshakeBytes(tracker.imei), recentPacket(from, 1), recentPacket(from + 10_000, 2), recentPacket(from + 20_000, 3)]));
      expect(await client.receive(1 + 12)).toEqual(Buffer.concat([Buffer.of(0x01), ackOf(1), ackOf(2), ackOf(3)]));
      expect((await voltageReadings()).filter(([ts]) => ts! >= from)).toHaveLength(6);
    });

    it('acknowledges a packet sent again after a lost acknowledgement and stores nothing twice', async () => {
      const packet = recentPacket(nextMinute(), 4);
      const first = await connect();
      await first.handshake(tracker.imei);
      await first.write(packet);
      await first.receive(4);
      // The acknowledgement was lost: the device reconnects and sends the packet again.
      await first.close();
      const before = await telemetryCounts(db());
      const again = await connect();
      await again.handshake(tracker.imei);
      await again.write(packet);
      expect(await again.receive(4)).toEqual(ackOf(4));
      expect(await telemetryCounts(db())).toEqual(before);
    });

    it('gives a packet with a wrong CRC no acknowledgement and keeps it in ingest_rejects', async () => {
      const from = nextMinute();
      const damaged = Buffer.from(recentPacket(from, 2));
      damaged[damaged.length - 1]! ^= 0xff;
      const client = await connect();
      await client.handshake(tracker.imei);
      await client.write(damaged);
      // Packets are answered in order: the next packet's acknowledgement is the first answer, so the damaged one got none.
      await client.write(recentPacket(from + 30_000, 1));
      expect(await client.receive(4)).toEqual(ackOf(1));
      expect(client.unread).toBe(0);
      expect((await voltageReadings()).filter(([ts]) => ts! >= from)).toEqual([[from + 30_000, 12]]);
      const [reject] = (await rejects()).filter((r) => r.payload === damaged.toString('hex'));
      expect(reject).toMatchObject({ serial_number: tracker.imei, topic: null });
      expect(reject!.reason).toMatch(/^crc-mismatch: packet says 0x[0-9a-f]{4}, data gives 0x[0-9a-f]{4}$/);
    });

    it('acknowledges a packet the ingest rules refuse for good (a timestamp a day ahead) and keeps it in ingest_rejects', async () => {
      const packet = recentPacket(Date.now() + 86_400_000, 1);
      const before = await telemetryCounts(db());
      const client = await connect();
      await client.handshake(tracker.imei);
      await client.write(packet);
      expect(await client.receive(4)).toEqual(ackOf(1));
      const [reject] = (await rejects()).filter((r) => r.payload === Buffer.from(packet).toString('hex'));
      expect(reject!.reason).toContain(`readings.0.ts: ${INGEST_MESSAGE_KEYS.timestampOutOfRange}`);
      expect(await telemetryCounts(db())).toEqual({ ...before, ingest_rejects: before.ingest_rejects! + 1 });
    });

    it("stores a real device's packet (Traccar's Codec 8 capture) with its past timestamps", async () => {
      const bytes = bytesOf(TRACCAR.codec8ThreeRecords);
      const decoded = decodeAvlPacket(bytes).records;
      const client = await connect();
      await client.handshake(tracker.imei);
      await client.write(bytes);
      expect(await client.receive(4)).toEqual(ackOf(3));
      const positions = await db()
        .selectFrom('positions')
        .select(['ts', 'lat', 'lon'])
        .where('sensor_id', '=', tracker.id)
        .where('ts', '<', new Date('2023-01-01'))
        .orderBy('ts')
        .execute();
      const fixes = decoded.filter((r) => r.gps.satellites > 0).sort((a, b) => a.timestampMs - b.timestampMs);
      expect(fixes.length).toBeGreaterThan(0);
      expect(positions.map((p) => [new Date(p.ts).getTime(), p.lat, p.lon])).toEqual(fixes.map((r) => [r.timestampMs, r.gps.latitude, r.gps.longitude]));
    });

    /** Sends `bytes` after an accepted handshake; resolves once the server has closed the connection, unanswered. */
    async function sendUntilClosed(bytes: Uint8Array): Promise<void> {
      const client = await connect();
      expect(await client.handshake(tracker.imei)).toBe(0x01);
      await client.write(bytes);
      await client.closed;
      expect(client.unread).toBe(0);
    }
    /** The reject of a frame refused for its framing: recorded as the connection closes, so waited for. */
    async function framingReject(reason: string) {
      let found: Awaited<ReturnType<typeof rejects>> = [];
      await waitUntil(`a reject "${reason}"`, async () => (found = (await rejects()).filter((r) => r.reason === reason)).length > 0);
      return found;
    }

    it('closes the connection on a length over the limit, before its bytes arrive, and keeps what came in ingest_rejects', async () => {
      // A data field of 1 MiB + 1 declared (the limit is 64 KiB), then the first bytes of one.
      await sendUntilClosed(Uint8Array.from([0, 0, 0, 0, 0x00, 0x10, 0x00, 0x01, 0x8e, 0x01]));
      expect(await framingReject('bad-length: data field length 1048577 outside 3..65536')).toEqual([
        expect.objectContaining({ source: 'teltonika', topic: null, serial_number: tracker.imei, payload: '00000000001000018e01' }),
      ]);
    });

    it('closes the connection on a bad preamble and keeps the packet in ingest_rejects', async () => {
      const packet = Buffer.from(recentPacket(nextMinute(), 2));
      packet[2] = 0x5a;
      await sendUntilClosed(packet);
      expect(await framingReject('bad-preamble: byte 2 of a packet is 0x5a, not 0')).toEqual([
        expect.objectContaining({ serial_number: tracker.imei, payload: packet.toString('hex') }),
      ]);
    });

    it('keeps at most the first 1,024 bytes of a long frame refused for its framing', async () => {
      const packet = Buffer.from(recentPacket(nextMinute(), 60));
      expect(packet.length).toBeGreaterThan(1024);
      packet[0] = 0x01;
      await sendUntilClosed(packet);
      const [reject] = await framingReject('bad-preamble: byte 0 of a packet is 0x1, not 0');
      // A TCP segment may bring fewer bytes than the whole packet; never more than the limit are kept.
      expect(packet.toString('hex').startsWith(reject!.payload)).toBe(true);
      expect(reject!.payload.length).toBeLessThanOrEqual(2 * 1024);
    });

    it('acknowledges a packet the database refuses for its data and keeps it in ingest_rejects (no poison packet)', async () => {
      const refusing = createIngestService(db(), {
        beforeCommit: () => {
          throw Object.assign(new Error('value out of range: overflow'), { code: '22003' });
        },
      });
      const second = await startListener({ db: db(), ingest: refusing, unknownModules: ctx.services.unknownModules });
      try {
        const before = await voltageReadings();
        const client = await connect(second.port);
        await client.handshake(tracker.imei);
        const packet = recentPacket(nextMinute(), 2);
        await client.write(packet);
        expect(await client.receive(4)).toEqual(ackOf(2));
        expect(await voltageReadings()).toEqual(before);
        const kept = await db()
          .selectFrom('ingest_rejects')
          .select(['source', 'reason', 'payload'])
          .where('serial_number', '=', tracker.imei)
          .where('reason', 'like', 'not storable:%')
          .execute();
        expect(kept).toEqual([
          { source: 'teltonika', reason: expect.stringMatching(/^not storable: SQLSTATE 22003/), payload: Buffer.from(packet).toString('hex') },
        ]);
      } finally {
        await second.listener.stop();
      }
    });

    it('closes the connection when a packet cannot be stored now, without an acknowledgement', async () => {
      const failing = createIngestService(db(), {
        beforeCommit: () => {
          // What the driver throws when the server goes away mid-transaction (storage-failures.ts: unavailable, not a data fault).
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        },
      });
      const second = await startListener({ db: db(), ingest: failing, unknownModules: ctx.services.unknownModules });
      try {
        const before = await telemetryCounts(db());
        const client = await connect(second.port);
        await client.handshake(tracker.imei);
        await client.write(recentPacket(nextMinute(), 2));
        await client.closed;
        expect(client.unread).toBe(0);
        expect(await telemetryCounts(db())).toEqual(before);
      } finally {
        await second.listener.stop();
      }
    });
  });

  it('closes a connection that stays silent past the idle timeout', async () => {
    const idle = await startListener({ db: db(), ingest: ctx.services.ingest, unknownModules: ctx.services.unknownModules }, { idleTimeoutMs: 200 });
    try {
      const client = await connect(idle.port);
      expect(await client.handshake(tracker.imei)).toBe(0x01);
      // The server closed it: the client never does.
      await client.closed;
    } finally {
      await idle.listener.stop();
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { forkliftRecords } from './teltonika-forklift.ts';
import { TrackerClient, avlPacket, createTeltonikaModule, startListener, waitUntil } from './teltonika-listener-fixtures.ts';
import type { TeltonikaListener } from '../src/telemetry/protocols/teltonika/listener.ts';

/**
 * Framing errors over real TCP: the connection is closed, and a registered device's refused frame is kept in
 * ingest_rejects with its reason and bytes (hex), as a packet with a wrong CRC is (teltonika-listener.test.ts).
 */
describe('Teltonika listener: framing errors kept in ingest_rejects', () => {
  let ctx: TestContext;
  let listener: TeltonikaListener;
  let port: number;
  let imei: string;
  const clients: TrackerClient[] = [];
  const db = () => ctx.database.db;

  const rejectsOf = (serial: string) =>
    db().selectFrom('ingest_rejects').select(['source', 'topic', 'reason', 'payload']).where('serial_number', '=', serial).orderBy('id').execute();
  /** Sends `bytes` after an accepted handshake and waits for the server to close the connection. */
  async function sendUntilClosed(bytes: Uint8Array): Promise<void> {
    const client = await TrackerClient.connect(port);
    clients.push(client);
    expect(await client.handshake(imei)).toBe(0x01);
    await client.write(bytes);
    await client.closed;
    expect(client.unread).toBe(0);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    const device = await createDevice(db(), company.id);
    ({ imei } = await createTeltonikaModule(db(), company.id, device.id));
    ({ listener, port } = await startListener({ db: db(), ingest: ctx.services.ingest, unknownModules: ctx.services.unknownModules }));
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    await db().deleteFrom('ingest_rejects').execute();
  });
  afterAll(async () => {
    await listener?.stop();
    await ctx?.close();
  });

  it('keeps a packet whose length is over the limit, as far as it came, and closes', async () => {
    // Preamble, then a data field of 1 MiB + 1 declared (the limit is 64 KiB), and the first bytes of a data field.
    const header = Uint8Array.from([0, 0, 0, 0, 0x00, 0x10, 0x00, 0x01, 0x8e, 0x01]);
    await sendUntilClosed(header);
    await waitUntil('the refused frame in ingest_rejects', async () => (await rejectsOf(imei)).length > 0);
    expect(await rejectsOf(imei)).toEqual([
      { source: 'teltonika', topic: null, reason: 'bad-length: data field length 1048577 outside 3..65536', payload: '00000000001000018e01' },
    ]);
  });

  it('keeps a packet with a bad preamble and closes', async () => {
    const packet = Buffer.from(avlPacket(forkliftRecords(7, Date.now() - 60_000, 1, 1000)));
    packet[2] = 0x5a;
    await sendUntilClosed(packet);
    await waitUntil('the refused frame in ingest_rejects', async () => (await rejectsOf(imei)).length > 0);
    expect(await rejectsOf(imei)).toEqual([
      { source: 'teltonika', topic: null, reason: 'bad-preamble: byte 2 of a packet is 0x5a, not 0', payload: packet.toString('hex') },
    ]);
  });

  it('keeps only the first 1,024 bytes of a long refused frame', async () => {
    const packet = Buffer.from(avlPacket(forkliftRecords(8, Date.now() - 600_000, 40, 1000)));
    expect(packet.length).toBeGreaterThan(1024);
    packet[0] = 0x01;
    await sendUntilClosed(packet);
    await waitUntil('the refused frame in ingest_rejects', async () => (await rejectsOf(imei)).length > 0);
    const [reject] = await rejectsOf(imei);
    expect(reject!.reason).toBe('bad-preamble: byte 0 of a packet is 0x1, not 0');
    // A TCP segment may bring fewer bytes than the whole packet; never more than the limit are kept.
    expect(packet.toString('hex').startsWith(reject!.payload)).toBe(true);
    expect(reject!.payload.length).toBeLessThanOrEqual(2048);
  });

  it('keeps nothing of a handshake that is not one (anything may knock on the port), and closes', async () => {
    const client = await TrackerClient.connect(port);
    clients.push(client);
    await client.write(Uint8Array.from([0x10, 0x00, 0x33, 0x35]));
    await client.closed;
    expect(await db().selectFrom('ingest_rejects').select('id').execute()).toEqual([]);
  });
});

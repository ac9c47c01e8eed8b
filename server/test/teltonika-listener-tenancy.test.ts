import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TELTONIKA_IO } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import { forkliftRecords } from './teltonika-forklift.ts';
import { TrackerClient, ackOf, avlPacket, createTeltonikaModule, mapIoParameter, startListener } from './teltonika-listener-fixtures.ts';
import type { TeltonikaListener } from '../src/telemetry/protocols/teltonika/listener.ts';

/**
 * A tracker's data belongs to the company its module is registered to when each packet arrives, never to the one it
 * was registered to when the device connected: a module moved to another company while its connection stays open
 * sends its next packet to the new company's device only.
 */
describe('Teltonika listener: a module moved to another company', () => {
  let ctx: TestContext;
  let listener: TeltonikaListener;
  let port: number;
  const clients: TrackerClient[] = [];
  const db = () => ctx.database.db;

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

    const client = await TrackerClient.connect(port);
    clients.push(client);
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

  // Known gap, reported with issue 29: teltonika_last_records is kept per module, not per device, so the interval
  // from the last record sent while the module was company A's to the first one sent as company B's is counted as
  // work and activity of B's forklift, timestamped before the move. Remove `.fails` when the last record is
  // forgotten on a move (or kept per device).
  it.fails("counts no work or activity for company B from a record sent while the module was company A's", async () => {
    const { afterMove, later } = await moveWhileConnected();
    expect(afterMove.b.readings.filter((r) => new Date(r.ts).getTime() < later)).toEqual([]);
  });
});

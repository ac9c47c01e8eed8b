import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { DEVICE_STATUS_EXPIRY_JOB } from '../src/push/changes/device-status-events.ts';
import type { IngestBatch } from '../src/telemetry/types.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { createCompany, createDevice, createUser } from './fixtures.ts';
import { createModule } from './ingest-fixtures.ts';
import { instanceVariants, twoInstanceJob } from './two-instances.ts';

const MINUTE = 60_000;

const reading = (parameter: number, value: number, ago = 0): IngestBatch => ({
  readings: [{ parameter, value, ts: new Date(Date.now() - ago) }],
  positions: [],
  events: [],
});

/** The `device-status` events of the users, in log order: who was told what. */
async function told(db: Kysely<DB>, userIds: number[]): Promise<{ userId: number; payload: unknown }[]> {
  const rows = await db
    .selectFrom('user_events')
    .select(['user_id as userId', 'payload'])
    .where('type', '=', 'device-status')
    .where('user_id', 'in', userIds)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ userId: r.userId, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
}

/** The device went quiet `minutes` ago, as if no batch had come since. */
async function quietFor(db: Kysely<DB>, deviceId: number, minutes: number): Promise<void> {
  const at = new Date(Date.now() - minutes * MINUTE);
  await sql`update device_state set last_sync_at = ${at}, last_work_at = least(last_work_at, ${at}) where device_id = ${deviceId}`.execute(db);
}

describe('device-status events from ingest', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('tells the users of the company once when a batch changes the status of its device, never another company', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const other = await createCompany(db);
    const anna = await createUser(db, company.id);
    const bob = await createUser(db, company.id);
    const gone = await createUser(db, company.id, { active: false });
    const stranger = await createUser(db, other.id);
    const device = await createDevice(db, company.id);
    const module = await createModule(db, company.id, device.id);
    const users = [anna.id, bob.id, gone.id, stranger.id];
    const send = (batch: IngestBatch) => ctx.services.ingest.ingest(module.identity, batch);

    // Its first call: online, not working (parameter 2 is not work).
    await send(reading(2, 60));
    const online = { devices: [{ deviceId: device.id, online: true, working: false }] };
    expect(await told(db, users)).toEqual([
      { userId: anna.id, payload: online },
      { userId: bob.id, payload: online },
    ]);

    // More of the same: nothing changes, nothing is told.
    await send(reading(2, 60));
    await send(reading(1, 0));
    expect(await told(db, users)).toHaveLength(2);

    // It works: one event each; working on: nothing more.
    await send(reading(1, 30));
    await send(reading(1, 30));
    const working = { devices: [{ deviceId: device.id, online: true, working: true }] };
    expect((await told(db, users)).slice(2)).toEqual([
      { userId: anna.id, payload: working },
      { userId: bob.id, payload: working },
    ]);

    // A work reading older than the window, sent late, does not make it work again once it stopped.
    await quietFor(db, device.id, 11);
    await send(reading(1, 30, 20 * MINUTE));
    expect((await told(db, users)).slice(4)).toEqual([
      { userId: anna.id, payload: online },
      { userId: bob.id, payload: online },
    ]);
  });

  it('tells a change once when two modules of the device call at the same time', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const anna = await createUser(db, company.id);
    const device = await createDevice(db, company.id);
    const modules = await Promise.all([createModule(db, company.id, device.id), createModule(db, company.id, device.id)]);
    await Promise.all(modules.map((m) => ctx.services.ingest.ingest(m.identity, reading(1, 30))));
    expect(await told(db, [anna.id])).toEqual([{ userId: anna.id, payload: { devices: [{ deviceId: device.id, online: true, working: true }] } }]);
  });

  it('tells nothing for a module fitted to no device', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const anna = await createUser(db, company.id);
    const module = await createModule(db, company.id, null);
    await ctx.services.ingest.ingest(module.identity, reading(2, 60));
    expect(await told(db, [anna.id])).toEqual([]);
  });
});

/** Two instances, each its own runner, on one database: a tick of the expiry job tells each change once. */
describe.each(instanceVariants)('the device-status expiry job on two instances (%s)', (_name, setup, skip) => {
  const instances = twoInstanceJob(setup, skip, DEVICE_STATUS_EXPIRY_JOB, '2026-11-27T08:00:00Z');
  const runBoth = instances.runBoth;

  it.skipIf(skip)('tells once that a quiet device went offline and stopped working, and nothing for a device still calling', async () => {
    const db = instances.db();
    const company = await createCompany(db);
    const other = await createCompany(db);
    const anna = await createUser(db, company.id);
    const stranger = await createUser(db, other.id);
    const quiet = await createDevice(db, company.id);
    const busy = await createDevice(db, company.id);
    const quietModule = await createModule(db, company.id, quiet.id);
    const busyModule = await createModule(db, company.id, busy.id);
    await instances.a().ingest.ingest(quietModule.identity, reading(1, 30));
    await instances.b().ingest.ingest(busyModule.identity, reading(1, 30));
    const afterIngest = (await told(db, [anna.id])).length;
    expect(afterIngest).toBe(2);

    await runBoth();
    expect(await told(db, [anna.id, stranger.id])).toHaveLength(afterIngest);

    await quietFor(db, quiet.id, 11);
    await runBoth();
    await runBoth();
    expect((await told(db, [anna.id, stranger.id])).slice(afterIngest)).toEqual([
      { userId: anna.id, payload: { devices: [{ deviceId: quiet.id, online: false, working: false }] } },
    ]);

    // It calls again: online, told by the batch, not by the job.
    await instances.a().ingest.ingest(quietModule.identity, reading(2, 60));
    await runBoth();
    expect((await told(db, [anna.id])).slice(afterIngest + 1)).toEqual([
      { userId: anna.id, payload: { devices: [{ deviceId: quiet.id, online: true, working: false }] } },
    ]);
  });
});

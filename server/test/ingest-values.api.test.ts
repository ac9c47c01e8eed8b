import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_LIMITS, INGEST_MESSAGE_KEYS, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { basicAuth, createModule, telemetryCounts, telemetrySnapshot } from './ingest-fixtures.ts';
import { UnstorableBatchError, ValidationError } from '../src/http/errors.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';

const HOUR = 3_600_000;
const { work, active, counter } = PARAMETER_NUMBERS;
const OUT_OF_RANGE = [INGEST_MESSAGE_KEYS.valueOutOfRange];

/** Issue 31 item 1: no value a module sends, and no batch the database refuses, may jam ingest. */
describe('ingest of extreme values', () => {
  let ctx: TestContext;
  let module: TestModule;
  let deviceId: number;
  const db = () => ctx.database.db;
  const send = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { ...basicAuth(module.serial, module.code), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    deviceId = (await createDevice(db(), company.id)).id;
    module = await createModule(db(), company.id, deviceId);
  });
  afterAll(() => ctx?.close());

  it('refuses 1e308 twice in one rollup period with a 400 naming both items, and writes nothing', async () => {
    const before = await telemetrySnapshot(db());
    const t = Date.now() - 2 * HOUR;
    const response = await send({
      readings: [
        { p: 7, t, v: 1e308 },
        { p: 7, t: t + 1000, v: 1e308 },
        { p: 7, t: t + 2000, v: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { 'readings.0.v': OUT_OF_RANGE, 'readings.1.v': OUT_OF_RANGE }, rootErrors: [] });
    // One at a time, too: the first one alone is refused, so no second can meet it in a rollup.
    expect((await send({ readings: [{ p: 7, t, v: 1e308 }] })).statusCode).toBe(400);
    expect((await send({ readings: [{ p: work, t, v: -1e308 }] })).json()).toEqual({ errors: { 'readings.0.v': OUT_OF_RANGE }, rootErrors: [] });
    expect(await telemetrySnapshot(db())).toEqual(before);
  });

  it('takes each kind of value up to its limit and refuses it just past', async () => {
    const t = Date.now() - 3 * HOUR;
    const { maxReadingSeconds: maxSeconds, maxValueMagnitude: maxMagnitude } = INGEST_LIMITS;
    const refused = await send({
      readings: [
        { p: work, t, v: -1 },
        { p: work, t, v: maxSeconds + 1 },
        { p: active, t, v: -0.5 },
        { p: active, t, v: maxSeconds + 0.5 },
        { p: counter, t, v: maxMagnitude * 1.000001 },
        { p: 40, t, v: -maxMagnitude * 1.000001 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual([
      'readings.0.v',
      'readings.1.v',
      'readings.2.v',
      'readings.3.v',
      'readings.4.v',
      'readings.5.v',
    ]);

    const accepted = await send({
      readings: [
        { p: work, t, v: maxSeconds },
        { p: work, t: t + 1000, v: 0 },
        { p: active, t, v: maxSeconds },
        { p: counter, t, v: maxMagnitude },
        { p: counter, t: t + 1000, v: maxMagnitude },
        { p: 40, t, v: -maxMagnitude },
      ],
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ readings: 6 });
    const month = await db()
      .selectFrom('readings_month')
      .select(['parameter_number', 'sum'])
      .where('device_id', '=', deviceId)
      .orderBy('parameter_number')
      .execute();
    expect(month).toEqual([
      { parameter_number: work, sum: maxSeconds },
      { parameter_number: active, sum: maxSeconds },
      { parameter_number: counter, sum: 2 * maxMagnitude },
      { parameter_number: 40, sum: -maxMagnitude },
    ]);
  });

  it('refuses the same values in a typed batch (the simulator path), naming them by the typed fields', async () => {
    const ts = new Date(Date.now() - HOUR);
    const attempt = ctx.services.ingest.ingest(module.identity, {
      readings: [
        { parameter: work, ts, value: -1e308 },
        { parameter: 8, ts, value: 1e308 },
        { parameter: 8, ts: new Date(ts.getTime() + 1000), value: 5 },
      ],
      positions: [],
      events: [],
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toMatchObject({ errors: { 'readings.0.value': OUT_OF_RANGE, 'readings.1.value': OUT_OF_RANGE } });
  });

  it('answers 400 batch-not-storable to a batch the database refuses for its data, keeps it in ingest_rejects and stores nothing of it', async () => {
    // A 5-minute cell whose count is at the int4 limit: adding one more reading to it fails in the database (22003).
    const t = Date.now() - 4 * HOUR;
    expect((await send({ readings: [{ p: 9, t, v: 1 }] })).statusCode).toBe(200);
    await db().updateTable('readings_5min').set({ count: 2_147_483_647 }).where('device_id', '=', deviceId).where('parameter_number', '=', 9).execute();
    const before = await telemetryCounts(db());

    const response = await send({
      readings: [
        { p: 9, t: t + 1000, v: 2 },
        { p: 10, t, v: 3 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: {}, rootErrors: [INGEST_MESSAGE_KEYS.batchNotStorable] });
    expect(await telemetryCounts(db())).toEqual({ ...before, ingest_rejects: before.ingest_rejects! + 1 });
    const reject = await db().selectFrom('ingest_rejects').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(reject).toMatchObject({ source: 'http', topic: null, serial_number: module.serial });
    expect(reject.reason).toMatch(/^not storable: SQLSTATE 22003: /);
    expect(JSON.parse(reject.payload)).toEqual({
      readings: [
        { p: 9, t: t + 1000, v: 2 },
        { p: 10, t, v: 3 },
      ],
    });
  });

  it('tells a data fault of the database from an unavailable database', async () => {
    const failingWith = (code: string) =>
      createIngestService(db(), {
        beforeCommit: () => {
          throw Object.assign(new Error(`failure ${code}`), { code });
        },
      });
    const batch = { readings: [{ parameter: 11, ts: new Date(Date.now() - HOUR), value: 1 }], positions: [], events: [] };
    await expect(failingWith('22003').ingest(module.identity, batch)).rejects.toMatchObject({
      constructor: UnstorableBatchError,
      detail: 'SQLSTATE 22003: failure 22003',
    });
    await expect(failingWith('23502').ingest(module.identity, batch)).rejects.toBeInstanceOf(UnstorableBatchError);
    // Unavailable: left as it is, so HTTP answers 500 (the module sends again) and MQTT delivers the message again.
    const unavailable = failingWith('57P01').ingest(module.identity, batch);
    await expect(unavailable).rejects.not.toBeInstanceOf(UnstorableBatchError);
    await expect(unavailable).rejects.toMatchObject({ code: '57P01' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_LIMITS, INGEST_MESSAGE_KEYS, ingestResponseSchema, problemSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { basicAuth, createModule, telemetryCounts, telemetrySnapshot } from './ingest-fixtures.ts';

const HOUR = 3_600_000;

describe('POST /api/ingest', () => {
  let ctx: TestContext;
  let module: TestModule;
  let deviceId: number;
  const db = () => ctx.database.db;
  const send = (payload: unknown, auth: { authorization: string } | Record<string, never> = basicAuth(module.serial, module.code)) =>
    ctx.app.inject({ method: 'POST', url: '/api/ingest', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    deviceId = (await createDevice(db(), company.id)).id;
    module = await createModule(db(), company.id, deviceId);
  });
  afterAll(() => ctx?.close());

  it('stores a batch and answers with what it stored, after commit', async () => {
    const t0 = Date.now() - 2 * HOUR;
    const response = await send({
      readings: [
        { p: 1, t: new Date(t0).toISOString(), v: 30 },
        { p: 1, t: t0 + 60_000, v: 0 },
        { p: 2, t: new Date(t0 + 60_000).toISOString().replace('Z', '+00:00'), v: 60 },
      ],
      positions: [{ t: t0, lat: 52.2297, lon: 21.0122, acc: 5 }],
      events: [{ t: t0, type: 'power_on' }],
    });
    expect(response.statusCode).toBe(200);
    expect(ingestResponseSchema.parse(response.json())).toEqual({ readings: 3, duplicates: 0, unassigned: 0, positions: 1, events: 1 });
    const counts = await telemetryCounts(db());
    expect(counts).toMatchObject({ readings: 3, positions: 1, module_events: 1, device_state: 1, sensor_state: 1 });
    const state = await db().selectFrom('device_state').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    expect(state.last_reading_at?.getTime()).toBe(t0 + 60_000);
    expect(state.last_work_at?.getTime()).toBe(t0);
    expect([state.lat, state.lon, state.accuracy]).toEqual([52.2297, 21.0122, 5]);
    const device = await db().selectFrom('devices').select('power_state').where('id', '=', deviceId).executeTakeFirstOrThrow();
    expect(device.power_state).toBe('on');
  });

  it('changes nothing in raw data or any rollup when the same batch is sent again', async () => {
    const t0 = Date.now() - 5 * HOUR;
    const batch = {
      readings: Array.from({ length: 500 }, (_, i) => ({ p: (i % 3) + 1, t: t0 + Math.floor(i / 3) * 20_000, v: (i * 7) % 13 })),
      positions: [{ t: t0, lat: 50, lon: 19 }],
      events: [
        { t: t0, type: 'rfid_on', rfid: 'AB12' },
        { t: t0 + HOUR, type: 'rfid_off' },
      ],
    };
    expect((await send(batch)).json()).toEqual({ readings: 500, duplicates: 0, unassigned: 0, positions: 1, events: 2 });
    const before = await telemetrySnapshot(db());
    const again = await send(batch);
    expect(again.json()).toEqual({ readings: 0, duplicates: 500, unassigned: 0, positions: 0, events: 0 });
    expect(await telemetrySnapshot(db())).toEqual(before);
  });

  it('keeps the first value when a batch repeats a (parameter, timestamp) with another value', async () => {
    const t = Date.now() - 7 * HOUR;
    const response = await send({
      readings: [
        { p: 9, t, v: 1 },
        { p: 9, t, v: 2 },
      ],
    });
    expect(response.json()).toMatchObject({ readings: 1, duplicates: 1 });
    const stored = await db().selectFrom('readings_5min').select(['sum', 'count']).where('parameter_number', '=', 9).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.count).toBe(1);
  });

  it('refuses the whole batch when one item is bad, naming it, and writes nothing anywhere', async () => {
    const before = await telemetryCounts(db());
    const t = Date.now() - HOUR;
    const response = await send({
      readings: [
        { p: 1, t, v: 1 },
        { p: 1, t: t + 1000, v: 2 },
        { p: 1, t: t + 2000, v: 3 },
        { p: 1, t: t + 3000, v: 'x' },
      ],
      positions: [{ t, lat: 91, lon: 0 }],
      events: [
        { t, type: 'rfid_on' },
        { t, type: 'blink' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        'readings.3.v': ['form.field.error.incorrect'],
        'positions.0.lat': ['form.field.error.incorrect'],
        'events.0.rfid': ['form.field.error.not-blank'],
        'events.1.type': ['form.field.error.incorrect'],
      },
      rootErrors: [],
    });
    expect(await telemetryCounts(db())).toEqual(before);
  });

  it('checks timestamps: a zone is required, nothing before 2000 or over five minutes ahead', async () => {
    const response = await send({
      readings: [
        { p: 1, t: '2026-01-01T10:00:00', v: 1 },
        { p: 1, t: '1999-12-31T23:59:59Z', v: 1 },
        { p: 1, t: Date.now() + 10 * 60_000, v: 1 },
        { p: 1, t: 1.5, v: 1 },
        { p: 1, v: 1 },
        { p: -1, t: Date.now() - HOUR, v: 1 },
        [1, Date.now() - HOUR, 1],
      ],
    });
    expect(response.json()).toEqual({
      errors: {
        'readings.0.t': ['form.field.error.incorrect'],
        'readings.1.t': [INGEST_MESSAGE_KEYS.timestampOutOfRange],
        'readings.2.t': [INGEST_MESSAGE_KEYS.timestampOutOfRange],
        'readings.3.t': ['form.field.error.incorrect'],
        'readings.4.t': ['form.field.error.not-blank'],
        'readings.5.p': ['form.field.error.incorrect'],
        'readings.6': ['form.field.error.incorrect'],
      },
      rootErrors: [],
    });
  });

  it('lists at most 100 bad items and says that more were left out', async () => {
    const response = await send({ readings: Array.from({ length: 150 }, () => ({ p: 1, t: 'yesterday', v: 1 })) });
    const body = response.json();
    expect(Object.keys(body.errors)).toHaveLength(INGEST_LIMITS.maxListedErrors);
    expect(body.errors['readings.99.t']).toEqual(['form.field.error.incorrect']);
    expect(body.rootErrors).toEqual([INGEST_MESSAGE_KEYS.moreErrorsNotListed]);
  });

  it('refuses more than 50,000 items, and takes exactly 50,000', async () => {
    const t0 = Date.now() - 3 * 24 * HOUR;
    const readings = Array.from({ length: INGEST_LIMITS.maxItems }, (_, i) => ({ p: 20 + (i % 4), t: t0 + Math.floor(i / 4) * 1000, v: i }));
    const tooMany = await send({ readings, positions: [{ t: t0, lat: 1, lon: 1 }] });
    expect(tooMany.json()).toEqual({ errors: {}, rootErrors: [INGEST_MESSAGE_KEYS.tooManyItems] });
    const full = await send({ readings });
    expect(full.json()).toMatchObject({ readings: INGEST_LIMITS.maxItems, duplicates: 0 });
  });

  it('answers 400 with the error body to a body that is not a batch', async () => {
    const notAnObject = await send([1, 2, 3]);
    expect(notAnObject.json()).toEqual({ errors: {}, rootErrors: ['form.field.error.incorrect'] });
    const notAList = await send({ readings: { p: 1 } });
    expect(notAList.json()).toEqual({ errors: { readings: ['form.field.error.incorrect'] }, rootErrors: [] });
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { ...basicAuth(module.serial, module.code), 'content-type': 'application/json' },
      payload: '{"readings": [',
    });
    expect(broken.statusCode).toBe(400);
    const formEncoded = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { ...basicAuth(module.serial, module.code), 'content-type': 'application/x-www-form-urlencoded' },
      payload: JSON.stringify({ readings: [{ p: 1, t: Date.now() - HOUR, v: 1 }] }),
    });
    expect(formEncoded.statusCode).toBe(415);
    expect(formEncoded.json()).toMatchObject({ statusCode: 415, message: INGEST_MESSAGE_KEYS.jsonRequired });
  });

  it('answers 401 to an unknown serial, a wrong code, an inactive module or no credentials', async () => {
    const company = await createCompany(db());
    const inactive = await createModule(db(), company.id, null, { active: false });
    const before = await telemetryCounts(db());
    const batch = { readings: [{ p: 1, t: Date.now() - HOUR, v: 1 }] };
    for (const auth of [basicAuth('NO-SUCH-SERIAL', module.code), basicAuth(module.serial, `${module.code}x`), basicAuth(inactive.serial, inactive.code), {}]) {
      const response = await send(batch, auth);
      expect(response.statusCode).toBe(401);
      expect(problemSchema.parse(response.json())).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: 'error.unauthorized' });
      expect(response.headers['www-authenticate']).toMatch(/^Basic /);
    }
    expect(await telemetryCounts(db())).toEqual(before);
  });

  it('accepts the serial in any letter case', async () => {
    const response = await send({}, basicAuth(module.serial.toLowerCase(), module.code));
    expect(response.json()).toEqual({ readings: 0, duplicates: 0, unassigned: 0, positions: 0, events: 0 });
  });

  it('keeps the readings of a module fitted to no device', async () => {
    const company = await createCompany(db());
    const loose = await createModule(db(), company.id, null);
    const t = Date.now() - HOUR;
    const batch = {
      readings: [
        { p: 1, t, v: 5 },
        { p: 2, t, v: 6 },
      ],
      positions: [{ t, lat: 1, lon: 2 }],
      events: [{ t, type: 'rfid_on', rfid: 'X1' }],
    };
    const response = await send(batch, basicAuth(loose.serial, loose.code));
    expect(response.json()).toEqual({ readings: 0, duplicates: 0, unassigned: 2, positions: 1, events: 1 });
    expect((await send(batch, basicAuth(loose.serial, loose.code))).json()).toEqual({ readings: 0, duplicates: 2, unassigned: 0, positions: 0, events: 0 });
    const kept = await db()
      .selectFrom('unassigned_readings')
      .select(['parameter_number', 'value'])
      .where('sensor_id', '=', loose.id)
      .orderBy('parameter_number')
      .execute();
    expect(kept).toEqual([
      { parameter_number: 1, value: 5 },
      { parameter_number: 2, value: 6 },
    ]);
    const positions = await db().selectFrom('positions').select('device_id').where('sensor_id', '=', loose.id).execute();
    expect(positions).toEqual([{ device_id: null }]);
    const sensorState = await db().selectFrom('sensor_state').selectAll().where('sensor_id', '=', loose.id).executeTakeFirstOrThrow();
    expect(sensorState.last_data_at?.getTime()).toBe(t);
  });

  it('moves the last-seen state only forward in time', async () => {
    const company = await createCompany(db());
    const device = await createDevice(db(), company.id);
    const own = await createModule(db(), company.id, device.id);
    const auth = basicAuth(own.serial, own.code);
    const state = async () => {
      const row = await db().selectFrom('device_state').selectAll().where('device_id', '=', device.id).executeTakeFirstOrThrow();
      const sensor = await db().selectFrom('sensor_state').selectAll().where('sensor_id', '=', own.id).executeTakeFirstOrThrow();
      return {
        sync: row.last_sync_at?.getTime(),
        reading: row.last_reading_at?.getTime(),
        work: row.last_work_at?.getTime(),
        position: [row.last_position_at?.getTime(), row.lat, row.lon, row.accuracy],
        contact: sensor.last_contact_at.getTime(),
        data: sensor.last_data_at?.getTime(),
      };
    };
    const t = Date.now() - 3 * HOUR;
    // Work (parameter 1) is positive at t, zero at t + 1 min: last work stays at t.
    await send(
      {
        readings: [
          { p: 1, t, v: 10 },
          { p: 1, t: t + 60_000, v: 0 },
          { p: 2, t: t + 120_000, v: 60 },
        ],
        positions: [{ t: t + 60_000, lat: 10, lon: 20, acc: 3 }],
      },
      auth,
    );
    const first = await state();
    expect(first).toMatchObject({ reading: t + 120_000, work: t, position: [t + 60_000, 10, 20, 3], data: t + 120_000 });
    // A late batch from an hour earlier: stored, but the state keeps its newer values; contact times move on.
    const late = await send({ readings: [{ p: 1, t: t - HOUR, v: 5 }], positions: [{ t: t - HOUR, lat: 1, lon: 2 }] }, auth);
    expect(late.json()).toMatchObject({ readings: 1, positions: 1 });
    const second = await state();
    expect(second).toMatchObject({ reading: first.reading, work: first.work, position: first.position, data: first.data });
    expect(second.sync).toBeGreaterThanOrEqual(first.sync!);
    expect(second.contact).toBeGreaterThanOrEqual(first.contact);
    // A newer position without accuracy replaces the old one whole.
    await send({ readings: [{ p: 1, t: t + HOUR, v: 1 }], positions: [{ t: t + HOUR, lat: 11, lon: 21 }] }, auth);
    expect(await state()).toMatchObject({ reading: t + HOUR, work: t + HOUR, position: [t + HOUR, 11, 21, null] });
  });

  it('is in the OpenAPI document with module authentication', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/ingest'].post;
    expect(operation.security).toEqual([{ moduleBasic: [] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    expect(doc.components.securitySchemes.moduleBasic).toEqual({ type: 'http', scheme: 'basic' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceStatusListSchema, deviceStatusSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, signedInCompany } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import {
  TEST_PARAMETERS,
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from './telemetry-fixtures.ts';
import { timeZone } from '../src/time/time-zone.ts';

/** The /location map and device page status: last position, status icons, active and online within 10 minutes. */
describe('device status API', () => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let moving: TelemetryDevice;
  let silent: TelemetryDevice;
  let groupId: number;
  /** When the moving device's work and enabled time were read (3 minutes before the set-up ran). */
  let workReadAt: number;
  const warsaw = timeZone('Europe/Warsaw');

  const get = (url: string, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const { company, token: companyToken } = await signedInCompany(ctx);
    await setCompanyTimezone(db, company.id, 'Europe/Warsaw');
    token = companyToken;
    otherToken = (await signedInCompany(ctx)).token;
    const typeId = await createDeviceType(db, [
      ...TEST_PARAMETERS.slice(0, 2),
      { number: 20, name: 'battery voltage', aggregation: 'avg', unit: { short: 'V', long: 'volt' }, tags: ['battery'] },
      { number: 21, name: 'supply voltage', aggregation: 'avg', unit: { short: 'V', long: 'volt' }, tags: ['power supply'] },
    ]);
    moving = await createTelemetryDevice(db, company.id, typeId, 'Forklift A');
    silent = await createTelemetryDevice(db, company.id, typeId, 'Forklift B');
    groupId = await createDeviceGroup(db, company.id, 'Yard', [moving.id]);
    await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Kowalska', rfid: 'ABC123' });
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    workReadAt = minutesAgo(3).getTime();
    await ingest(ctx.services, moving, {
      readings: [
        { parameter: 1, ts: minutesAgo(3), value: 120 },
        { parameter: 2, ts: minutesAgo(3), value: 180 },
        { parameter: 20, ts: minutesAgo(30), value: 47.5 },
        { parameter: 20, ts: minutesAgo(2), value: 48.25 },
        { parameter: 21, ts: minutesAgo(2), value: 12.1 },
      ],
      positions: [
        { ts: minutesAgo(20), lat: 52.1, lon: 21.0, accuracy: 8 },
        { ts: minutesAgo(1), lat: 52.2, lon: 21.1, accuracy: 4 },
      ],
      events: [{ ts: minutesAgo(5), type: 'rfid_on', rfid: 'abc123' }],
    });
    // A device that last reported an hour ago: neither active nor online.
    await ingest(ctx.services, silent, { readings: [{ parameter: 1, ts: minutesAgo(60), value: 60 }] });
    // Its module's last contact and sync were an hour ago too (ingest stamps them with the time of receipt).
    await db
      .updateTable('sensor_state')
      .set({ last_contact_at: minutesAgo(60) })
      .where('sensor_id', '=', silent.module.sensorId)
      .execute();
    await db
      .updateTable('device_state')
      .set({ last_sync_at: minutesAgo(60) })
      .where('device_id', '=', silent.id)
      .execute();
  });
  afterAll(() => ctx?.close());

  it("answers each device with its last position, voltages by tag, today's times, card holder, active and online", async () => {
    const response = await get('/api/devices/status?page_size=0');
    expect(response.statusCode).toBe(200);
    const { entries } = deviceStatusListSchema.parse(response.json());
    expect(entries.map((e) => e.device.name)).toEqual(['Forklift A', 'Forklift B']);
    const [a, b] = entries as [(typeof entries)[number], (typeof entries)[number]];
    expect(a.position).toMatchObject({ lat: 52.2, lon: 21.1, acc: 4 });
    expect(a.position!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(a.batteryVoltage).toMatchObject({ value: 48.25, unit: 'V' });
    expect(a.supplyVoltage).toMatchObject({ value: 12.1, unit: 'V' });
    expect(a.operator).toMatchObject({ name: 'Anna Kowalska', rfid: 'abc123' });
    expect(a.active).toBe(true);
    expect(a.sensors).toHaveLength(1);
    expect(a.sensors[0]!.online).toBe(true);
    expect(b).toMatchObject({ position: null, active: false, batteryVoltage: null, operator: null });
    expect(b.sensors[0]!.online).toBe(false);
  });

  it("counts today's work and enabled time in the company's timezone", async () => {
    const askedFrom = Date.now();
    const a = deviceStatusSchema.parse((await get(`/api/devices/${moving.id}/status`)).json());
    const askedTo = Date.now();
    // The readings count as today's unless Warsaw's midnight (at whatever offset is in force) has passed since.
    const counted = { workTimeToday: 120, enabledTimeToday: 180 };
    const notCounted = { workTimeToday: null, enabledTimeToday: null };
    const readOn = warsaw.dayOf(workReadAt);
    if (readOn === warsaw.dayOf(askedTo)) expect(a).toMatchObject(counted);
    else if (readOn !== warsaw.dayOf(askedFrom)) expect(a).toMatchObject(notCounted);
    // Midnight fell during the request: the server's today may be either date.
    else expect([counted, notCounted]).toContainEqual({ workTimeToday: a.workTimeToday, enabledTimeToday: a.enabledTimeToday });
  });

  it('filters by device group and name, sorts, and answers 204 when nothing matches', async () => {
    const grouped = deviceStatusListSchema.parse(
      (await get(`/api/devices/status?filter=${encodeURIComponent(JSON.stringify({ deviceGroup: groupId }))}`)).json(),
    );
    expect(grouped.entries.map((e) => e.device.id)).toEqual([moving.id]);
    const sorted = deviceStatusListSchema.parse((await get('/api/devices/status?sort=-name')).json());
    expect(sorted.entries.map((e) => e.device.name)).toEqual(['Forklift B', 'Forklift A']);
    expect((await get('/api/devices/status?search=B')).json().entries.map((e: { device: { id: number } }) => e.device.id)).toEqual([silent.id]);
    expect((await get('/api/devices/status?search=nothing')).statusCode).toBe(204);
    expect((await get('/api/devices/status?sort=color')).statusCode).toBe(400);
    // PostgreSQL text cannot hold NUL: a clear 400, not a database error.
    expect((await get('/api/devices/status?search=a%00b')).json()).toEqual({ errors: { search: ['form.field.error.incorrect'] }, rootErrors: [] });
  });

  it('keeps other companies out', async () => {
    expect((await get('/api/devices/status', otherToken)).statusCode).toBe(204);
    expect((await get(`/api/devices/${moving.id}/status`, otherToken)).statusCode).toBe(404);
  });

  it('shows the power state the latest power event gives, the same in the devices list and beside the map', async () => {
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    const powerOf = async () => {
      const list = (await get('/api/devices?page_size=0')).json() as { entries: { id: number; powerState: string }[] };
      const status = deviceStatusListSchema.parse((await get('/api/devices/status')).json());
      return {
        list: list.entries.find((entry) => entry.id === silent.id)?.powerState,
        map: status.entries.find((entry) => entry.device.id === silent.id)?.powerState,
      };
    };
    await ingest(ctx.services, silent, { events: [{ ts: minutesAgo(240), type: 'power_on' }] });
    expect(await powerOf()).toEqual({ list: 'on', map: 'on' });
    await ingest(ctx.services, silent, { events: [{ ts: minutesAgo(90), type: 'power_off' }] });
    expect(await powerOf()).toEqual({ list: 'off', map: 'off' });
    // A module that sends late (after an outage) does not turn the machine back on with an older event.
    await ingest(ctx.services, silent, { events: [{ ts: minutesAgo(120), type: 'power_on' }] });
    expect(await powerOf()).toEqual({ list: 'off', map: 'off' });
  });
});

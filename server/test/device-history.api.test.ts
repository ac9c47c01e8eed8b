import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_MESSAGE_KEYS, LIST_HEADERS, batteryCyclesSchema, currentReadingsSchema, operatorSessionListSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, signedInCompany } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { TEST_PARAMETERS, createDeviceType, createOperator, createTelemetryDevice, ingest } from './telemetry-fixtures.ts';

/** The device page's calls: current readings, the operator history table, battery cycles. */
describe('device history API', () => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let forklift: TelemetryDevice;
  let anna: number;

  const get = (url: string, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });
  // 2026-01-15 in Warsaw (UTC+1).
  const jan15 = (hour: number, minute = 0) => new Date(Date.UTC(2026, 0, 15, hour - 1, minute));

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const { company, token: companyToken } = await signedInCompany(ctx);
    token = companyToken;
    otherToken = (await signedInCompany(ctx)).token;
    const typeId = await createDeviceType(db, [
      ...TEST_PARAMETERS.slice(0, 2),
      { number: 20, name: 'battery voltage', aggregation: 'avg', unit: { short: 'V', long: 'volt' }, tags: ['battery'] },
      { number: 10003, name: 'charging quantity', aggregation: 'sum', unit: { short: 'kWh', long: 'kilowatt hours' }, tags: ['charging'] },
      { number: 10000, name: 'internal', aggregation: 'last', unit: null },
    ]);
    forklift = await createTelemetryDevice(db, company.id, typeId, 'Forklift');
    anna = await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak', rfid: 'A1' });
    const readings = [];
    // Work and activity 08:00–10:00 in 5-minute steps; the battery falls from 50 V, is charged 12:00–13:00, falls again.
    for (let m = 0; m < 120; m += 5) {
      readings.push({ parameter: 1, ts: jan15(8, m), value: 200 }, { parameter: 2, ts: jan15(8, m), value: 300 });
    }
    for (let m = 0; m < 8 * 60; m += 5) {
      const charging = m >= 4 * 60 && m < 5 * 60;
      readings.push({ parameter: 20, ts: jan15(8, m), value: charging ? 45 + (m - 240) / 12 : m < 240 ? 50 - m / 48 : 50 - (m - 300) / 48 });
      if (charging) readings.push({ parameter: 10003, ts: jan15(8, m), value: 0.4 });
    }
    readings.push({ parameter: 10000, ts: jan15(9), value: 1 });
    await ingest(ctx.services, forklift, {
      readings,
      events: [
        { ts: jan15(8), type: 'rfid_on', rfid: 'A1' },
        { ts: jan15(9), type: 'rfid_on', rfid: 'STRANGER' },
        { ts: jan15(9, 30), type: 'rfid_off', rfid: null },
      ],
    });
  });
  afterAll(() => ctx?.close());

  it('answers the newest value of each parameter but the internal one, with its unit and local time', async () => {
    const body = currentReadingsSchema.parse((await get(`/api/devices/${forklift.id}/readings/current`)).json());
    expect(body.entries.map((e) => e.number)).toEqual([1, 2, 20, 10003]);
    expect(body.entries[0]).toEqual({ number: 1, name: 'work', unit: 's', value: 200, time: '2026-01-15T09:55:00+01:00' });
  });

  it("answers the operator history newest first, with each session's work and active time", async () => {
    const response = await get(`/api/devices/${forklift.id}/operator-sessions`);
    expect(response.headers[LIST_HEADERS.totalEntries]).toBe('2');
    const { entries } = operatorSessionListSchema.parse(response.json());
    expect(entries.map(({ id: _id, ...rest }) => rest)).toEqual([
      { operator: null, rfid: 'STRANGER', start: '2026-01-15T09:00:00+01:00', end: '2026-01-15T09:30:00+01:00', workSeconds: 1200, activeSeconds: 1800 },
      {
        operator: { id: anna, name: 'Anna Nowak' },
        rfid: 'A1',
        start: '2026-01-15T08:00:00+01:00',
        end: '2026-01-15T09:00:00+01:00',
        workSeconds: 2400,
        activeSeconds: 3600,
      },
    ]);
    const annas = operatorSessionListSchema.parse(
      (await get(`/api/devices/${forklift.id}/operator-sessions?filter=${encodeURIComponent(JSON.stringify({ operator: anna }))}`)).json(),
    );
    expect(annas.entries.map((e) => e.rfid)).toEqual(['A1']);
    const oldestFirst = operatorSessionListSchema.parse((await get(`/api/devices/${forklift.id}/operator-sessions?sort=start&page_size=1&page=2`)).json());
    expect(oldestFirst.entries.map((e) => e.rfid)).toEqual(['STRANGER']);
  });

  it('finds the battery cycle: discharge, the charge and its end, voltages, then the idle time after it', async () => {
    const { cycles } = batteryCyclesSchema.parse((await get(`/api/devices/${forklift.id}/battery-cycles?from=2026-01-15&to=2026-01-15`)).json());
    expect(cycles).toHaveLength(2);
    expect(cycles[0]).toMatchObject({
      start: null,
      end: '2026-01-15T12:00:00+01:00',
      chargingEnd: '2026-01-15T13:00:00+01:00',
      chargingSeconds: 3600,
      cycleSeconds: null,
      state: 'done',
    });
    expect(cycles[0]!.maxVoltage).toBeCloseTo(50);
    expect(cycles[0]!.minVoltage).toBeCloseTo(45);
    // After the charge the forklift stands switched off (no activity after 10:00) and its data ends long ago: idle.
    expect(cycles[1]).toMatchObject({ start: '2026-01-15T13:00:00+01:00', end: null, state: 'idle' });
    expect(batteryCyclesSchema.parse((await get(`/api/devices/${forklift.id}/battery-cycles?from=2026-01-16&to=2026-01-16`)).json()).cycles).toEqual([]);
  });

  it('refuses a range beyond the limit, and other companies', async () => {
    const long = await get(`/api/devices/${forklift.id}/battery-cycles?from=2025-01-01&to=2026-01-15`);
    expect(long.json()).toEqual({ errors: { to: [DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong] }, rootErrors: [] });
    for (const path of ['readings/current', 'operator-sessions', 'battery-cycles?from=2026-01-15&to=2026-01-15']) {
      expect((await get(`/api/devices/${forklift.id}/${path}`, otherToken)).statusCode, path).toBe(404);
    }
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_LIMITS,
  DIAGNOSTICS_MESSAGE_KEYS,
  FACTORY_XLSX_CONTENT_TYPE,
  LOCATIONS_STEP_HEADER,
  MESSAGE_KEYS,
  asyncDiagnosticsResponseSchema,
  factoryDeviceChartResponseSchema,
  factoryShiftChartResponseSchema,
  locationsResponseSchema,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { DiagnosticsDataset } from './diagnostics-dataset.ts';
import { buildDiagnosticsDataset, jan } from './diagnostics-dataset.ts';
import { createUser, signIn } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { createDeviceType, createTelemetryDevice, ingest } from './telemetry-fixtures.ts';

/** A duration cell read back: exceljs gives a date-formatted number as a Date counted from Excel's day zero. */
const seconds = (value: unknown) => Math.round(value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 1000 : Number(value) * 86400);

describe('work/activity reports, locations and raw readings', () => {
  let ctx: TestContext;
  let data: DiagnosticsDataset;
  let busy: TelemetryDevice;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDiagnosticsDataset(ctx);
    // A device with more positions and readings than one answer carries.
    busy = await createTelemetryDevice(ctx.database.db, data.company.id, await createDeviceType(ctx.database.db), 'Busy forklift');
    const start = jan(20, 0).getTime();
    await ingest(ctx.services, busy, {
      readings: Array.from({ length: DIAGNOSTICS_LIMITS.asyncMaxPoints + 1 }, (_, i) => ({ parameter: 1, ts: new Date(start + i * 60_000), value: i })),
      positions: Array.from({ length: DIAGNOSTICS_LIMITS.locationsMaxPoints + 100 }, (_, i) => ({
        ts: new Date(start + i * 30_000),
        lat: 50 + i / 1e6,
        lon: 19,
        accuracy: 3,
      })),
    });
  });
  afterAll(() => ctx?.close());

  describe('GET /api/reports/factory/data', () => {
    it("answers the device chart per device and bucket: devices by id, then the groups' devices by name, each once", async () => {
      const response = await data.get(
        `/api/reports/factory/data?type=device-work-device-chart&devices=${data.forklift1.id}&groups=${data.line}&interval=hour&from=2026-01-15&to=2026-01-15`,
      );
      expect(response.statusCode).toBe(200);
      const body = factoryDeviceChartResponseSchema.parse(response.json());
      expect(body.interval).toBe('hour');
      expect(body.data.map((d) => d.name)).toEqual(['Forklift 1', 'Press 1']);
      expect(body.data[0]!.items).toHaveLength(24);
      expect(body.data[0]!.items[0]).toEqual({ time: '2026-01-15 00:00', work: null, active: null, counter: null });
      expect(body.data[0]!.items[8]).toEqual({ time: '2026-01-15 08:00', work: 180, active: 240, counter: null });
      expect(body.data[0]!.items[23]).toEqual({ time: '2026-01-15 23:00', work: 300, active: 600, counter: null });
      expect(body.data[1]!.items[10]).toEqual({ time: '2026-01-15 10:00', work: 600, active: null, counter: 12 });
    });

    it('defaults the device chart to 5 minutes', async () => {
      const response = await data.get(`/api/reports/factory/data?type=device-work-device-chart&devices=${data.forklift1.id}&from=2026-01-15&to=2026-01-15`);
      const body = factoryDeviceChartResponseSchema.parse(response.json());
      expect(body.interval).toBe('5min');
      expect(body.data[0]!.items[96]).toEqual({ time: '2026-01-15 08:00', work: 180, active: 240, counter: null });
    });

    it('answers the shift chart: sums per shift and a summary per device, then for all devices', async () => {
      const response = await data.get(`/api/reports/factory/data?type=device-work-shift-chart&groups=${data.line}&from=2026-01-15&to=2026-01-16`);
      expect(response.statusCode).toBe(200);
      const body = factoryShiftChartResponseSchema.parse(response.json());
      const item = (name: string, workSum: number, activeSum: number, counterSum: number) => ({ name, workSum, activeSum, counterSum });
      expect(body).toEqual({
        interval: 'shifts',
        data: [
          { name: 'Forklift 1', items: [item('I', 210, 300, 0), item('II', 0, 0, 0), item('III', 400, 700, 0), item('summary', 610, 1000, 0)] },
          { name: 'Press 1', items: [item('I', 600, 0, 12), item('II', 0, 0, 0), item('III', 0, 0, 0), item('summary', 600, 0, 12)] },
          { name: 'summary', items: [item('I', 810, 300, 12), item('II', 0, 0, 0), item('III', 400, 700, 0), item('summary', 1210, 1000, 12)] },
        ],
      });
    });

    it('gives the same totals when an overlapping shift sends the chart through the per-date grids', async () => {
      // IV repeats I's hours: shifts overlap, so the shift rollup cannot answer; each bucket still counts once in a summary.
      const db = ctx.database.db;
      await db.insertInto('production_shifts').values({ company_id: data.company.id, position: 3, name: 'IV', hour_start: 6, hour_end: 14 }).execute();
      try {
        const response = await data.get(`/api/reports/factory/data?type=device-work-shift-chart&groups=${data.line}&from=2026-01-15&to=2026-01-16`);
        const body = factoryShiftChartResponseSchema.parse(response.json());
        const item = (name: string, workSum: number, activeSum: number, counterSum: number) => ({ name, workSum, activeSum, counterSum });
        expect(body.data.map((d) => d.items)).toEqual([
          [item('I', 210, 300, 0), item('II', 0, 0, 0), item('III', 400, 700, 0), item('IV', 210, 300, 0), item('summary', 610, 1000, 0)],
          [item('I', 600, 0, 12), item('II', 0, 0, 0), item('III', 0, 0, 0), item('IV', 600, 0, 12), item('summary', 600, 0, 12)],
          [item('I', 810, 300, 12), item('II', 0, 0, 0), item('III', 400, 700, 0), item('IV', 810, 300, 12), item('summary', 1210, 1000, 12)],
        ]);
      } finally {
        await db.deleteFrom('production_shifts').where('company_id', '=', data.company.id).where('position', '=', 3).execute();
      }
    });

    it('answers errors: nothing to chart, no shifts, strangers and bad input', async () => {
      const base = 'from=2026-01-15&to=2026-01-15';
      const none = await data.get(`/api/reports/factory/data?type=device-work-device-chart&${base}`);
      expect(none.json()).toEqual({ errors: { devices: [MESSAGE_KEYS.notBlank] }, rootErrors: [] });
      const noShifts = await data.get(`/api/reports/factory/data?type=device-work-shift-chart&devices=${data.otherDevice.id}&${base}`, data.otherToken);
      expect(noShifts.json()).toEqual({ errors: { type: [DIAGNOSTICS_MESSAGE_KEYS.noShiftsDefined] }, rootErrors: [] });
      const stranger = await data.get(
        `/api/reports/factory/data?type=device-work-device-chart&devices=${data.forklift1.id}&groups=${data.line}&${base}`,
        data.otherToken,
      );
      expect(stranger.statusCode).toBe(404);
      const badType = await data.get(`/api/reports/factory/data?type=pie&devices=${data.forklift1.id}&${base}`);
      expect(badType.json()).toEqual({ errors: { type: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
      const badInterval = await data.get(`/api/reports/factory/data?type=device-work-device-chart&devices=${data.forklift1.id}&interval=shifts&${base}`);
      expect(badInterval.json()).toEqual({ errors: { interval: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    });
  });

  describe('GET /api/reports/factory/xlsx', () => {
    const workbookOf = async (body: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
      return workbook;
    };

    it("sends the device chart as a real spreadsheet named after the range, in the user's language", async () => {
      const response = await data.get(`/api/reports/factory/xlsx?type=device-work-device-chart&devices=${data.forklift1.id}&from=2026-01-15&to=2026-01-15`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(FACTORY_XLSX_CONTENT_TYPE);
      expect(response.headers['content-disposition']).toBe('attachment; filename="work-activity-chart-2026-01-15-2026-01-15.xlsx"');
      const sheet = (await workbookOf(response.rawPayload)).worksheets[0]!;
      expect(sheet.name).toBe('Praca i aktywność');
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Urządzenie', 'Czas', 'Praca', 'Aktywność', 'Licznik']);
      expect(sheet.rowCount).toBe(1 + 288);
      const eight = sheet.getRow(2 + 96);
      expect(eight.getCell(1).value).toBe('Forklift 1');
      expect(eight.getCell(2).value).toBe('2026-01-15 08:00');
      // Durations: Excel days, shown as [h]:mm:ss.
      expect(seconds(eight.getCell(3).value)).toBe(180);
      expect(eight.getCell(3).numFmt).toBe('[h]:mm:ss');
      expect(seconds(eight.getCell(4).value)).toBe(240);
      expect(eight.getCell(5).value).toBeNull();
    });

    it('sends the shift chart, a reversed range named in order', async () => {
      const english = await createUser(ctx.database.db, data.company.id, { language: 'en' });
      const token = (await signIn(ctx.app, english.username, english.password)).access_token;
      const response = await data.get(`/api/reports/factory/xlsx?type=device-work-shift-chart&devices=${data.press.id}&from=2026-01-16&to=2026-01-15`, token);
      expect(response.headers['content-disposition']).toBe('attachment; filename="work-activity-chart-2026-01-15-2026-01-16.xlsx"');
      const sheet = (await workbookOf(response.rawPayload)).worksheets[0]!;
      expect(sheet.name).toBe('Work and activity');
      const rows = [];
      for (let r = 2; r <= sheet.rowCount; r++) rows.push((sheet.getRow(r).values as unknown[]).slice(1));
      expect(rows.map((row) => [row[0], row[1], seconds(row[2]), row[4]])).toEqual([
        ['Press 1', 'I', 600, 12],
        ['Press 1', 'II', 0, 0],
        ['Press 1', 'III', 0, 0],
        ['Press 1', 'Summary', 600, 12],
        ['Summary', 'I', 600, 12],
        ['Summary', 'II', 0, 0],
        ['Summary', 'III', 0, 0],
        ['Summary', 'Summary', 600, 12],
      ]);
    });

    it('answers 404 to a stranger and 400 to a bad query', async () => {
      expect(
        (await data.get(`/api/reports/factory/xlsx?type=device-work-device-chart&devices=${data.forklift1.id}&from=2026-01-15&to=2026-01-15`, data.otherToken))
          .statusCode,
      ).toBe(404);
      expect((await data.get(`/api/reports/factory/xlsx?type=device-work-device-chart&devices=${data.forklift1.id}&from=2026-01-15`)).json()).toEqual({
        errors: { to: [MESSAGE_KEYS.notBlank] },
        rootErrors: [],
      });
    });
  });

  describe('GET /api/device/:id/locations', () => {
    it("answers the positions of the local days by time, with the company's offset", async () => {
      const response = await data.get(`/api/device/${data.forklift1.id}/locations?from=2026-01-15&to=2026-01-15`);
      expect(response.statusCode).toBe(200);
      expect(response.headers[LOCATIONS_STEP_HEADER]).toBeUndefined();
      expect(locationsResponseSchema.parse(response.json())).toEqual([
        { time: '2026-01-15T08:00:00+01:00', lat: 52.1, lon: 21, acc: 5 },
        { time: '2026-01-15T08:05:00+01:00', lat: 52.2, lon: 21.1, acc: null },
      ]);
      const two = await data.get(`/api/device/${data.forklift1.id}/locations?from=2026-01-16&to=2026-01-15`);
      expect(two.json().map((l: { time: string }) => l.time)).toEqual(['2026-01-15T08:00:00+01:00', '2026-01-15T08:05:00+01:00', '2026-01-16T01:00:00+01:00']);
      expect((await data.get(`/api/device/${data.forklift1.id}/locations?from=2026-01-17&to=2026-01-18`)).json()).toEqual([]);
    });

    it('thins a track longer than the limit to the last position of each 5-minute step', async () => {
      const response = await data.get(`/api/device/${busy.id}/locations?from=2026-01-20&to=2026-01-26`);
      expect(response.headers[LOCATIONS_STEP_HEADER]).toBe('300');
      const track = locationsResponseSchema.parse(response.json());
      // 20,100 positions every 30 s from 00:00 on the 20th: 6 days and 23.5 hours, one per 5 minutes.
      expect(track).toHaveLength(Math.ceil((DIAGNOSTICS_LIMITS.locationsMaxPoints + 100) / 10));
      expect(track[0]!.time).toBe('2026-01-20T00:04:30+01:00');
      expect(track[1]!.time).toBe('2026-01-20T00:09:30+01:00');
    });

    it("answers 404 for another company's, an unknown or a malformed device id, 400 for bad dates", async () => {
      expect((await data.get(`/api/device/${data.forklift1.id}/locations?from=2026-01-15&to=2026-01-15`, data.otherToken)).statusCode).toBe(404);
      expect((await data.get('/api/device/999999/locations?from=2026-01-15&to=2026-01-15')).statusCode).toBe(404);
      expect((await data.get('/api/device/abc/locations?from=2026-01-15&to=2026-01-15')).statusCode).toBe(404);
      expect((await data.get(`/api/device/${data.forklift1.id}/locations?from=2026-13-01&to=2026-01-15`)).json()).toEqual({
        errors: { from: [MESSAGE_KEYS.incorrect] },
        rootErrors: [],
      });
    });
  });

  describe('GET /api/devices/diagnostics/async/multiple', () => {
    it('answers the raw readings of one device with local timestamps, oldest first', async () => {
      const response = await data.get(
        `/api/devices/diagnostics/async/multiple?devices=${data.forklift1.id}&parameterNumber=1,20,0,10000&from=2026-01-15&to=2026-01-15`,
      );
      expect(response.statusCode).toBe(200);
      expect(asyncDiagnosticsResponseSchema.parse(response.json())).toEqual({
        data: [
          {
            device: { id: data.forklift1.id, name: 'Forklift 1' },
            parameters: [
              {
                number: 1,
                name: 'work',
                unit: { short: 's' },
                categories: ['2026-01-15 08:00:00', '2026-01-15 08:02:00', '2026-01-15 09:10:00', '2026-01-15 23:30:00'],
                values: [120, 60, 30, 300],
                capped: false,
              },
              {
                number: 20,
                name: 'battery voltage',
                unit: { short: 'V' },
                categories: ['2026-01-15 08:01:00', '2026-01-15 08:03:00'],
                values: [48, 50],
                capped: false,
              },
            ],
          },
        ],
      });
    });

    it('keeps the newest readings when there are more than the limit, and says so', async () => {
      const response = await data.get(`/api/devices/diagnostics/async/multiple?devices=${busy.id}&parameterNumber=1&from=2026-01-20&to=2026-01-27`);
      const [series] = asyncDiagnosticsResponseSchema.parse(response.json()).data[0]!.parameters;
      expect(series!.capped).toBe(true);
      expect(series!.values).toHaveLength(DIAGNOSTICS_LIMITS.asyncMaxPoints);
      expect(series!.values[0]).toBe(1);
      expect(series!.values.at(-1)).toBe(DIAGNOSTICS_LIMITS.asyncMaxPoints);
      expect(series!.categories[0]).toBe('2026-01-20 00:01:00');
    });

    it("answers 404 when no requested parameter exists on the device, or the device is not the caller's", async () => {
      const base = 'from=2026-01-15&to=2026-01-15';
      expect((await data.get(`/api/devices/diagnostics/async/multiple?devices=${data.forklift1.id}&parameterNumber=0,10000,77&${base}`)).statusCode).toBe(404);
      expect(
        (await data.get(`/api/devices/diagnostics/async/multiple?devices=${data.forklift1.id}&parameterNumber=1&${base}`, data.otherToken)).statusCode,
      ).toBe(404);
    });

    it('answers 400 for more than one device or bad numbers', async () => {
      const base = 'from=2026-01-15&to=2026-01-15';
      expect(
        (await data.get(`/api/devices/diagnostics/async/multiple?devices=${data.forklift1.id},${data.forklift2.id}&parameterNumber=1&${base}`)).json(),
      ).toEqual({
        errors: { devices: [MESSAGE_KEYS.incorrect] },
        rootErrors: [],
      });
      expect((await data.get(`/api/devices/diagnostics/async/multiple?devices=${data.forklift1.id}&parameterNumber=1.5&${base}`)).json()).toEqual({
        errors: { parameterNumber: [MESSAGE_KEYS.incorrect] },
        rootErrors: [],
      });
    });
  });
});

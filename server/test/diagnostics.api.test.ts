import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_MESSAGE_KEYS, EFFICIENCY_UNIT, MESSAGE_KEYS, deviceDiagnosticsResponseSchema, problemSchema } from '@gearwatch/contracts';
import type { DeviceDiagnosticsResponse } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { DiagnosticsDataset } from './diagnostics-dataset.ts';
import { buildDiagnosticsDataset, sparse } from './diagnostics-dataset.ts';

describe('GET /api/devices/diagnostics/multiple', () => {
  let ctx: TestContext;
  let data: DiagnosticsDataset;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDiagnosticsDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const diagnostics = async (query: string, token?: string) => {
    const response = await data.get(`/api/devices/diagnostics/multiple?${query}`, token);
    return { response, body: response.statusCode === 200 ? deviceDiagnosticsResponseSchema.parse(response.json()) : undefined };
  };
  const seriesOf = (body: DeviceDiagnosticsResponse | undefined, deviceId: number, number: number) =>
    body?.data.find((d) => d.device.id === deviceId)?.parameters.find((p) => p.number === number);
  const seconds = { short: 's', long: 'seconds', min: null, max: null };

  it('answers hourly buckets of one local day with each aggregation, efficiency and unit groups', async () => {
    const { response, body } = await diagnostics(
      `devices=${data.forklift1.id}&parameterNumber=1,2,0,20,21,22,23,24,10000&interval=hour&from=2026-01-15&to=2026-01-15`,
    );
    expect(response.statusCode).toBe(200);
    expect(body!.interval).toBe('hour');
    expect(body!.categories).toHaveLength(24);
    expect(body!.categories[0]).toBe('2026-01-15 00:00');
    expect(body!.categories[23]).toBe('2026-01-15 23:00');
    expect(body!.data).toHaveLength(1);
    expect(body!.data[0]!.device).toEqual({ id: data.forklift1.id, name: 'Forklift 1' });
    // 10000 is never answered; the others in the order asked.
    expect(body!.data[0]!.parameters.map((p) => p.number)).toEqual([1, 2, 0, 20, 21, 22, 23, 24]);
    expect(seriesOf(body, data.forklift1.id, 1)!.values).toEqual(sparse(24, { 8: 180, 9: 30, 23: 300 }));
    expect(seriesOf(body, data.forklift1.id, 2)!.values).toEqual(sparse(24, { 8: 240, 9: 60, 23: 600 }));
    // round(180/240×100) = 75, round(30/60×100) = 50; 0 (not null) where there was no activity.
    expect(seriesOf(body, data.forklift1.id, 0)!.values).toEqual(Array.from({ length: 24 }, (_, i) => ({ 8: 75, 9: 50, 23: 50 })[i] ?? 0));
    expect(seriesOf(body, data.forklift1.id, 20)!.values).toEqual(sparse(24, { 8: 49 }));
    expect(seriesOf(body, data.forklift1.id, 21)!.values).toEqual(sparse(24, { 8: 46.25 }));
    expect(seriesOf(body, data.forklift1.id, 22)!.values).toEqual(sparse(24, { 8: 95 }));
    expect(seriesOf(body, data.forklift1.id, 23)!.values).toEqual(sparse(24, { 8: 100.7 }));
    expect(seriesOf(body, data.forklift1.id, 24)!.values).toEqual(sparse(24, {}));
    expect(body!.parameters).toEqual([
      {
        unit: seconds,
        parameters: [
          { number: 1, name: 'work' },
          { number: 2, name: 'active' },
        ],
      },
      { unit: EFFICIENCY_UNIT, parameters: [{ number: 0, name: 'efficiency' }] },
      {
        unit: { short: 'V', long: 'volt', min: null, max: null },
        parameters: [
          { number: 20, name: 'battery voltage' },
          { number: 21, name: 'lowest voltage' },
        ],
      },
      { unit: { short: 'A', long: 'ampere', min: null, max: null }, parameters: [{ number: 22, name: 'peak current' }] },
      { unit: { short: 'h', long: 'hours', min: null, max: null }, parameters: [{ number: 23, name: 'motor hours' }] },
      { unit: { short: '', long: '', min: null, max: null }, parameters: [{ number: 24, name: 'door open' }] },
    ]);
    expect(body!.units).toEqual(body!.parameters.map((g) => g.unit));
    expect(body!.data[0]!.parameters.map((p) => p.axis)).toEqual([0, 0, 1, 2, 2, 3, 4, 5]);
    expect(seriesOf(body, data.forklift1.id, 1)).not.toHaveProperty('shifts');
  });

  it('answers 5-minute buckets: readings of one bucket are aggregated together', async () => {
    const { body } = await diagnostics(`devices=${data.forklift1.id}&parameterNumber=1,20,23&interval=5min&from=2026-01-15&to=2026-01-15`);
    expect(body!.interval).toBe('5min');
    expect(body!.categories).toHaveLength(288);
    expect(body!.categories[96]).toBe('2026-01-15 08:00');
    expect(body!.categories[97]).toBe('2026-01-15 08:05');
    expect(seriesOf(body, data.forklift1.id, 1)!.values).toEqual(sparse(288, { 96: 180, 110: 30, 282: 300 }));
    expect(seriesOf(body, data.forklift1.id, 20)!.values).toEqual(sparse(288, { 96: 49 }));
    expect(seriesOf(body, data.forklift1.id, 23)!.values).toEqual(sparse(288, { 96: 100.7 }));
  });

  it('answers local days, months and years, devices in the order asked and only with their own parameters', async () => {
    const query = `devices=${data.press.id},${data.forklift2.id},${data.forklift1.id},${data.otherDevice.id},999999&parameterNumber=1,0,3`;
    const days = await diagnostics(`${query}&interval=day&from=2026-01-15&to=2026-01-16`);
    expect(days.body!.categories).toEqual(['2026-01-15', '2026-01-16']);
    // Another company's device and an unknown id are left out, like nonexistent ones.
    expect(days.body!.data.map((d) => d.device.name)).toEqual(['Press 1', 'Forklift 2', 'Forklift 1']);
    expect(days.body!.data[0]!.parameters.map((p) => p.number)).toEqual([1, 3]);
    expect(seriesOf(days.body, data.press.id, 3)!.values).toEqual([12, null]);
    expect(seriesOf(days.body, data.forklift1.id, 1)!.values).toEqual([510, 100]);
    expect(seriesOf(days.body, data.forklift1.id, 0)!.values).toEqual([Math.round((510 / 900) * 100), 100]);
    expect(seriesOf(days.body, data.forklift2.id, 1)!.values).toEqual([null, 50]);

    const months = await diagnostics(`${query}&interval=month&from=2025-12-20&to=2026-02-03`);
    expect(months.body!.interval).toBe('month');
    expect(months.body!.categories).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(seriesOf(months.body, data.forklift1.id, 1)!.values).toEqual([null, 610, null]);
    const years = await diagnostics(`${query}&interval=year&from=2025-06-01&to=2026-05-31`);
    expect(years.body!.categories).toEqual(['2025', '2026']);
    expect(seriesOf(years.body, data.forklift1.id, 1)!.values).toEqual([null, 610]);
    expect(seriesOf(years.body, data.forklift2.id, 0)!.values).toEqual([0, 50]);
  });

  it('answers shifts per start date, a night shift keeping what it did after midnight', async () => {
    const { body } = await diagnostics(`devices=${data.forklift1.id},${data.forklift2.id}&parameterNumber=1,0&interval=shifts&from=2026-01-15&to=2026-01-16`);
    expect(body!.interval).toBe('shifts');
    expect(body!.categories).toEqual(['2026-01-15', '2026-01-16']);
    const work = seriesOf(body, data.forklift1.id, 1)!;
    expect(work.shifts).toEqual([
      { cat: 'I', values: [210, null] },
      { cat: 'II', values: [null, null] },
      { cat: 'III', values: [400, null] },
    ]);
    expect(work.values).toEqual([610, null]);
    const efficiency = seriesOf(body, data.forklift1.id, 0)!;
    expect(efficiency.shifts).toEqual([
      { cat: 'I', values: [70, 0] },
      { cat: 'II', values: [0, 0] },
      { cat: 'III', values: [57, 0] },
    ]);
    expect(seriesOf(body, data.forklift2.id, 1)!.shifts![0]).toEqual({ cat: 'I', values: [null, 50] });
  });

  it('swaps a reversed range', async () => {
    const forward = await diagnostics(`devices=${data.forklift1.id}&parameterNumber=1&interval=day&from=2026-01-14&to=2026-01-16`);
    const reversed = await diagnostics(`devices=${data.forklift1.id}&parameterNumber=1&interval=day&from=2026-01-16&to=2026-01-14`);
    expect(reversed.body).toEqual(forward.body);
    expect(forward.body!.categories).toEqual(['2026-01-14', '2026-01-15', '2026-01-16']);
  });

  it('answers a coarser interval, and says so, when the range has too many buckets for the one asked', async () => {
    const base = `devices=${data.forklift1.id}&parameterNumber=1`;
    expect((await diagnostics(`${base}&interval=5min&from=2026-01-10&to=2026-01-16`)).body!.interval).toBe('5min');
    const week = await diagnostics(`${base}&interval=5min&from=2026-01-09&to=2026-01-16`);
    expect(week.body!.interval).toBe('hour');
    expect(week.body!.categories).toHaveLength(8 * 24);
    expect((await diagnostics(`${base}&interval=hour&from=2026-01-01&to=2026-04-03`)).body!.interval).toBe('hour');
    const quarter = await diagnostics(`${base}&interval=hour&from=2026-01-01&to=2026-04-04`);
    expect(quarter.body!.interval).toBe('day');
    expect(quarter.body!.categories).toHaveLength(94);
    expect((await diagnostics(`${base}&interval=5min&from=2026-01-01&to=2026-12-31`)).body!.interval).toBe('day');
  });

  it('answers 404 when no requested parameter exists on the requested devices', async () => {
    for (const query of [
      `devices=${data.forklift1.id}&parameterNumber=10000`,
      `devices=${data.forklift1.id}&parameterNumber=99`,
      `devices=${data.press.id}&parameterNumber=0`,
      `devices=${data.otherDevice.id}&parameterNumber=1`,
      'devices=999999&parameterNumber=1',
    ]) {
      const { response } = await diagnostics(`${query}&interval=hour&from=2026-01-15&to=2026-01-15`);
      expect(response.statusCode, query).toBe(404);
      problemSchema.parse(response.json());
    }
  });

  it('answers 400 with field errors for bad input', async () => {
    const ok = `devices=${data.forklift1.id}&parameterNumber=1&interval=hour&from=2026-01-15&to=2026-01-15`;
    const cases: [string, Record<string, string[]>][] = [
      [ok.replace(`devices=${data.forklift1.id}`, 'devices=abc'), { devices: [MESSAGE_KEYS.incorrect] }],
      [ok.replace(`devices=${data.forklift1.id}`, 'devices=1,,2'), { devices: [MESSAGE_KEYS.incorrect] }],
      [ok.replace(`devices=${data.forklift1.id}`, 'devices=0'), { devices: [MESSAGE_KEYS.incorrect] }],
      [ok.replace(`devices=${data.forklift1.id}&`, ''), { devices: [MESSAGE_KEYS.notBlank] }],
      [ok.replace('parameterNumber=1', 'parameterNumber=-1'), { parameterNumber: [MESSAGE_KEYS.incorrect] }],
      [ok.replace('interval=hour', 'interval=week'), { interval: [MESSAGE_KEYS.incorrect] }],
      [ok.replace('from=2026-01-15', 'from=2026-02-30'), { from: [MESSAGE_KEYS.incorrect] }],
      [ok.replace('to=2026-01-15', 'to=15.01.2026'), { to: [MESSAGE_KEYS.incorrect] }],
      [ok.replace('from=2026-01-15', 'from=2025-01-14'), { to: [DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong] }],
    ];
    for (const [query, errors] of cases) {
      const { response } = await diagnostics(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ errors, rootErrors: [] });
    }
    // 366 days (a leap year's worth) is still allowed.
    expect((await diagnostics(ok.replace('from=2026-01-15', 'from=2025-01-15'))).response.statusCode).toBe(200);
  });

  it('answers 400 "no shifts defined" for interval=shifts in a company without shifts', async () => {
    const { response } = await diagnostics(`devices=${data.otherDevice.id}&parameterNumber=1&interval=shifts&from=2026-01-15&to=2026-01-15`, data.otherToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { interval: [DIAGNOSTICS_MESSAGE_KEYS.noShiftsDefined] }, rootErrors: [] });
  });
});

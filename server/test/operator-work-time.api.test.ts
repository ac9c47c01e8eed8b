import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroupPageSchema, operatorGroupDetailSchema, operatorGroupPageSchema, operatorWorkTimeSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer } from './fixtures.ts';
import type { WorkTimeDataset } from './work-time-dataset.ts';
import { NOW, buildWorkTimeDataset, inSessionOf, referenceSums } from './work-time-dataset.ts';

/** The change in percent, written out apart from the server's rule: null without a previous figure. */
const change = (current: number | null, previous: number | null) =>
  previous === null || previous === 0 ? null : Math.round((((current ?? 0) - previous) / previous) * 100);

describe('operator work-time windows and group figures, now fixed on the Sunday clocks go forward', () => {
  let ctx: TestContext;
  let data: WorkTimeDataset;
  const get = (url: string, token = data.token) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: () => NOW });
    data = await buildWorkTimeDataset(ctx);
  }, 120_000);
  afterAll(() => ctx?.close());

  it('answers the day, the week from Monday and the month so far against the previous equal periods', async () => {
    const response = await get(`/api/deviceoperators/${data.operators.bartek}/work-time`);
    expect(response.statusCode).toBe(200);
    const body = operatorWorkTimeSchema.parse(response.json());
    expect(body.today).toBe('2026-03-29');
    expect(body.windows.map((w) => [w.period, w.current.from, w.current.to, w.previous.from, w.previous.to])).toEqual([
      ['day', '2026-03-29', '2026-03-29', '2026-03-28', '2026-03-28'],
      ['week', '2026-03-23', '2026-03-29', '2026-03-16', '2026-03-22'],
      ['month', '2026-03-01', '2026-03-29', '2026-02-01', '2026-02-28'],
    ]);
  });

  it('sums each window as the raw readings inside the operator sessions add up, with the trends', async () => {
    for (const operatorId of [data.operators.anna, data.operators.bartek, data.operators.celina]) {
      const body = operatorWorkTimeSchema.parse((await get(`/api/deviceoperators/${operatorId}/work-time`)).json());
      for (const window of body.windows) {
        const current = referenceSums(data, window.current.from, window.current.to, inSessionOf(data, [operatorId]));
        const previous = referenceSums(data, window.previous.from, window.previous.to, inSessionOf(data, [operatorId]));
        const label = `${operatorId} ${window.period}`;
        expect(window.current.workSeconds, label).toBeCloseTo(current.work!, 6);
        expect(window.current.activeSeconds, label).toBeCloseTo(current.active!, 6);
        expect(window.previous.workSeconds, label).toBeCloseTo(previous.work!, 6);
        expect(window.previous.activeSeconds, label).toBeCloseTo(previous.active!, 6);
        expect(window.workTrend, label).toBe(change(current.work, previous.work));
        expect(window.activeTrend, label).toBe(change(current.active, previous.active));
      }
    }
  });

  it('splits the night session at local midnight on the 23-hour day', async () => {
    const [day] = operatorWorkTimeSchema.parse((await get(`/api/deviceoperators/${data.operators.bartek}/work-time`)).json()).windows;
    // Sunday: no day shift for Bartek, only 00:00–05:00 of the night session, of which 02:00–03:00 does not exist:
    // four hours, 48 buckets of 250 active seconds.
    expect(day!.current.activeSeconds).toBe(48 * 250);
    // Saturday: the day shift (48 buckets of 300) and 22:00–24:00 of the night (24 buckets of 250).
    expect(day!.previous.activeSeconds).toBe(48 * 300 + 24 * 250);
    expect(day!.activeTrend).toBe(change(48 * 250, 48 * 300 + 24 * 250));
  });

  it('answers nulls and no trend for an operator without sessions', async () => {
    const body = operatorWorkTimeSchema.parse((await get(`/api/deviceoperators/${data.operators.idle}/work-time`)).json());
    for (const window of body.windows) {
      expect(window).toMatchObject({
        current: { workSeconds: null, activeSeconds: null },
        previous: { workSeconds: null, activeSeconds: null },
        workTrend: null,
        activeTrend: null,
      });
    }
  });

  it('answers 404 for another company operator and an unknown one', async () => {
    expect((await get(`/api/deviceoperators/${data.operators.foreign}/work-time`)).statusCode).toBe(404);
    expect((await get(`/api/deviceoperators/${data.operators.anna}/work-time`, data.otherToken)).statusCode).toBe(404);
    expect((await get('/api/deviceoperators/999999/work-time')).statusCode).toBe(404);
  });

  it('lists operator groups with the operator count and todays averages per operator and productivity, as the raw readings add up', async () => {
    const entries = operatorGroupPageSchema.parse((await get('/api/deviceoperatorgroups?page_size=0')).json()).entries;
    const byId = new Map(entries.map((e) => [e.id, e]));
    const crew = referenceSums(data, '2026-03-29', '2026-03-29', inSessionOf(data, [data.operators.anna, data.operators.bartek]));
    expect(byId.get(data.groups.crew)).toMatchObject({
      operatorCount: 2,
      workAverage: Math.round(crew.work! / 2),
      activityAverage: Math.round(crew.active! / 2),
      productivity: Math.round((crew.work! / crew.active!) * 100),
    });
    // Celina works on even days only: nothing on the 29th.
    expect(byId.get(data.groups.solo)).toMatchObject({ operatorCount: 1, workAverage: null, activityAverage: null, productivity: null });
    expect(byId.get(data.groups.empty)).toMatchObject({ operatorCount: 0, workAverage: null, activityAverage: null, productivity: null });
    expect(byId.get(data.groups.resting)).toMatchObject({ operatorCount: 1, workAverage: null, activityAverage: null, productivity: null });
    const detail = operatorGroupDetailSchema.parse((await get(`/api/deviceoperatorgroups/${data.groups.crew}`)).json());
    expect(detail).toMatchObject({ operatorCount: 2, workAverage: Math.round(crew.work! / 2), productivity: Math.round((crew.work! / crew.active!) * 100) });
  });

  it('answers the figures of only the page rows, in the page order', async () => {
    const response = await get('/api/deviceoperatorgroups?page_size=2&page=1');
    const names = operatorGroupPageSchema.parse(response.json()).entries.map((e) => [e.name, e.operatorCount]);
    expect(names).toEqual([
      ['Crew', 2],
      ['Empty', 0],
    ]);
  });

  it('lists device groups with todays averages per device and productivity, as the raw readings add up on the local date', async () => {
    const entries = deviceGroupPageSchema.parse((await get('/api/devicegroups?page_size=0')).json()).entries;
    const [forklift1, forklift2] = data.devices;
    const both = referenceSums(data, '2026-03-29', '2026-03-29', (deviceId) => deviceId === forklift1!.id || deviceId === forklift2!.id);
    const second = referenceSums(data, '2026-03-29', '2026-03-29', (deviceId) => deviceId === forklift2!.id);
    expect(entries.find((e) => e.id === data.deviceGroups.both)).toMatchObject({
      deviceCount: 2,
      workAverage: Math.round(both.work! / 2),
      activityAverage: Math.round(both.active! / 2),
      productivity: Math.round((both.work! / both.active!) * 100),
    });
    // Forklift 2 ran on the 29th only in the night session's last five hours, the skipped one left out.
    expect(second.active).toBe(48 * 250);
    expect(entries.find((e) => e.id === data.deviceGroups.second)).toMatchObject({
      deviceCount: 1,
      workAverage: Math.round(second.work!),
      activityAverage: 48 * 250,
    });
  });
});

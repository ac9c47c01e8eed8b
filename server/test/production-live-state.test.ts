import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { productionViewStateSchema } from '@gearwatch/contracts';
import type { ProductionViewState } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany } from './fixtures.ts';
import { createDeviceType, createShifts, createTelemetryDevice, ingest, setCompanyTimezone } from './telemetry-fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import type { ReadingInput } from '../src/telemetry/types.ts';
import { TINY_PNG, createView } from './production-live-fixtures.ts';

/**
 * The live state against the raw readings: periods from reset hours in the company's time zone (Warsaw's clock
 * changes included), values equal to the raw aggregation, pace and projection, statuses and OEE.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('production view live state', () => {
  let ctx: TestContext;
  let typeId: number;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    typeId = await createDeviceType(db());
  });
  afterAll(() => ctx?.close());

  /** Work 0–60 s, active 60 s and a count 0–2 each minute from `from` to `to`, plus readings at `extra` instants. */
  function minuteReadings(from: number, to: number, extra: number[] = []): ReadingInput[] {
    const readings: ReadingInput[] = [];
    const at = [...new Set([...Array.from({ length: Math.floor((to - from) / MIN) + 1 }, (_, i) => from + i * MIN), ...extra])].filter((t) => t <= to);
    for (const t of at) {
      const i = Math.floor(t / MIN);
      readings.push(
        { parameter: 1, ts: new Date(t), value: (i * 7) % 61 },
        { parameter: 2, ts: new Date(t), value: 60 },
        { parameter: 3, ts: new Date(t), value: i % 3 },
      );
    }
    return readings;
  }

  /** The raw reference: the sum of a parameter's readings in [from, to), or null without one. */
  async function rawSum(deviceId: number, parameter: number, from: number, to: number): Promise<number | null> {
    const row = await sql<{ sum: number | null; n: number }>`
      select sum(value) as sum, count(*)::int as n from readings
      where device_id = ${deviceId} and parameter_number = ${parameter} and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz`.execute(
      db(),
    );
    const { sum, n } = row.rows[0]!;
    return n === 0 ? null : Number(sum);
  }

  async function stateOf(viewId: number, now: number): Promise<ProductionViewState> {
    const state = (await ctx.services.productionLive.states([viewId], now)).get(viewId);
    expect(state).toBeDefined();
    return productionViewStateSchema.parse(state);
  }

  const CASES: { name: string; resetHours: number[]; now: string; start: string; end: string }[] = [
    {
      name: 'spring forward: 02:00 does not exist, resets at the jump',
      resetHours: [2],
      now: '2026-03-29T05:00:00Z',
      start: '2026-03-29T01:00:00Z',
      end: '2026-03-30T00:00:00Z',
    },
    {
      name: 'spring forward: 01:00 to 03:00 lasts one hour',
      resetHours: [1, 3],
      now: '2026-03-29T00:30:00Z',
      start: '2026-03-29T00:00:00Z',
      end: '2026-03-29T01:00:00Z',
    },
    {
      name: 'spring forward: from 03:00 CEST to 01:00 the next day',
      resetHours: [1, 3],
      now: '2026-03-29T03:00:00Z',
      start: '2026-03-29T01:00:00Z',
      end: '2026-03-29T23:00:00Z',
    },
    {
      name: 'spring forward: 02:00 and 03:00 are one reset',
      resetHours: [2, 3],
      now: '2026-03-29T01:00:00Z',
      start: '2026-03-29T01:00:00Z',
      end: '2026-03-30T00:00:00Z',
    },
    {
      name: 'spring forward: the 23-hour day from midnight',
      resetHours: [0],
      now: '2026-03-29T12:00:00Z',
      start: '2026-03-28T23:00:00Z',
      end: '2026-03-29T22:00:00Z',
    },
    {
      name: 'fall back: 02:00 resets at its first occurrence (the 25-hour day)',
      resetHours: [2],
      now: '2026-10-25T00:30:00Z',
      start: '2026-10-25T00:00:00Z',
      end: '2026-10-26T01:00:00Z',
    },
    {
      name: 'fall back: the repeated 02:30 is still the same period',
      resetHours: [2],
      now: '2026-10-25T01:30:00Z',
      start: '2026-10-25T00:00:00Z',
      end: '2026-10-26T01:00:00Z',
    },
    {
      name: 'fall back: 03:00 to 03:00 spans 25 hours',
      resetHours: [3],
      now: '2026-10-25T01:30:00Z',
      start: '2026-10-24T01:00:00Z',
      end: '2026-10-25T02:00:00Z',
    },
    {
      name: 'fall back: the repeated 02:00 does not reset twice',
      resetHours: [1, 2],
      now: '2026-10-25T01:59:00Z',
      start: '2026-10-25T00:00:00Z',
      end: '2026-10-26T00:00:00Z',
    },
    {
      name: 'shift changes 06/14/22 across a reset',
      resetHours: [6, 14, 22],
      now: '2026-10-25T06:00:00Z',
      start: '2026-10-25T05:00:00Z',
      end: '2026-10-25T13:00:00Z',
    },
  ];

  describe.each(CASES)('Europe/Warsaw, $name', ({ resetHours, now, start, end }) => {
    it('has the period and values equal to the raw aggregation from its start', async () => {
      const company = await createCompany(db());
      await setCompanyTimezone(db(), company.id, 'Europe/Warsaw');
      const device = await createTelemetryDevice(db(), company.id, typeId);
      const nowMs = Date.parse(now);
      const startMs = Date.parse(start);
      // Three hours before the period (they must not count), the period's first and last instant before it.
      await ingest(ctx.services, device, { readings: minuteReadings(startMs - 3 * HOUR + 17_000, nowMs, [startMs, startMs - 1, nowMs]) });
      const counterView = await createView(db(), company.id, {
        resetHours,
        lines: [
          { deviceId: device.id, parameter: 3, goal: 500 },
          { deviceId: device.id, parameter: 0, goal: 80 },
        ],
      });
      const timeView = await createView(db(), company.id, {
        resetHours,
        lines: [
          { deviceId: device.id, parameter: 1, goal: 600 },
          { deviceId: device.id, parameter: 2, goal: 900 },
        ],
      });

      const counters = await stateOf(counterView, nowMs);
      expect([counters.periodStart, counters.periodEnd]).toEqual([new Date(start).toISOString(), new Date(end).toISOString()]);
      expect(counters.timezone).toBe('Europe/Warsaw');
      const to = Date.parse(end);
      const count = await rawSum(device.id, 3, startMs, to);
      const work = await rawSum(device.id, 1, startMs, to);
      const active = await rawSum(device.id, 2, startMs, to);
      expect(count).not.toBeNull();
      expect(counters.lines[0]!.value).toBeCloseTo(count!, 6);
      expect(counters.lines[1]!.value).toBe(active ? Math.round((work! / active) * 100) : 0);

      const times = await stateOf(timeView, nowMs);
      expect(times.lines[0]!.value).toBeCloseTo(work! / 60, 6);
      expect(times.lines[1]!.value).toBeCloseTo(active! / 60, 6);
      expect(times.lines.map((l) => l.valueKind)).toEqual(['minutes', 'minutes']);

      // Pace spreads the goal over the period; the projection carries the pace so far to its end.
      const length = to - startMs;
      const elapsed = nowMs - startMs;
      expect(counters.lines[0]!.pace).toBeCloseTo((500 * elapsed) / length, 6);
      expect(counters.lines[1]!.pace).toBe(80);
      if (elapsed > 0) expect(counters.lines[0]!.projection).toBeCloseTo((count! * length) / elapsed, 6);
      expect(counters.lines[1]!.projection).toBe(counters.lines[1]!.value);
      expect(counters.lines[0]!.lastDataAt).toBe(new Date(nowMs).toISOString());
    });
  });

  /** A company in UTC with a device type of work, active and a counter; `now` is 10:00 of 2026-11-20. */
  const NOW = Date.parse('2026-11-20T10:00:00Z');
  async function utcCompany(shifts: { hourStart: number; hourEnd: number }[]): Promise<{ companyId: number; device: () => Promise<TelemetryDevice> }> {
    const company = await createCompany(db());
    await setCompanyTimezone(db(), company.id, 'UTC');
    if (shifts.length)
      await createShifts(
        db(),
        company.id,
        shifts.map((s, i) => ({ name: `Shift ${i + 1}`, ...s })),
      );
    return { companyId: company.id, device: () => createTelemetryDevice(db(), company.id, typeId) };
  }
  /** Counts of `perMinute` each minute from 06:00 to `until`, with 60 s of work each of those minutes. */
  function producing(until: number, perMinute: number): ReadingInput[] {
    const readings: ReadingInput[] = [];
    for (let t = Date.parse('2026-11-20T06:00:00Z'); t < until; t += MIN) {
      readings.push(
        { parameter: 1, ts: new Date(t), value: 60 },
        { parameter: 2, ts: new Date(t), value: 60 },
        { parameter: 3, ts: new Date(t), value: perMinute },
      );
    }
    return readings;
  }

  it('colours lines by their pace, blue when stopped inside a shift, grey (never red) without data', async () => {
    const { companyId, device } = await utcCompany([{ hourStart: 6, hourEnd: 14 }]);
    // Reset at 06:00, so at 10:00 four of 24 hours passed: a goal of 1440 has a pace of 240.
    const onPace = await device();
    await ingest(ctx.services, onPace, { readings: producing(NOW, 1) });
    const behind = await device();
    await ingest(ctx.services, behind, {
      readings: producing(Date.parse('2026-11-20T09:40:00Z'), 1).concat(producing(NOW, 0).filter((r) => r.ts.getTime() >= Date.parse('2026-11-20T09:40:00Z'))),
    });
    const farBehind = await device();
    await ingest(ctx.services, farBehind, {
      readings: producing(Date.parse('2026-11-20T09:00:00Z'), 1).concat(producing(NOW, 0).filter((r) => r.ts.getTime() >= Date.parse('2026-11-20T09:00:00Z'))),
    });
    const idle = await device();
    // Ahead of pace, but its last work was at 09:00: inside the shift it is stopped.
    await ingest(ctx.services, idle, { readings: producing(Date.parse('2026-11-20T09:00:00Z'), 3) });
    const silent = await device();

    const view1 = await createView(db(), companyId, {
      resetHours: [6],
      lines: [
        { deviceId: onPace.id, parameter: 3, goal: 1440 },
        { deviceId: behind.id, parameter: 3, goal: 1440 },
      ],
    });
    const view2 = await createView(db(), companyId, {
      resetHours: [6],
      lines: [
        { deviceId: farBehind.id, parameter: 3, goal: 1440 },
        { deviceId: idle.id, parameter: 3, goal: 1440 },
      ],
    });
    const view3 = await createView(db(), companyId, {
      resetHours: [6],
      lines: [
        { deviceId: silent.id, parameter: 3, goal: 1440 },
        { deviceId: null, parameter: 1, goal: 100 },
      ],
    });
    const states = await ctx.services.productionLive.states([view1, view2, view3], NOW);
    const line = (view: number, i: number) => states.get(view)!.lines[i]!;
    expect(line(view1, 0)).toMatchObject({ value: 240, pace: 240, status: 'on-pace' });
    // 220 of 240: within 10 % behind.
    expect(line(view1, 1)).toMatchObject({ value: 220, status: 'behind' });
    expect(line(view2, 0)).toMatchObject({ value: 180, status: 'far-behind' });
    expect(line(view2, 1)).toMatchObject({ value: 540, status: 'stopped' });
    expect(line(view3, 0)).toMatchObject({ value: null, projection: null, status: 'no-data', lastDataAt: null });
    // A deleted device: no data, grey.
    expect(line(view3, 1)).toMatchObject({ deviceId: null, value: null, status: 'no-data', oee: null });

    // Outside every shift a machine without work is not stopped: it is measured against its pace.
    await ctx.database.db.updateTable('production_shifts').set({ hour_start: 12, hour_end: 20 }).where('company_id', '=', companyId).execute();
    const outside = await ctx.services.productionLive.states([view2], NOW);
    expect(outside.get(view2)!.lines[1]).toMatchObject({ value: 540, status: 'on-pace' });
  });

  it('computes OEE of a counter line from shift time, work inside it and the count against the goal', async () => {
    // Shift 06–14 and 22–06: at 10:00 the period (reset 04:00) has 04:00–06:00 of the night shift and 06:00–10:00.
    const { companyId, device } = await utcCompany([
      { hourStart: 6, hourEnd: 14 },
      { hourStart: 22, hourEnd: 6 },
    ]);
    const machine = await device();
    // 06:00–09:00: 180 minutes of 60 s work and 180 pieces.
    await ingest(ctx.services, machine, { readings: producing(Date.parse('2026-11-20T09:00:00Z'), 1) });
    // Before the period: neither planned time nor counted.
    await ingest(ctx.services, machine, {
      readings: [
        { parameter: 1, ts: new Date('2026-11-20T03:30:00Z'), value: 60 },
        { parameter: 3, ts: new Date('2026-11-20T03:30:00Z'), value: 50 },
      ],
    });
    const fast = await device();
    await ingest(ctx.services, fast, { readings: producing(Date.parse('2026-11-20T09:00:00Z'), 10) });
    // Goal 2880 over the 24 h period (reset 04:00): an ideal rate of 120 an hour.
    const view = await createView(db(), companyId, {
      resetHours: [4],
      lines: [
        { deviceId: machine.id, parameter: 3, goal: 2880 },
        { deviceId: fast.id, parameter: 1, goal: 600 },
      ],
      logo: TINY_PNG,
    });
    const state = (await ctx.services.productionLive.states([view], NOW)).get(view)!;
    const oee = state.lines[0]!.oee!;
    // Planned: 04:00–10:00 = 6 h; run: 3 h of work; performance: 180 / (120 × 3) = 0.5.
    expect(oee.plannedSeconds).toBe(6 * 3600);
    expect(oee.runSeconds).toBe(3 * 3600);
    expect(oee.availability).toBeCloseTo(0.5, 9);
    expect(oee.performance).toBeCloseTo(0.5, 9);
    expect(oee.quality).toBe(1);
    expect(oee.oee).toBeCloseTo(0.25, 9);
    // Work and active lines have no OEE; the logo travels as a data URL.
    expect(state.lines[1]!.oee).toBeNull();
    expect(state.logo).toBe(`data:image/png;base64,${TINY_PNG.toString('base64')}`);

    // Faster than the goal: performance is capped at 1 (docs/production.md).
    const fastView = await createView(db(), companyId, {
      resetHours: [4],
      lines: [
        { deviceId: fast.id, parameter: 3, goal: 2880 },
        { deviceId: null, parameter: 3, goal: 10 },
      ],
    });
    const fastState = (await ctx.services.productionLive.states([fastView], NOW)).get(fastView)!;
    expect(fastState.lines[0]!.oee).toMatchObject({ performance: 1, availability: 0.5, oee: 0.5 });
    // No device: the factors are undefined, the planned time is still the shift's.
    expect(fastState.lines[1]!.oee).toMatchObject({ availability: null, performance: null, oee: null, plannedSeconds: 6 * 3600, runSeconds: 0 });

    // Without shifts there is no planned time: availability and OEE are undefined.
    const { companyId: noShifts, device: deviceOf } = await utcCompany([]);
    const loose = await deviceOf();
    await ingest(ctx.services, loose, { readings: producing(Date.parse('2026-11-20T09:00:00Z'), 1) });
    const looseView = await createView(db(), noShifts, {
      resetHours: [4],
      lines: [
        { deviceId: loose.id, parameter: 3, goal: 2880 },
        { deviceId: loose.id, parameter: 0, goal: 50 },
      ],
    });
    const looseState = (await ctx.services.productionLive.states([looseView], NOW)).get(looseView)!;
    expect(looseState.lines[0]!.oee).toMatchObject({ plannedSeconds: 0, runSeconds: 0, availability: null, performance: null, oee: null, quality: 1 });
    // And nothing is "stopped" without shifts.
    expect(looseState.lines[0]!.status).not.toBe('stopped');
  });
});

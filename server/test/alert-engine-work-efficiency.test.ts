import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertMessageKey } from '@gearwatch/contracts';
import type { AlertEfficiencyBound } from '@gearwatch/contracts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { ingest } from './telemetry-fixtures.ts';
import { alertWorld, alertsOf, createRule, tickAt } from './alert-fixtures.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const FROM = Date.parse('2026-11-10T05:00:00Z');
const HOURS = 12;
/** Per hour of the shift, the share (%) of active minutes with work in them: up and down, so alerts open and end. */
const WORK_SHARES = [20, 60, 30, 70, 0, 25, 80, 0, 35, 65, 30, 75];

interface Reading {
  parameter: number;
  ts: Date;
  value: number;
}

/**
 * A shift of minute readings of work (1) and active (2) seconds: active most minutes, work in a share of them that
 * goes up and down from hour to hour; one hour the device is on but never active (readings of 0), one
 * hour it sends nothing at all.
 */
function shift(): Reading[] {
  const readings: Reading[] = [];
  for (let hour = 0; hour < HOURS; hour++) {
    if (hour === 7) continue;
    for (let minute = 0; minute < 60; minute++) {
      const ts = new Date(FROM + hour * HOUR + minute * MINUTE);
      const active = hour === 4 ? 0 : (minute * 7 + hour) % 10 < 9 ? 60 : 0;
      const work = active > 0 && (minute * 13 + hour * 5) % 100 < WORK_SHARES[hour]! ? Math.min(active, 45 + ((minute + hour) % 16)) : 0;
      readings.push({ parameter: 1, ts, value: work }, { parameter: 2, ts, value: active });
    }
  }
  return readings;
}

interface ExpectedAlert {
  startedAt: string;
  lastAt: string;
  endedAt: string | null;
  counter: number;
  efficiency: number;
}

/**
 * What the rule must make of the raw readings, computed here apart from the rollups and the engine: each hour's
 * efficiency (round(work ÷ active × 100), 0 without active time; an hour without readings does not count unless
 * the rule counts it as 0), consecutive breaching hours are one alert repeated, a hour that does not breach ends it.
 */
function expectedAlerts(readings: Reading[], bound: AlertEfficiencyBound, percent: number, countEmpty: boolean): ExpectedAlert[] {
  const alerts: ExpectedAlert[] = [];
  let open: ExpectedAlert | null = null;
  for (let hour = 0; hour < HOURS; hour++) {
    const start = FROM + hour * HOUR;
    const inHour = readings.filter((r) => r.ts.getTime() >= start && r.ts.getTime() < start + HOUR);
    if (inHour.length === 0 && !countEmpty) continue;
    const total = (parameter: number) => inHour.filter((r) => r.parameter === parameter).reduce((sum, r) => sum + r.value, 0);
    const [work, active] = [total(1), total(2)];
    const efficiency = active > 0 ? Math.round((work / active) * 100) : 0;
    const breach = bound === 'below' ? efficiency < percent : efficiency > percent;
    const iso = new Date(start).toISOString();
    if (breach && open) {
      open.lastAt = iso;
      open.counter++;
      open.efficiency = efficiency;
    } else if (breach) {
      open = { startedAt: iso, lastAt: iso, endedAt: null, counter: 1, efficiency };
      alerts.push(open);
    } else if (open) {
      open.endedAt = iso;
      open = null;
    }
  }
  return alerts;
}

/** The work-efficiency rule type (issue 33 item 3) at window close, from the rollups, against the raw readings. */
describe('alert engine: work efficiency', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('alerts each hour whose efficiency is below or above the percentage, as the raw readings say', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const cases = [
      { bound: 'below', efficiency: 40, countEmpty: false },
      { bound: 'below', efficiency: 40, countEmpty: true },
      { bound: 'above', efficiency: 55, countEmpty: false },
    ] as const;
    const rules = [];
    for (const c of cases) {
      const condition = { bound: c.bound, efficiency: c.efficiency, date_interval: '60m', ...(c.countEmpty ? { excludeDaysWithoutData: false } : {}) };
      rules.push(
        await createRule(ctx.database.db, {
          companyId: world.companyId,
          type: 'work-efficiency',
          conditions: [condition],
          deviceIds: [device.id],
          userIds: [world.userId],
          // From the shift's start: before it, a rule that counts empty hours would alert each of them.
          createdAt: new Date(FROM),
        }),
      );
    }
    const readings = shift();
    await ingest(ctx.services, device, { readings });
    await tickAt(ctx, new Date(FROM + HOURS * HOUR + 10 * MINUTE));

    for (const [index, c] of cases.entries()) {
      const expected = expectedAlerts(readings, c.bound, c.efficiency, c.countEmpty);
      // The shift is made so that every case alerts, and more than once.
      expect(expected.length, JSON.stringify(c)).toBeGreaterThan(1);
      const alerts = await alertsOf(ctx.database.db, { ruleId: rules[index]! });
      expect(
        alerts.map((a) => ({ startedAt: a.startedAt, lastAt: a.lastAt, endedAt: a.endedAt, counter: a.counter, efficiency: a.params.efficiency })),
        JSON.stringify(c),
      ).toEqual(expected);
      for (const alert of alerts) {
        expect(alert.messageKey).toBe(alertMessageKey('work-efficiency'));
        expect(alert.params).toMatchObject({ bound: c.bound, argument: c.efficiency });
        expect(Object.keys(alert.params).sort()).toEqual(['argument', 'bound', 'efficiency', 'windowEnd', 'windowStart']);
      }
    }
    // The hour the device was on and never active is an efficiency of 0: below 40 %.
    const idle = new Date(FROM + 4 * HOUR).toISOString();
    const below = await alertsOf(ctx.database.db, { ruleId: rules[0]! });
    expect(below.some((a) => a.startedAt <= idle && a.lastAt >= idle)).toBe(true);
  });
});

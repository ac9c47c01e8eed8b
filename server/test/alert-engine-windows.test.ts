import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { ingest } from './telemetry-fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { alertWorld, alertsOf, at, createRule, tickAt } from './alert-fixtures.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Readings of `parameter` every `stepMs` in [from, to), each of `value`. */
function series(parameter: number, from: string, to: string, stepMs: number, value: number | ((t: number) => number)) {
  const out = [];
  for (let t = Date.parse(from); t < Date.parse(to); t += stepMs)
    out.push({ parameter, ts: new Date(t), value: typeof value === 'function' ? value(t) : value });
  return out;
}

async function lastContact(ctx: TestContext, device: TelemetryDevice, iso: string): Promise<void> {
  await sql`update sensor_state set last_contact_at = ${iso}::timestamptz where sensor_id = ${device.module.sensorId}`.execute(ctx.database.db);
}

/** Windowed types at window close in company time (Europe/Warsaw), from the rollups. */
describe('alert engine: windows', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('day windows follow the 23-hour and 25-hour days of Europe/Warsaw', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const created = at('2026-03-20T00:00:00Z');
    // One piece every UTC hour: a local day holds 23, 24 or 25 of them.
    const short = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'periodic-performance',
      conditions: [{ variable: 3, operator: 'lt', argument: 24, date_interval: 'day' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: created,
    });
    const long = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'periodic-performance',
      conditions: [{ variable: 3, operator: 'gt', argument: 24, date_interval: 'day' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: created,
    });
    await ingest(ctx.services, device, {
      readings: [...series(3, '2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z', HOUR, 1), ...series(3, '2026-10-23T22:00:00Z', '2026-10-26T23:00:00Z', HOUR, 1)],
    });
    // Catch-up reaches 90 days back: the spring is evaluated in the spring.
    await tickAt(ctx, '2026-03-31T06:00:00Z');
    await tickAt(ctx, '2026-10-27T06:00:00Z');
    const shortAlerts = await alertsOf(ctx.database.db, { ruleId: short });
    expect(shortAlerts.map((a) => [a.startedAt, a.endedAt, a.counter])).toEqual([['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', 1]]);
    expect(shortAlerts[0]!.params).toMatchObject({
      value: 23,
      windowStart: '2026-03-29T00:00:00+01:00',
      windowEnd: '2026-03-30T00:00:00+02:00',
      operator: '<',
      argument: 24,
    });
    const longAlerts = await alertsOf(ctx.database.db, { ruleId: long });
    expect(longAlerts.map((a) => [a.startedAt, a.endedAt, a.counter])).toEqual([['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 1]]);
    expect(longAlerts[0]!.params).toMatchObject({ value: 25, windowStart: '2026-10-25T00:00:00+02:00', windowEnd: '2026-10-26T00:00:00+01:00' });
    // Evaluating again changes nothing.
    await tickAt(ctx, '2026-10-27T07:00:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId: long })).toEqual(longAlerts);
  });

  it("counter per hour divides by the window's real hours: the 60-minute window holding the repeated hour lasts two", async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'counter-per-hour',
      conditions: [{ variable: 3, operator: 'gte', argument: 60, date_interval: '60m' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: at('2026-10-20T00:00:00Z'),
    });
    // One piece a minute from 00:00 to 04:00 local on 2026-10-25 (22:00Z to 03:00Z: five real hours).
    await ingest(ctx.services, device, { readings: series(3, '2026-10-24T22:00:00Z', '2026-10-25T03:00:00Z', MINUTE, 1) });
    await tickAt(ctx, '2026-10-25T06:00:00Z');
    const alerts = await alertsOf(ctx.database.db, { ruleId });
    // 60 per hour in every window: one alert repeated per window, four windows (00, 01 (two hours), 02, 03 local).
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ startedAt: '2026-10-24T22:00:00.000Z', lastAt: '2026-10-25T02:00:00.000Z', counter: 4 });
    expect(alerts[0]!.params).toMatchObject({ value: 60, windowStart: '2026-10-25T03:00:00+01:00', windowEnd: '2026-10-25T04:00:00+01:00' });
  });

  it("no data is not zero; an offline module's windows wait; late data creates the alerts with their real times", async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const created = at('2026-11-02T08:00:00Z');
    const byDefault = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'effective-work-time',
      conditions: [{ operator: 'lt', argument: 30, date_interval: '60m' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: created,
    });
    const zeroCounts = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'effective-work-time',
      conditions: [{ operator: 'lt', argument: 30, date_interval: '60m', excludeDaysWithoutData: false }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: created,
    });
    // Works 08:00–09:00 UTC, then the module goes silent.
    await ingest(ctx.services, device, { readings: series(1, '2026-11-02T08:00:00Z', '2026-11-02T09:00:00Z', MINUTE, 60) });
    await lastContact(ctx, device, '2026-11-02T09:00:00Z');
    await tickAt(ctx, '2026-11-02T11:30:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId: byDefault })).toEqual([]);
    expect(await alertsOf(ctx.database.db, { ruleId: zeroCounts })).toEqual([]);
    // At 12:00 it sends 09:00–12:00: idle from 10:00 to 11:00, working otherwise.
    await ingest(ctx.services, device, {
      readings: series(1, '2026-11-02T09:00:00Z', '2026-11-02T12:00:00Z', MINUTE, (t) =>
        t >= Date.parse('2026-11-02T10:00:00Z') && t < Date.parse('2026-11-02T11:00:00Z') ? 0 : 60,
      ),
    });
    await lastContact(ctx, device, '2026-11-02T12:00:30Z');
    await tickAt(ctx, '2026-11-02T12:05:00Z');
    for (const ruleId of [byDefault, zeroCounts]) {
      const alerts = await alertsOf(ctx.database.db, { ruleId });
      expect(alerts.map((a) => [a.startedAt, a.endedAt, a.counter])).toEqual([['2026-11-02T10:00:00.000Z', '2026-11-02T11:00:00.000Z', 1]]);
      expect(alerts[0]!.params).toMatchObject({ minutes: 0, windowStart: '2026-11-02T11:00:00+01:00', windowEnd: '2026-11-02T12:00:00+01:00' });
    }
    // A silent hour while the module is in contact: nothing by default, 0 minutes when the rule counts empty windows.
    await lastContact(ctx, device, '2026-11-02T14:00:30Z');
    await tickAt(ctx, '2026-11-02T14:05:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId: byDefault })).toHaveLength(1);
    const counted = await alertsOf(ctx.database.db, { ruleId: zeroCounts });
    expect(counted.map((a) => [a.startedAt, a.lastAt, a.counter, a.endedAt])).toEqual([
      ['2026-11-02T10:00:00.000Z', '2026-11-02T10:00:00.000Z', 1, '2026-11-02T11:00:00.000Z'],
      ['2026-11-02T12:00:00.000Z', '2026-11-02T13:00:00.000Z', 2, null],
    ]);
  });

  it('late data into a window already evaluated is applied once', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'periodic-performance',
      conditions: [{ variable: 3, operator: 'gt', argument: 100, date_interval: '60m' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: at('2026-11-01T00:00:00Z'),
    });
    await ingest(ctx.services, device, { readings: series(3, '2026-11-04T13:00:00Z', '2026-11-04T14:00:00Z', 2 * MINUTE, 2) });
    await lastContact(ctx, device, '2026-11-04T14:00:10Z');
    await tickAt(ctx, '2026-11-04T14:05:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    // The other half of the hour's pieces arrive late: 60 + 60 = 120 > 100.
    await ingest(ctx.services, device, { readings: series(3, '2026-11-04T13:01:00Z', '2026-11-04T14:00:00Z', 2 * MINUTE, 2) });
    await lastContact(ctx, device, '2026-11-04T14:10:10Z');
    await tickAt(ctx, '2026-11-04T14:15:00Z');
    await tickAt(ctx, '2026-11-04T14:16:00Z');
    const alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.counter, a.params.value])).toEqual([['2026-11-04T13:00:00.000Z', 1, 120]]);
  });

  it('percentage change and effective work percentage', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const created = at('2026-11-01T00:00:00Z');
    const change = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'percentage-change',
      conditions: [{ variable: 3, change: 'increase', percentageDifference: 20, date_interval: 'day' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: created,
    });
    const efficiency = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'effective-work-percentage',
      conditions: [{ operator: 'lt', efficiency: 50, date_interval: 'day' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: created,
    });
    const day = (d: number) => `2026-11-0${d}T10:00:00Z`;
    await ingest(ctx.services, device, {
      readings: [
        { parameter: 3, ts: at(day(5)), value: 100 },
        { parameter: 3, ts: at(day(6)), value: 120 }, // +20 %: not more than 20
        { parameter: 3, ts: at(day(7)), value: 150 }, // +25 %
        { parameter: 3, ts: at(day(8)), value: 160 },
        // Work ÷ active: 50 % on the 5th (not below 50), 40 % on the 6th, none on the 7th (no data), 80 % on the 8th.
        { parameter: 1, ts: at(day(5)), value: 1800 },
        { parameter: 2, ts: at(day(5)), value: 3600 },
        { parameter: 1, ts: at(day(6)), value: 1440 },
        { parameter: 2, ts: at(day(6)), value: 3600 },
        { parameter: 1, ts: at(day(8)), value: 2880 },
        { parameter: 2, ts: at(day(8)), value: 3600 },
      ],
    });
    await tickAt(ctx, '2026-11-09T08:00:00Z');
    const changes = await alertsOf(ctx.database.db, { ruleId: change });
    expect(changes.map((a) => [a.startedAt, a.endedAt])).toEqual([['2026-11-06T23:00:00.000Z', '2026-11-07T23:00:00.000Z']]);
    expect(changes[0]!.params).toMatchObject({ change: 'increase', percent: 25, value: 150, previous: 120, argument: 20 });
    const efficiencies = await alertsOf(ctx.database.db, { ruleId: efficiency });
    // The 7th has no data: it neither repeats nor ends the alert; the 8th ends it.
    expect(efficiencies.map((a) => [a.startedAt, a.endedAt, a.counter, a.params.efficiency])).toEqual([
      ['2026-11-05T23:00:00.000Z', '2026-11-07T23:00:00.000Z', 1, 40],
    ]);
  });
});

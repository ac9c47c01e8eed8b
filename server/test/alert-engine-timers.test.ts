import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { ingest } from './telemetry-fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { alertWorld, alertsOf, at, createRule, tickAt } from './alert-fixtures.ts';

async function lastContact(ctx: TestContext, device: TelemetryDevice, iso: string): Promise<void> {
  await sql`update sensor_state set last_contact_at = ${iso}::timestamptz where sensor_id = ${device.module.sensorId}`.execute(ctx.database.db);
}

/** Timers (lastsync, periodic, part replace) and the device requirements at the end of each company day. */
describe('alert engine: timers and requirements', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lastsync: fires once the silence is longer than the argument, repeats per further argument, ends at the next contact', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'lastsync',
      conditions: [{ argument: 60 }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    await ingest(ctx.services, device, { readings: [{ parameter: 20, ts: at('2026-11-05T09:00:00Z'), value: 12 }] });
    await lastContact(ctx, device, '2026-11-05T09:00:00Z');
    await tickAt(ctx, '2026-11-05T10:00:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await tickAt(ctx, '2026-11-05T10:00:01Z');
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.counter, a.endedAt])).toEqual([['2026-11-05T10:00:00.000Z', 1, null]]);
    expect(alerts[0]!.params).toEqual({ minutes: 60, lastContact: '2026-11-05T10:00:00+01:00' });
    await tickAt(ctx, '2026-11-05T12:30:00Z');
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.lastAt, a.counter])).toEqual([['2026-11-05T12:00:00.000Z', 3]]);
    await lastContact(ctx, device, '2026-11-05T12:40:00Z');
    await tickAt(ctx, '2026-11-05T12:41:00Z');
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.counter, a.endedAt])).toEqual([[3, '2026-11-05T12:40:00.000Z']]);
  });

  it('lastsync over stored history: a silence that already ended becomes an ended alert, once', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'lastsync',
      conditions: [{ argument: 60 }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: at('2026-11-06T00:00:00Z'),
    });
    const every5 = (from: string, to: string) => {
      const out = [];
      // Active (parameter 2) while it reports: a gap after an active bucket is a silence.
      for (let t = Date.parse(from); t < Date.parse(to); t += 300_000) out.push({ parameter: 2, ts: new Date(t), value: 300 });
      return out;
    };
    // Silent from 09:00 (after the 08:55 bucket) to 12:00: 3 hours, 60 minutes allowed. Later, switched off
    // (a last reading of no activity) and quiet for two hours: not a silence.
    await ingest(ctx.services, device, {
      readings: [
        ...every5('2026-11-06T08:00:00Z', '2026-11-06T09:00:00Z'),
        ...every5('2026-11-06T12:00:00Z', '2026-11-06T12:30:00Z'),
        { parameter: 20, ts: at('2026-11-06T12:35:00Z'), value: 12 },
        { parameter: 20, ts: at('2026-11-06T14:40:00Z'), value: 12 },
      ],
    });
    await lastContact(ctx, device, '2026-11-06T14:40:00Z');
    await tickAt(ctx, '2026-11-06T14:45:00Z');
    await tickAt(ctx, '2026-11-06T14:50:00Z');
    const alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.lastAt, a.endedAt, a.counter])).toEqual([
      ['2026-11-06T10:00:00.000Z', '2026-11-06T12:00:00.000Z', '2026-11-06T12:00:00.000Z', 3],
    ]);
    expect(alerts[0]!.params).toEqual({ minutes: 60, lastContact: '2026-11-06T10:00:00+01:00' });
  });

  it('periodic: opens at the first-alarm date and repeats every N days in company time until confirmed', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'periodic',
      conditions: [{ firstAlarmDate: '2026-10-24', repeatAlarmEvery: 'day', repeatAlarmArgument: 2 }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: at('2026-10-20T00:00:00Z'),
    });
    await tickAt(ctx, '2026-10-23T21:59:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await tickAt(ctx, '2026-10-26T23:30:00Z');
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    // Midnight of the 24th (CEST) and of the 26th (CET, after the clocks went back).
    expect(alerts.map((a) => [a.startedAt, a.lastAt, a.counter])).toEqual([['2026-10-23T22:00:00.000Z', '2026-10-25T23:00:00.000Z', 2]]);
    expect(alerts[0]!.params).toEqual({ due: '2026-10-26T00:00:00+01:00' });
    await ctx.database.db
      .updateTable('alerts')
      .set({ confirmed_at: at('2026-10-27T08:00:00Z') })
      .where('id', '=', alerts[0]!.id)
      .execute();
    await tickAt(ctx, '2026-10-28T00:00:00Z');
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.counter])).toEqual([
      ['2026-10-23T22:00:00.000Z', 2],
      ['2026-10-27T23:00:00.000Z', 1],
    ]);
  });

  it('part replace: every N motor hours since the first-alarm date, then since the last "done"', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'part-replace',
      conditions: [{ variable: 23, argument: 100, firstAlarmDate: '2026-11-01' }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    // The meter (motor hours) at 1000 on the first-alarm date, +10 a day.
    const readings = Array.from({ length: 25 }, (_, d) => ({
      parameter: 23,
      ts: new Date(Date.parse('2026-10-31T12:00:00Z') + d * 86_400_000),
      value: 990 + 10 * d,
    }));
    await ingest(ctx.services, device, { readings: readings.slice(0, 10) });
    await tickAt(ctx, '2026-11-10T00:00:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, { readings: readings.slice(10, 22) });
    await tickAt(ctx, '2026-11-22T00:00:00Z');
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    // 990 at the first-alarm date's midnight (the meter's last value before it); 1090 on the 10th, 1190 on the 20th.
    expect(alerts.map((a) => [a.startedAt, a.lastAt, a.counter])).toEqual([['2026-11-10T12:00:00.000Z', '2026-11-20T12:00:00.000Z', 2]]);
    expect(alerts[0]!.params).toEqual({ parameter: 'motor hours', hours: 200, argument: 100, since: '2026-11-01T00:00:00+01:00' });
    // Done on the 21st after the 1200 reading: the count starts again from 1200.
    await ctx.database.db
      .updateTable('alerts')
      .set({ confirmed_at: at('2026-11-21T13:00:00Z') })
      .where('id', '=', alerts[0]!.id)
      .execute();
    await ingest(ctx.services, device, { readings: readings.slice(22) });
    await tickAt(ctx, '2026-11-25T00:00:00Z');
    expect(await alertsOf(ctx.database.db, { ruleId })).toHaveLength(1);
    await ingest(ctx.services, device, { readings: [{ parameter: 23, ts: at('2026-11-24T18:00:00Z'), value: 1300 }] });
    await tickAt(ctx, '2026-11-25T01:00:00Z');
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.counter, a.params.since])).toEqual([
      ['2026-11-10T12:00:00.000Z', 2, '2026-11-01T00:00:00+01:00'],
      ['2026-11-24T18:00:00.000Z', 1, '2026-11-21T14:00:00+01:00'],
    ]);
  });

  it('requirements: a company day below the required work or activity alerts once per day, a day meeting them ends it', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    // Mondays: 60 minutes of work; Tuesdays: 30 of activity.
    await ctx.database.db
      .insertInto('device_requirements')
      .values([
        { company_id: world.companyId, device_id: device.id, weekday: 1, work_minutes: 60, active_minutes: null },
        { company_id: world.companyId, device_id: device.id, weekday: 2, work_minutes: null, active_minutes: 30 },
      ])
      .execute();
    await ctx.database.db.insertInto('device_requirement_users').values({ company_id: world.companyId, device_id: device.id, user_id: world.userId }).execute();
    await ingest(ctx.services, device, {
      readings: [
        // Monday 2026-11-16: 59 minutes of work; Monday 23rd: 60; Tuesday 17th: 40 of activity; Tuesday 24th: 20.
        { parameter: 1, ts: at('2026-11-16T10:00:00Z'), value: 59 * 60 },
        { parameter: 2, ts: at('2026-11-17T10:00:00Z'), value: 40 * 60 },
        { parameter: 1, ts: at('2026-11-23T10:00:00Z'), value: 60 * 60 },
        { parameter: 2, ts: at('2026-11-24T10:00:00Z'), value: 20 * 60 },
      ],
    });
    await tickAt(ctx, '2026-11-25T06:00:00Z');
    const alerts = (await alertsOf(ctx.database.db, { deviceId: device.id })).filter((a) => a.source === 'requirement');
    expect(alerts.map((a) => [a.ruleId, a.startedAt, a.endedAt, a.counter, a.messageKey])).toEqual([
      [null, '2026-11-15T23:00:00.000Z', '2026-11-16T23:00:00.000Z', 1, 'alert.message.requirement'],
      [null, '2026-11-23T23:00:00.000Z', null, 1, 'alert.message.requirement'],
    ]);
    expect(alerts[0]!.params).toEqual({ day: '2026-11-16', workMinutes: 59, requiredWorkMinutes: 60, activeMinutes: 0, requiredActiveMinutes: null });
  });
});

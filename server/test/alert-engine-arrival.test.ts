import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { ingest } from './telemetry-fixtures.ts';
import { alertWorld, alertsOf, at, createRule, settle } from './alert-fixtures.ts';
import { AlertRulesRepository } from '../src/alerts/rules-repository.ts';

/** On-arrival types through the real ingest service: value, charging (docs/alerts.md). */
describe('alert engine: value and charging on arrival', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a draft (a rule the wizard has not finished) never raises alerts; Finish (enable) starts it (issue 32 item 6)', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const rules = new AlertRulesRepository(ctx.database.db);
    // What the wizard's step 1 writes, then everything else a finished rule has: devices, a user, a condition.
    const ruleId = await rules.insert(world.companyId, { name: 'Half made', type: 'value', importance: 'error', description: null });
    await rules.assign('devices', world.companyId, ruleId, [device.id]);
    await rules.assign('users', world.companyId, ruleId, [world.userId]);
    await ctx.database.db
      .insertInto('alert_rule_conditions')
      .values({
        company_id: world.companyId,
        rule_id: ruleId,
        position: 1,
        condition: JSON.stringify({ variable: 20, operator: 'gt', argument: 12, date_interval: '10m' }),
      })
      .execute();
    const breach = (ms: number) => ({ parameter: 20, ts: new Date(ms), value: 20 });
    await ingest(ctx.services, device, { readings: [breach(Date.now() - 60_000)] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);

    await rules.setEnabled(ruleId, true);
    // A module's reading of the very second the rule was finished in (whole seconds, as modules stamp them) counts.
    await ingest(ctx.services, device, { readings: [breach(Math.floor(Date.now() / 1000) * 1000)] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toHaveLength(1);
  });

  it('value: fires above the argument, not at it, repeats once per interval, ends when it clears', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 12, date_interval: '10m' }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    const reading = (minute: number, value: number) => ({ parameter: 20, ts: at(`2026-11-02T08:${String(minute).padStart(2, '0')}:00Z`), value });
    await ingest(ctx.services, device, { readings: [reading(0, 11), reading(1, 12)] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);

    await ingest(ctx.services, device, { readings: [reading(2, 12.5), reading(5, 13), reading(12, 14)] });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      startedAt: '2026-11-02T08:02:00.000Z',
      lastAt: '2026-11-02T08:12:00.000Z',
      counter: 2,
      endedAt: null,
      messageKey: 'alert.message.value',
    });
    expect(alerts[0]!.params).toEqual({ parameter: 'battery voltage', value: 14, unit: 'V', operator: '>', argument: 12 });

    await ingest(ctx.services, device, { readings: [reading(20, 12)] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts[0]!.endedAt).toBe('2026-11-02T08:20:00.000Z');

    // A new breach after the end opens a new alert.
    await ingest(ctx.services, device, { readings: [reading(30, 20)] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt, a.counter])).toEqual([
      ['2026-11-02T08:02:00.000Z', '2026-11-02T08:20:00.000Z', 2],
      ['2026-11-02T08:30:00.000Z', null, 1],
    ]);
  });

  it('judges nothing from before the rule was created or enabled again, however late it arrives', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 12, date_interval: '10m' }],
      deviceIds: [device.id],
      userIds: [world.userId],
      createdAt: at('2026-11-03T06:02:00Z'),
    });
    const reading = (time: string, value: number) => ({ parameter: 20, ts: at(`2026-11-03T${time}:00Z`), value });
    // Breaches of 05:45 and 05:47 arrive after the rule was made at 06:02: not its to judge.
    await ingest(ctx.services, device, { readings: [reading('05:45', 20), reading('05:47', 21)] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, { readings: [reading('06:05', 22)] });
    await settle(ctx);
    expect((await alertsOf(ctx.database.db, { ruleId })).map((a) => a.startedAt)).toEqual(['2026-11-03T06:05:00.000Z']);

    // Disabled, then enabled again: it starts afresh from the moment it is enabled.
    const rules = new AlertRulesRepository(ctx.database.db);
    await rules.setEnabled(ruleId, false);
    await rules.setEnabled(ruleId, true);
    const { active_since: restarted } = await ctx.database.db
      .selectFrom('alert_rules')
      .select('active_since')
      .where('id', '=', ruleId)
      .executeTakeFirstOrThrow();
    expect(restarted.getTime()).toBeGreaterThan(at('2026-11-03T06:05:00Z').getTime());
    // Enabling a rule that is on changes nothing.
    await rules.setEnabled(ruleId, true);
    const { active_since: kept } = await ctx.database.db.selectFrom('alert_rules').select('active_since').where('id', '=', ruleId).executeTakeFirstOrThrow();
    expect(kept).toEqual(restarted);
  });

  it('charging: parameter 10003 against the argument', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'charging',
      conditions: [{ variable: 10003, operator: 'lt', argument: 5, date_interval: '60m' }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    await ingest(ctx.services, device, { readings: [{ parameter: 10003, ts: at('2026-11-02T10:00:00Z'), value: 5 }] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, {
      readings: [
        { parameter: 10003, ts: at('2026-11-02T10:10:00Z'), value: 4 },
        { parameter: 10003, ts: at('2026-11-02T10:40:00Z'), value: 3 },
      ],
    });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    // The second breach is within the 60-minute interval: not counted.
    expect(alerts.map((a) => [a.startedAt, a.counter])).toEqual([['2026-11-02T10:10:00.000Z', 1]]);
    expect(alerts[0]!.params).toEqual({ value: 4, unit: '', operator: '<', argument: 5 });
    await ingest(ctx.services, device, {
      readings: [
        { parameter: 10003, ts: at('2026-11-02T11:10:00Z'), value: 2 },
        { parameter: 10003, ts: at('2026-11-02T11:20:00Z'), value: 9 },
      ],
    });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.counter, a.lastAt, a.endedAt])).toEqual([[2, '2026-11-02T11:10:00.000Z', '2026-11-02T11:20:00.000Z']]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { createOperator, ingest } from './telemetry-fixtures.ts';
import { alertWorld, alertsOf, at, createRule, settle, tickAt } from './alert-fixtures.ts';

/** Authentication, work without operator and geolocation on arrival, through the ingest service. */
describe('alert engine: cards, work without operator, geofence', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('authentication: an unknown card opens an alert until it is removed; a known card does not', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    await createOperator(ctx.database.db, world.companyId, { firstname: 'Ann', lastname: 'Known', rfid: 'KNOWN01' });
    const ruleId = await createRule(ctx.database.db, { companyId: world.companyId, type: 'authentication', deviceIds: [device.id], userIds: [world.userId] });
    await ingest(ctx.services, device, {
      events: [
        { ts: at('2026-11-03T07:00:00Z'), type: 'rfid_on', rfid: 'KNOWN01' },
        { ts: at('2026-11-03T07:30:00Z'), type: 'rfid_off', rfid: 'KNOWN01' },
      ],
    });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, { events: [{ ts: at('2026-11-03T08:00:00Z'), type: 'rfid_on', rfid: 'STRANGER' }] });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt, a.counter, a.params])).toEqual([['2026-11-03T08:00:00.000Z', null, 1, { rfid: 'STRANGER' }]]);
    await ingest(ctx.services, device, { events: [{ ts: at('2026-11-03T08:20:00Z'), type: 'rfid_off', rfid: 'STRANGER' }] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts[0]!.endedAt).toBe('2026-11-03T08:20:00.000Z');
  });

  it('work without operator: work with no card fires, work with a card or no work does not, a card ends it', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'work-without-operator',
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    const work = (iso: string, value: number) => ({ parameter: 1, ts: at(iso), value });
    await ingest(ctx.services, device, { events: [{ ts: at('2026-11-03T09:00:00Z'), type: 'rfid_on', rfid: 'CARD9' }] });
    await ingest(ctx.services, device, { readings: [work('2026-11-03T09:05:00Z', 60), work('2026-11-03T09:50:00Z', 0)] });
    await ingest(ctx.services, device, { events: [{ ts: at('2026-11-03T09:40:00Z'), type: 'rfid_off', rfid: 'CARD9' }] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, { readings: [work('2026-11-03T10:00:00Z', 60), work('2026-11-03T10:05:00Z', 60), work('2026-11-03T10:11:00Z', 30)] });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.lastAt, a.counter, a.endedAt])).toEqual([['2026-11-03T10:00:00.000Z', '2026-11-03T10:11:00.000Z', 2, null]]);
    expect(alerts[0]!.params).toEqual({ minutes: 11.5 });
    await ingest(ctx.services, device, { events: [{ ts: at('2026-11-03T10:15:00Z'), type: 'rfid_on', rfid: 'CARD9' }] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts[0]!.endedAt).toBe('2026-11-03T10:15:00.000Z');
  });

  it('work without operator: a pause between lifts does not end the alert, half an hour standing does', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'work-without-operator',
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    const work = (iso: string, value: number) => ({ parameter: 1, ts: at(iso), value });
    await ingest(ctx.services, device, {
      readings: [work('2026-11-04T10:00:00Z', 60), work('2026-11-04T10:05:00Z', 0), work('2026-11-04T10:10:00Z', 0), work('2026-11-04T10:20:00Z', 45)],
    });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt])).toEqual([['2026-11-04T10:00:00.000Z', null]]);
    await ingest(ctx.services, device, { readings: [work('2026-11-04T10:45:00Z', 0), work('2026-11-04T10:50:00Z', 0)] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt])).toEqual([['2026-11-04T10:00:00.000Z', '2026-11-04T10:50:00.000Z']]);
  });

  it('work without operator: a truck that stops sending ends the alert half an hour after its last occurrence', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'work-without-operator',
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    await ingest(ctx.services, device, { readings: [{ parameter: 1, ts: at('2026-11-05T10:00:00Z'), value: 60 }] });
    await settle(ctx);
    // Silent for 40 minutes: a later breach could still be within a repeat interval and a reading period of it.
    await tickAt(ctx, '2026-11-05T10:40:00Z');
    expect((await alertsOf(ctx.database.db, { ruleId })).map((a) => a.endedAt)).toEqual([null]);
    await tickAt(ctx, '2026-11-05T10:46:00Z');
    expect((await alertsOf(ctx.database.db, { ruleId })).map((a) => a.endedAt)).toEqual(['2026-11-05T10:30:00.000Z']);
  });

  it('geolocation leave: a fix whose accuracy circle still overlaps the area is not outside', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    // A square of about 1.1 km × 0.75 km around (52.0, 19.0).
    const polygon = [
      [18.995, 51.995],
      [19.005, 51.995],
      [19.005, 52.005],
      [18.995, 52.005],
      [18.995, 51.995],
    ];
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'geolocation',
      conditions: [{ polygon, geofence: 'leave' }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    // 0.006° east of the edge is about 410 m outside it.
    const fix = (iso: string, lon: number, accuracy: number | null) => ({ ts: at(iso), lat: 52.0, lon, accuracy });
    await ingest(ctx.services, device, { positions: [fix('2026-11-03T11:00:00Z', 19.0, 5), fix('2026-11-03T11:01:00Z', 19.011, 500)] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, { positions: [fix('2026-11-03T11:02:00Z', 19.011, 300)] });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt])).toEqual([['2026-11-03T11:02:00.000Z', null]]);
    expect(alerts[0]!.params).toMatchObject({ geofence: 'leave', lat: 52, lon: 19.011, accuracy: 300 });
    // Back near the edge with a wide circle: uncertain, nothing changes; then clearly inside: it ends.
    await ingest(ctx.services, device, { positions: [fix('2026-11-03T11:10:00Z', 19.004, 200), fix('2026-11-03T11:20:00Z', 19.0, 10)] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts[0]!.endedAt).toBe('2026-11-03T11:20:00.000Z');
  });

  it('geolocation: driving along the boundary is one alert; it ends once the truck has been clear for 10 minutes', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const polygon = [
      [18.995, 51.995],
      [19.005, 51.995],
      [19.005, 52.005],
      [18.995, 52.005],
      [18.995, 51.995],
    ];
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'geolocation',
      conditions: [{ polygon, geofence: 'leave' }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    const fix = (iso: string, outside: boolean) => ({ ts: at(iso), lat: 52.0, lon: outside ? 19.006 : 19.004, accuracy: 5 });
    // Out, in, out, in within minutes: one alert, still open 4 minutes after the last time outside.
    await ingest(ctx.services, device, {
      positions: [fix('2026-11-03T14:00:00Z', true), fix('2026-11-03T14:03:00Z', false), fix('2026-11-03T14:06:00Z', true), fix('2026-11-03T14:10:00Z', false)],
    });
    await settle(ctx);
    let alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt])).toEqual([['2026-11-03T14:00:00.000Z', null]]);
    await ingest(ctx.services, device, { positions: [fix('2026-11-03T14:14:00Z', false), fix('2026-11-03T14:17:00Z', false)] });
    await settle(ctx);
    alerts = await alertsOf(ctx.database.db, { ruleId });
    expect(alerts.map((a) => [a.startedAt, a.endedAt])).toEqual([['2026-11-03T14:00:00.000Z', '2026-11-03T14:17:00.000Z']]);
  });

  it('geolocation enter: a circle that merely touches the area is not yet inside', async () => {
    const world = await alertWorld(ctx);
    const device = world.devices[0]!;
    const polygon = [
      [18.995, 51.995],
      [19.005, 51.995],
      [19.005, 52.005],
      [18.995, 52.005],
    ];
    const ruleId = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'geolocation',
      conditions: [{ polygon, geofence: 'enter' }],
      deviceIds: [device.id],
      userIds: [world.userId],
    });
    await ingest(ctx.services, device, {
      positions: [
        { ts: at('2026-11-03T12:00:00Z'), lat: 52.0, lon: 19.004, accuracy: 100 },
        { ts: at('2026-11-03T12:01:00Z'), lat: 52.0, lon: 19.02, accuracy: 5 },
      ],
    });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId })).toEqual([]);
    await ingest(ctx.services, device, { positions: [{ ts: at('2026-11-03T12:05:00Z'), lat: 52.0, lon: 19.004, accuracy: 20 }] });
    await settle(ctx);
    expect((await alertsOf(ctx.database.db, { ruleId })).map((a) => a.startedAt)).toEqual(['2026-11-03T12:05:00.000Z']);
  });

  it('a rule without users, a disabled rule, and another device are never evaluated', async () => {
    const world = await alertWorld(ctx, 2);
    const [watched, other] = world.devices;
    const noUsers = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 1, date_interval: '10m' }],
      deviceIds: [watched!.id],
      userIds: [],
    });
    const disabled = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 1, date_interval: '10m' }],
      deviceIds: [watched!.id],
      userIds: [world.userId],
      enabled: false,
    });
    const live = await createRule(ctx.database.db, {
      companyId: world.companyId,
      type: 'value',
      conditions: [{ variable: 20, operator: 'gt', argument: 1, date_interval: '10m' }],
      deviceIds: [watched!.id],
      userIds: [world.userId],
    });
    await ingest(ctx.services, other!, { readings: [{ parameter: 20, ts: at('2026-11-03T13:00:00Z'), value: 5 }] });
    await ingest(ctx.services, watched!, { readings: [{ parameter: 20, ts: at('2026-11-03T13:00:00Z'), value: 5 }] });
    await settle(ctx);
    expect(await alertsOf(ctx.database.db, { ruleId: noUsers })).toEqual([]);
    expect(await alertsOf(ctx.database.db, { ruleId: disabled })).toEqual([]);
    expect((await alertsOf(ctx.database.db, { ruleId: live })).map((a) => a.deviceId)).toEqual([watched!.id]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  createMonitor,
  devicesSummaryResponseSchema,
  devicesWithAlertsResponseSchema,
  hourlyWorkResponseSchema,
  parseBoardSetting,
  SUMMARY_PERIODS,
} from '@gearwatch/contracts';
import type { SummaryPeriod } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn, signedInCompany } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { createDeviceGroup, createDeviceType, createTelemetryDevice, ingest, setCompanyTimezone } from './telemetry-fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { dayNumber, isoWeekday } from '../src/time/calendar.ts';
import { timeZone } from '../src/time/time-zone.ts';

const ZONE = 'Europe/Warsaw';
const zone = timeZone(ZONE);
const MINUTE = 60_000;

/** The period's first local date, written out again here so the test does not lean on the service's helpers. */
function startOf(period: SummaryPeriod, now: number): { start: number; previous: number } {
  const today = zone.dayOf(now);
  const date = new Date(today * 86_400_000);
  if (period === 'today') return { start: today, previous: today - 1 };
  if (period === 'yesterday') return { start: today - 1, previous: today - 2 };
  if (period === 'this-week') {
    const monday = today - (isoWeekday(today) - 1);
    return { start: monday, previous: monday - 7 };
  }
  const first = dayNumber(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  const before = new Date((first - 1) * 86_400_000);
  return { start: first, previous: dayNumber(before.getUTCFullYear(), before.getUTCMonth() + 1, 1) };
}

/**
 * The two spans in instants: the period to now, and the previous one cut at the same local wall-clock time (whole
 * dates, then the next date up to now's wall time rounded up to 5 minutes, never past its own end); yesterday and
 * the day before are whole dates.
 */
function spans(period: SummaryPeriod, now: number): { current: [number, number]; previous: [number, number] } {
  const { start, previous } = startOf(period, now);
  const today = zone.dayOf(now);
  if (period === 'yesterday')
    return { current: [zone.startOfDay(start), zone.startOfDay(today)], previous: [zone.startOfDay(previous), zone.startOfDay(start)] };
  const periodStart = zone.startOfDay(start);
  const FIVE = 5 * MINUTE;
  const wallToday = zone.wallMs(now) - today * 86_400_000;
  const cutDay = previous + (today - start);
  const cut = zone.instantOf(cutDay * 86_400_000 + (Math.floor(wallToday / FIVE) + 1) * FIVE);
  // The previous month may be shorter than the part of this one gone by: then it is whole, up to where this one starts.
  return { current: [periodStart, now + 1], previous: [zone.startOfDay(previous), Math.min(cut, periodStart)] };
}

describe('device summaries API', () => {
  let ctx: TestContext;
  let token: string;
  let otherToken: string;
  let companyId: number;
  let alerting: TelemetryDevice;
  let quiet: TelemetryDevice;
  let unseen: TelemetryDevice;
  let idle: TelemetryDevice;
  let hidden: TelemetryDevice;
  let groupId: number;
  let colleagueToken: string;

  const get = (url: string, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });

  /** Raw readings of one parameter of the devices summed in [from, to): what the rollups must add up to. */
  async function rawSum(deviceIds: number[], parameter: number, from: number, to: number): Promise<Map<number, number>> {
    const rows = await sql<{ deviceId: number; sum: number }>`
      select device_id as "deviceId", sum(value)::float8 as sum from readings
      where device_id = any(${deviceIds}::int[]) and parameter_number = ${parameter} and ts >= ${new Date(from)} and ts < ${new Date(to)}
      group by device_id`.execute(ctx.database.db);
    return new Map(rows.rows.map((r) => [r.deviceId, r.sum]));
  }

  // One fixed "now" for the data and the service, so a 5-minute bucket turning over mid-test changes nothing: in
  // yesterday's working hours (UTC 05–17 below), so today so far and yesterday up to the same time both have work.
  const now = (Math.floor(Date.now() / 86_400_000) - 1) * 86_400_000 + (12 * 60 + 34) * MINUTE + 56_789;

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: () => now });
    const db = ctx.database.db;
    const company = await createCompany(db);
    companyId = company.id;
    const user = await createUser(db, companyId);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const owner = { user };
    colleagueToken = await (async () => {
      const colleague = await createUser(db, companyId);
      return (await signIn(ctx.app, colleague.username, colleague.password)).access_token;
    })();
    otherToken = (await signedInCompany(ctx)).token;
    await setCompanyTimezone(db, companyId, ZONE);
    const typeId = await createDeviceType(db, [
      { number: 1, name: 'work', aggregation: 'sum', unit: { short: 's', long: 'seconds' }, tags: ['effective work time'] },
      { number: 2, name: 'active', aggregation: 'sum', unit: { short: 's', long: 'seconds' }, tags: ['device active'] },
      { number: 20, name: 'battery voltage', aggregation: 'avg', unit: { short: 'V', long: 'volt' }, tags: ['battery'] },
      { number: 22, name: 'motor hours', aggregation: 'last', unit: { short: 'h', long: 'hours' }, tags: ['motor hours'] },
      { number: 30, name: 'battery charge', aggregation: 'avg', unit: { short: '%', long: 'percent' }, tags: ['battery charge'] },
    ]);
    alerting = await createTelemetryDevice(db, companyId, typeId, 'Alpha loader');
    quiet = await createTelemetryDevice(db, companyId, typeId, 'Bravo loader');
    unseen = await createTelemetryDevice(db, companyId, typeId, 'Charlie loader');
    idle = await createTelemetryDevice(db, companyId, typeId, 'Delta loader');
    hidden = await createTelemetryDevice(db, companyId, typeId, 'Echo loader');
    groupId = await createDeviceGroup(db, companyId, 'Yard', [alerting.id, quiet.id]);
    await db.updateTable('devices').set({ status: 'damaged' }).where('id', '=', quiet.id).execute();

    // 65 days of work and activity every 20 minutes, different per device and hour, so every period and its
    // previous one have data; the newest readings decide who works now.
    const series = (device: TelemetryDevice, newestMinutesAgo: number, factor: number) => {
      const readings = [];
      for (let t = now - 65 * 24 * 60 * MINUTE; t <= now - newestMinutesAgo * MINUTE; t += 20 * MINUTE) {
        const hour = new Date(t).getUTCHours();
        const work = hour >= 5 && hour < 17 ? ((t / MINUTE) % 7) * 60 * factor + 60 : 0;
        readings.push({ parameter: 1, ts: new Date(t), value: work }, { parameter: 2, ts: new Date(t), value: Math.max(work, 300) + ((t / MINUTE) % 3) * 100 });
      }
      return readings;
    };
    const last = (minutes: number) => new Date(now - minutes * MINUTE);
    await ingest(ctx.services, alerting, {
      readings: [
        ...series(alerting, 2, 1),
        { parameter: 20, ts: last(3), value: 47.5 },
        { parameter: 22, ts: last(3), value: 1234 },
        { parameter: 30, ts: last(3), value: 81 },
      ],
    });
    // The newest work is 2 minutes old only if that falls in a working hour; make it so.
    await ingest(ctx.services, alerting, { readings: [{ parameter: 1, ts: last(1), value: 30 }] });
    await ingest(ctx.services, quiet, { readings: series(quiet, 45, 2) });
    await db
      .updateTable('sensor_state')
      .set({ last_contact_at: last(60) })
      .where('sensor_id', '=', quiet.module.sensorId)
      .execute();
    await db
      .updateTable('device_state')
      .set({ last_sync_at: last(60) })
      .where('device_id', '=', quiet.id)
      .execute();
    // Online (in contact now) but with no work for an hour.
    await ingest(ctx.services, idle, {
      readings: [
        { parameter: 2, ts: last(1), value: 60 },
        { parameter: 1, ts: last(60), value: 10 },
      ],
    });

    // One open alert per rule and device: each alert comes from its own rule of the user's.
    let rules = 0;
    const alert = async (
      device: TelemetryDevice,
      importance: 'error' | 'warning' | 'info',
      extra: { endedAt?: Date; confirmedAt?: Date; users?: number[] } = {},
    ) => {
      const rule = await createRule(db, companyId, { name: `Seen ${(rules += 1)}`, devices: [device.id], users: extra.users ?? [owner.user.id] });
      await insertAlert(db, { companyId, deviceId: device.id, ruleId: rule, importance, endedAt: extra.endedAt, confirmedAt: extra.confirmedAt });
    };
    await alert(alerting, 'error');
    await alert(alerting, 'error');
    await alert(alerting, 'warning');
    await alert(quiet, 'info');
    // Neither an ended nor a confirmed alert counts; nor one of a rule the user is not assigned to.
    await alert(quiet, 'error', { endedAt: last(5) });
    await alert(quiet, 'error', { confirmedAt: last(5) });
    await alert(hidden, 'error', { users: [] });
  }, 240_000);
  afterAll(() => ctx?.close());

  for (const period of SUMMARY_PERIODS) {
    it(`devices with alerts: work and enabled time and trends of ${period} equal the raw readings`, async () => {
      const before = now;
      const response = await get(`/api/summaries/devices-with-alerts?period=${period}&sort=work-asc`);
      expect(response.statusCode).toBe(200);
      const body = devicesWithAlertsResponseSchema.parse(response.json());
      expect(body.entries.map((e) => e.device.name).sort()).toEqual(['Alpha loader', 'Bravo loader']);
      const works = body.entries.map((e) => e.workTime);
      expect(works).toEqual([...works].sort((a, b) => a - b));
      const { current, previous } = spans(period, before);
      const ids = [alerting.id, quiet.id];
      const [work, active, prevWork, prevActive] = await Promise.all([
        rawSum(ids, 1, ...current),
        rawSum(ids, 2, ...current),
        rawSum(ids, 1, ...previous),
        rawSum(ids, 2, ...previous),
      ]);
      for (const entry of body.entries) {
        const id = entry.device.id;
        const [w, a, pw, pa] = [work, active, prevWork, prevActive].map((m) => m.get(id) ?? 0) as [number, number, number, number];
        expect(entry.workTime).toBeCloseTo(w, 6);
        expect(entry.enabledTime).toBeCloseTo(a, 6);
        expect(entry.workEfficiency).toBe(a > 0 ? Math.round((w / a) * 100) : 0);
        expect(entry.trend).toBe(pw > 0 ? Math.round(((w - pw) / pw) * 100) + 0 : null);
        const prevEfficiency = pa > 0 ? Math.round((pw / pa) * 100) : 0;
        expect(entry.workEfficiencyTrend).toBe(
          pa > 0 && prevEfficiency > 0 ? Math.round(((entry.workEfficiency - prevEfficiency) / prevEfficiency) * 100) + 0 : null,
        );
      }
      expect(body.period.from).toBe(zone.isoWithOffset(current[0]));
      expect(body.previous).toEqual({ from: zone.isoWithOffset(previous[0]), to: zone.isoWithOffset(previous[1]) });
      expect([...work.values()].reduce((s, v) => s + v, 0)).toBeGreaterThan(0);
      expect([...prevWork.values()].reduce((s, v) => s + v, 0)).toBeGreaterThan(0);
    });
  }

  it('devices with alerts: counts, groups, module activity, tagged readings and technical status', async () => {
    const body = devicesWithAlertsResponseSchema.parse((await get('/api/summaries/devices-with-alerts')).json());
    const alpha = body.entries.find((e) => e.device.id === alerting.id)!;
    const bravo = body.entries.find((e) => e.device.id === quiet.id)!;
    expect(alpha.alerts).toEqual({ error: 2, warning: 1, info: 0 });
    expect(bravo.alerts).toEqual({ error: 0, warning: 0, info: 1 });
    expect(alpha.groups).toEqual([{ id: groupId, name: 'Yard' }]);
    expect(alpha).toMatchObject({
      moduleActivity: 'online',
      technicalStatus: 'operational',
      batteryVoltage: { value: 47.5, unit: 'V' },
      motorHours: { value: 1234, unit: 'h' },
      batteryCharge: { value: 81, unit: '%' },
    });
    expect(bravo).toMatchObject({ moduleActivity: 'offline', technicalStatus: 'damaged' });
    const sorted = devicesWithAlertsResponseSchema.parse((await get('/api/summaries/devices-with-alerts?period=this-month&sort=active-desc')).json());
    expect(sorted.entries[0]!.enabledTime).toBeGreaterThanOrEqual(sorted.entries[1]!.enabledTime);
  });

  it('devices summary: counts devices by module activity, work now and alerts, for a selection too', async () => {
    const all = devicesSummaryResponseSchema.parse((await get('/api/summaries/devices-summary')).json());
    expect(all).toEqual({ total: 5, online: 2, offline: 1, neverConnected: 2, working: 1, idle: 1, withAlerts: 2 });
    const group = devicesSummaryResponseSchema.parse((await get(`/api/summaries/devices-summary?deviceGroups=${groupId}&devices=${idle.id}`)).json());
    expect(group).toEqual({ total: 3, online: 2, offline: 1, neverConnected: 0, working: 1, idle: 1, withAlerts: 2 });
    const one = devicesSummaryResponseSchema.parse((await get(`/api/summaries/devices-summary?devices=${unseen.id}`)).json());
    expect(one).toEqual({ total: 1, online: 0, offline: 0, neverConnected: 1, working: 0, idle: 0, withAlerts: 0 });
  });

  for (const [period, intervalHours] of [
    ['today', 1],
    ['yesterday', 2],
    ['this-week', 3],
    ['this-month', 6],
    ['this-month', 12],
  ] as const) {
    it(`hourly work of ${period} in ${intervalHours} h intervals equals the raw readings by local hour`, async () => {
      const before = now;
      const response = await get(`/api/summaries/hourly-work?devices=${alerting.id}&deviceGroups=${groupId}&period=${period}&intervalHours=${intervalHours}`);
      expect(response.statusCode).toBe(200);
      const body = hourlyWorkResponseSchema.parse(response.json());
      expect(body).toMatchObject({ intervalHours, deviceCount: 2 });
      expect(body.buckets).toHaveLength(24 / intervalHours);
      const { current } = spans(period, before);
      const raw = await sql<{ ts: Date; value: number }>`
        select ts, value from readings where device_id = any(${[alerting.id, quiet.id]}::int[]) and parameter_number = 1
          and ts >= ${new Date(current[0])} and ts < ${new Date(current[1])}`.execute(ctx.database.db);
      const expected = Array.from({ length: 24 / intervalHours }, () => 0);
      for (const row of raw.rows) expected[Math.floor(Math.floor(zone.minuteOfDay(new Date(row.ts).getTime()) / 60) / intervalHours)]! += row.value;
      body.buckets.forEach((bucket, i) => {
        expect(bucket.fromHour).toBe(i * intervalHours);
        expect(bucket.work).toBeCloseTo(expected[i]!, 6);
      });
      if (period !== 'today') expect(expected.some((v) => v > 0)).toBe(true);
    });
  }

  it('rejects bad queries with field errors, never a 500', async () => {
    const missing = await get('/api/summaries/hourly-work?period=today');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.devices).toBeDefined();
    expect((await get(`/api/summaries/hourly-work?devices=${alerting.id}&intervalHours=5`)).statusCode).toBe(400);
    expect((await get('/api/summaries/devices-with-alerts?period=year')).statusCode).toBe(400);
    expect((await get('/api/summaries/devices-with-alerts?sort=name')).statusCode).toBe(400);
    expect((await get('/api/summaries/devices-summary?devices=abc')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/summaries/devices-summary' })).statusCode).toBe(401);
  });

  it('never shows another company its devices, alerts or work', async () => {
    const alerts = devicesWithAlertsResponseSchema.parse((await get('/api/summaries/devices-with-alerts', otherToken)).json());
    expect(alerts.entries).toEqual([]);
    const summary = devicesSummaryResponseSchema.parse(
      (await get(`/api/summaries/devices-summary?devices=${alerting.id},${quiet.id}&deviceGroups=${groupId}`, otherToken)).json(),
    );
    expect(summary.total).toBe(0);
    const hourly = hourlyWorkResponseSchema.parse(
      (await get(`/api/summaries/hourly-work?devices=${alerting.id}&deviceGroups=${groupId}&period=this-month`, otherToken)).json(),
    );
    expect(hourly.deviceCount).toBe(0);
    expect(hourly.buckets.every((b) => b.work === 0)).toBe(true);
  });

  it('keeps each user their own dashboard of the summaries, read back with the settings saved', async () => {
    const monitors = [
      {
        ...createMonitor('devices-with-alerts', []),
        settings: { edited: false, expanded: true, period: 'this-week', sort: 'active-asc', options: ['motorHours', 'trend'] },
      },
      {
        ...createMonitor('devices-summary', ['monitor-1']),
        settings: { edited: false, expanded: false, devices: [alerting.id], deviceGroups: [], byGroups: false },
      },
      { ...createMonitor('newest-alerts', ['monitor-1', 'monitor-2']), settings: { edited: false, expanded: false, count: 20, importance: 'error' } },
      {
        ...createMonitor('hourly-work-distribution', ['monitor-1', 'monitor-2', 'monitor-3']),
        settings: { edited: true, expanded: false, devices: [], deviceGroups: [groupId], byGroups: true, period: 'this-month', intervalHours: 4 },
      },
    ];
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/dashboard', headers: bearer(token), payload: { value: { monitors } } });
    expect(put.statusCode).toBe(200);
    const read = await get('/api/users/current/settings/dashboard');
    expect(read.statusCode).toBe(200);
    expect(parseBoardSetting(read.json().value)).toEqual({ monitors });
    // A colleague of the same company has a board of their own.
    expect((await get('/api/users/current/settings/dashboard', colleagueToken)).statusCode).toBe(404);
  });

  it('documents the three calls in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json() as {
      paths: Record<string, { get?: { tags?: string[]; responses?: Record<string, unknown> } }>;
    };
    for (const path of ['/api/summaries/devices-with-alerts', '/api/summaries/devices-summary', '/api/summaries/hourly-work']) {
      expect(doc.paths[path]?.get?.tags).toEqual(['summaries']);
      expect(Object.keys(doc.paths[path]?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401']));
    }
  });
});

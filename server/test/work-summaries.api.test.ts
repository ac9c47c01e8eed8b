import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DIAGNOSTICS_MESSAGE_KEYS,
  boardSettingSchema,
  defaultMonitorSettings,
  parseBoardSetting,
  MESSAGE_KEYS,
  efficiencyPercent,
  efficiencySummaryResponseSchema,
  shiftWorkSummaryResponseSchema,
  workSummaryResponseSchema,
  trendPercent,
} from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { referenceAnswer, referenceOperators } from './diagnostics-reference.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import {
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createOperatorGroup,
  createShifts,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from './telemetry-fixtures.ts';

/**
 * The work summaries checked against the same sums computed the plain way over the raw readings (diagnostics-reference:
 * PostgreSQL's own time-zone arithmetic). Europe/Warsaw around the spring clock change of 2026-03-29 (a 23-hour day),
 * with a night shift 22–6 that crosses midnight and cards applied on the devices.
 */
const TZ = 'Europe/Warsaw';
const START = Date.UTC(2026, 1, 26, 0, 7);
const END = Date.UTC(2026, 3, 3);
const STEP = 17 * 60_000;

/** A repeatable pseudo-random series: every reading differs, so a lost or doubled one changes a sum. */
function readingsOf(seed: number) {
  const out: { parameter: number; ts: Date; value: number }[] = [];
  let x = seed;
  for (let t = START + seed * 60_000; t < END; t += STEP) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const active = 60 + (x % 240);
    out.push({ parameter: 2, ts: new Date(t), value: active });
    out.push({ parameter: 1, ts: new Date(t), value: Math.floor((active * ((x >> 8) % 100)) / 100) });
    out.push({ parameter: 3, ts: new Date(t), value: (x >> 4) % 7 });
  }
  return out;
}

describe('work summaries: activity, efficiency, operators and shift work', () => {
  let ctx: TestContext;
  let token: string;
  let strangerToken: string;
  let companyId: number;
  let a: TelemetryDevice;
  let b: TelemetryDevice;
  let line: number;
  let crew: number;
  let anna: number;
  let bartek: number;
  const get = (url: string, as = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });
  /** The service's "now": the real clock, or an instant of the data for the periods running at it. */
  let clock: number | undefined;

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: () => clock ?? Date.now() });
    const db = ctx.database.db;
    const company = await createCompany(db);
    companyId = company.id;
    await setCompanyTimezone(db, company.id, TZ);
    await createShifts(db, company.id, [
      { name: 'I', hourStart: 6, hourEnd: 14 },
      { name: 'II', hourStart: 14, hourEnd: 22 },
      { name: 'III', hourStart: 22, hourEnd: 6 },
    ]);
    const user = await createUser(db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const other = await createCompany(db);
    const stranger = await createUser(db, other.id);
    strangerToken = (await signIn(ctx.app, stranger.username, stranger.password)).access_token;
    const type = await createDeviceType(db);
    a = await createTelemetryDevice(db, company.id, type, 'Alpha');
    b = await createTelemetryDevice(db, company.id, type, 'Beta');
    line = await createDeviceGroup(db, company.id, 'Line', [a.id, b.id]);
    crew = await createOperatorGroup(db, company.id, 'Crew');
    anna = await createOperator(db, company.id, { firstname: 'Anna', lastname: 'Nowak', rfid: 'CARD-A', groupId: crew });
    bartek = await createOperator(db, company.id, { firstname: 'Bartek', lastname: 'Kowal', rfid: 'CARD-B', groupId: crew });
    // Cards: Anna on Alpha from the 20th to the 29th, then Bartek; Bartek on Beta over the clock change.
    await ingest(ctx.services, a, {
      readings: readingsOf(1),
      events: [
        { ts: new Date(Date.UTC(2026, 2, 20, 5)), type: 'rfid_on', rfid: 'CARD-A' },
        { ts: new Date(Date.UTC(2026, 2, 29, 12)), type: 'rfid_on', rfid: 'CARD-B' },
      ],
    });
    await ingest(ctx.services, b, {
      readings: readingsOf(2),
      events: [
        { ts: new Date(Date.UTC(2026, 2, 28, 20)), type: 'rfid_on', rfid: 'CARD-B' },
        { ts: new Date(Date.UTC(2026, 2, 30, 3)), type: 'rfid_off', rfid: 'CARD-B' },
      ],
    });
  }, 120_000);
  afterAll(() => ctx?.close());

  /** Work and active per device over local dates from..to, from the raw readings. */
  async function rawDeviceSums(from: string, to: string) {
    const reference = await referenceAnswer(ctx.database.db, { interval: 'day', from, to, timezone: TZ, companyId, deviceIds: [a.id, b.id], numbers: [1, 2] });
    const sum = (deviceId: number, number: number) =>
      reference.cells.filter((c) => c.deviceId === deviceId && c.number === number).reduce((s, c) => s + c.sum, 0);
    return { a: { work: sum(a.id, 1), active: sum(a.id, 2) }, b: { work: sum(b.id, 1), active: sum(b.id, 2) } };
  }

  it('answers the activity summary of a week with the clock change as the raw readings add up, sorted, with totals and trends', async () => {
    const response = await get(`/api/summaries/activity?devices=${a.id},${b.id}&period=this-week&date=2026-03-29&sort=active-asc`);
    expect(response.statusCode).toBe(200);
    const body = workSummaryResponseSchema.parse(response.json());
    expect(body.period).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(body.previous).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(body.previousUntil).toBeNull();
    const now = await rawDeviceSums('2026-03-23', '2026-03-29');
    const before = await rawDeviceSums('2026-03-16', '2026-03-22');
    const expected = (['a', 'b'] as const).map((k) => ({
      id: (k === 'a' ? a : b).id,
      name: k === 'a' ? 'Alpha' : 'Beta',
      work: now[k].work,
      active: now[k].active,
      workTrend: trendPercent(now[k].work, before[k].work),
      activeTrend: trendPercent(now[k].active, before[k].active),
    }));
    expected.sort((x, y) => x.active - y.active);
    expect(body.rows).toEqual(expected);
    expect(body.total.work).toBe(now.a.work + now.b.work);
    expect(body.total.activeTrend).toBe(trendPercent(now.a.active + now.b.active, before.a.active + before.b.active));
    const desc = workSummaryResponseSchema.parse(
      (await get(`/api/summaries/activity?devices=${a.id},${b.id}&period=this-week&date=2026-03-29&sort=active-desc`)).json(),
    );
    expect(desc.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id).reverse());
  });

  it('answers one row per group and compares this month with the same days of the month before', async () => {
    const body = workSummaryResponseSchema.parse((await get(`/api/summaries/activity?groups=${line}&period=this-month&date=2026-03-31`)).json());
    expect(body.previous).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const now = await rawDeviceSums('2026-03-01', '2026-03-31');
    const before = await rawDeviceSums('2026-02-01', '2026-02-28');
    expect(body.rows).toEqual([
      {
        id: line,
        name: 'Line',
        work: now.a.work + now.b.work,
        active: now.a.active + now.b.active,
        workTrend: trendPercent(now.a.work + now.b.work, before.a.work + before.b.work),
        activeTrend: trendPercent(now.a.active + now.b.active, before.a.active + before.b.active),
      },
    ]);
  });

  it('answers the efficiency summary of the 23-hour day: percent activity over the day, efficiency and the average', async () => {
    const body = efficiencySummaryResponseSchema.parse((await get(`/api/summaries/efficiency?devices=${a.id},${b.id}&period=today&date=2026-03-29`)).json());
    expect(body.elapsedSeconds).toBe(23 * 3600);
    const now = await rawDeviceSums('2026-03-29', '2026-03-29');
    const before = await rawDeviceSums('2026-03-28', '2026-03-28');
    const alpha = body.rows.find((r) => r.id === a.id)!;
    expect(alpha.work).toBe(now.a.work);
    expect(alpha.activityPercent).toBe(Math.round((now.a.active / (23 * 3600)) * 100));
    expect(alpha.efficiencyPercent).toBe(efficiencyPercent(now.a.work, now.a.active));
    expect(alpha.activityPercentTrend).toBe(trendPercent(alpha.activityPercent, Math.round((before.a.active / (24 * 3600)) * 100)));
    expect(body.average.active).toBe((now.a.active + now.b.active) / 2);
    expect(body.average.efficiencyPercent).toBe(Math.round((efficiencyPercent(now.a.work, now.a.active) + efficiencyPercent(now.b.work, now.b.active)) / 2));
  });

  it('answers the operator summary from the card sessions as the raw readings in them add up, per operator and per group', async () => {
    const reference = await referenceOperators(ctx.database.db, {
      interval: 'day',
      from: '2026-03-23',
      to: '2026-03-29',
      timezone: TZ,
      operatorIds: [anna, bartek],
    });
    const previous = await referenceOperators(ctx.database.db, {
      interval: 'day',
      from: '2026-03-16',
      to: '2026-03-22',
      timezone: TZ,
      operatorIds: [anna, bartek],
    });
    const sum = (cells: typeof reference.cells, ids: number[], number: number) =>
      cells.filter((c) => ids.includes(c.operatorId) && c.number === number).reduce((s, c) => s + c.sum, 0);
    const body = workSummaryResponseSchema.parse(
      (await get(`/api/summaries/operators?deviceOperators=${anna},${bartek}&period=this-week&date=2026-03-29&sort=work-desc`)).json(),
    );
    const rowOf = (id: number, name: string) => ({
      id,
      name,
      work: sum(reference.cells, [id], 1),
      active: sum(reference.cells, [id], 2),
      workTrend: trendPercent(sum(reference.cells, [id], 1), sum(previous.cells, [id], 1)),
      activeTrend: trendPercent(sum(reference.cells, [id], 2), sum(previous.cells, [id], 2)),
    });
    const expected = [rowOf(anna, 'Anna Nowak'), rowOf(bartek, 'Bartek Kowal')].sort((x, y) => y.work - x.work);
    expect(body.rows).toEqual(expected);
    expect(expected.every((r) => r.work > 0)).toBe(true);
    const grouped = workSummaryResponseSchema.parse(
      (await get(`/api/summaries/operators?deviceOperatorsGroups=${crew}&period=this-week&date=2026-03-29`)).json(),
    );
    expect(grouped.rows).toEqual([
      {
        ...rowOf(anna, 'Crew'),
        id: crew,
        work: expected[0]!.work + expected[1]!.work,
        active: expected[0]!.active + expected[1]!.active,
        workTrend: grouped.rows[0]!.workTrend,
        activeTrend: grouped.rows[0]!.activeTrend,
      },
    ]);
  });

  it('answers the shift-work summary with the night shift across midnight and the clock change as the raw readings add up', async () => {
    const body = shiftWorkSummaryResponseSchema.parse((await get(`/api/summaries/shift-work?groups=${line}&period=yesterday&date=2026-03-30`)).json());
    expect(body.period).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    const shifts = async (day: string) =>
      referenceAnswer(ctx.database.db, { interval: 'shifts', from: day, to: day, timezone: TZ, companyId, deviceIds: [a.id, b.id], numbers: [1, 2, 3] });
    const [now, before] = [await shifts('2026-03-29'), await shifts('2026-03-28')];
    const sum = (cells: typeof now.cells, position: number | null, number: number) =>
      cells.filter((c) => c.position === position && c.number === number).reduce((s, c) => s + c.sum, 0);
    expect(body.shifts.map((s) => s.name)).toEqual(['I', 'II', 'III']);
    for (const shift of body.shifts) {
      expect(shift.work).toBe(sum(now.cells, shift.position, 1));
      expect(shift.active).toBe(sum(now.cells, shift.position, 2));
      expect(shift.counter).toBe(sum(now.cells, shift.position, 3));
      expect(shift.workTrend).toBe(trendPercent(sum(now.cells, shift.position, 1), sum(before.cells, shift.position, 1)));
    }
    // The night shift of the 29th runs to 06:00 on the 30th: readings after midnight count in it.
    expect(body.shifts[2]!.work).toBeGreaterThan(0);
    expect(body.total.counter).toBe(sum(now.cells, null, 3));
  });

  describe('while the period runs', () => {
    // 10:02 on the 23-hour spring day: yesterday (a 24-hour day) counts up to 10:05 on its own clock, 10 h 05 min.
    const NOW = Date.parse('2026-03-29T10:02:00+02:00');
    const CUT = Date.parse('2026-03-28T10:05:00+01:00');
    const DAY_BEFORE = Date.parse('2026-03-28T00:00:00+01:00');
    beforeAll(() => {
      clock = NOW;
    });
    afterAll(() => {
      clock = undefined;
    });

    /** Raw readings of the devices in [from, to), per device. */
    async function rawBetween(number: number, from: number, to: number) {
      const rows = await sql<{ deviceId: number; sum: number }>`
        select device_id as "deviceId", sum(value)::float8 as sum from readings
        where device_id = any(${[a.id, b.id]}::int[]) and parameter_number = ${number} and ts >= ${new Date(from)} and ts < ${new Date(to)}
        group by 1`.execute(ctx.database.db);
      const of = (id: number) => rows.rows.find((r) => r.deviceId === id)?.sum ?? 0;
      return { a: of(a.id), b: of(b.id) };
    }

    it('compares today so far with yesterday up to the same wall-clock time, not with the whole of yesterday', async () => {
      const body = workSummaryResponseSchema.parse((await get(`/api/summaries/activity?devices=${a.id},${b.id}&period=today`)).json());
      expect(body.period).toEqual({ from: '2026-03-29', to: '2026-03-29' });
      expect(body.previousUntil).toBe('10:05');
      // Today holds what is stored of it (the data runs past the fixed clock).
      const now = await rawDeviceSums('2026-03-29', '2026-03-29');
      const [work, active] = [await rawBetween(1, DAY_BEFORE, CUT), await rawBetween(2, DAY_BEFORE, CUT)];
      const alpha = body.rows.find((r) => r.id === a.id)!;
      expect(alpha).toMatchObject({ work: now.a.work, workTrend: trendPercent(now.a.work, work.a), activeTrend: trendPercent(now.a.active, active.a) });
      expect(body.total.workTrend).toBe(trendPercent(now.a.work + now.b.work, work.a + work.b));
      const whole = await rawDeviceSums('2026-03-28', '2026-03-28');
      expect(work.a).toBeLessThan(whole.a.work);
    });

    it('bases the previous percent activity on the time up to the cut', async () => {
      const body = efficiencySummaryResponseSchema.parse((await get(`/api/summaries/efficiency?devices=${a.id}&period=today`)).json());
      expect(body.elapsedSeconds).toBe(9 * 3600 + 120);
      const active = await rawBetween(2, DAY_BEFORE, CUT);
      const row = body.rows[0]!;
      expect(row.activityPercentTrend).toBe(trendPercent(row.activityPercent, Math.round((active.a / (10 * 3600 + 300)) * 100)));
    });

    it('counts the previous week up to the same weekday and time for the operators in their sessions', async () => {
      const body = workSummaryResponseSchema.parse((await get(`/api/summaries/operators?deviceOperators=${anna}&period=this-week`)).json());
      expect(body.previous).toEqual({ from: '2026-03-16', to: '2026-03-22' });
      const reference = await referenceOperators(ctx.database.db, { interval: 'day', from: '2026-03-23', to: '2026-03-29', timezone: TZ, operatorIds: [anna] });
      const current = reference.cells.filter((c) => c.number === 1).reduce((s, c) => s + c.sum, 0);
      const bucket = sql`date_bin(interval '5 minutes', r.ts, timestamptz '2000-01-01 00:00:00+00')`;
      const previous = await sql<{ sum: number | null }>`
        select sum(r.value)::float8 as sum from readings r join operator_sessions s on s.device_id = r.device_id
          and ${bucket} >= s.started_at and (s.ended_at is null or ${bucket} < s.ended_at)
        where s.operator_id = ${anna} and r.parameter_number = 1
          and r.ts >= ${new Date(Date.parse('2026-03-16T00:00:00+01:00'))} and r.ts < ${new Date(Date.parse('2026-03-22T10:05:00+01:00'))}`.execute(
        ctx.database.db,
      );
      expect(previous.rows[0]!.sum).toBeGreaterThan(0);
      expect(body.rows[0]!.workTrend).toBe(trendPercent(current, previous.rows[0]!.sum));
    });

    it('leaves out of the previous day the shifts not yet started today, and the running one after the same time', async () => {
      const body = shiftWorkSummaryResponseSchema.parse((await get(`/api/summaries/shift-work?groups=${line}&period=today`)).json());
      const now = await referenceAnswer(ctx.database.db, {
        interval: 'shifts',
        from: '2026-03-29',
        to: '2026-03-29',
        timezone: TZ,
        companyId,
        deviceIds: [a.id, b.id],
        numbers: [1, 2, 3],
      });
      const sum = (position: number, number: number) => now.cells.filter((c) => c.position === position && c.number === number).reduce((t, c) => t + c.sum, 0);
      const morning = await rawBetween(1, Date.parse('2026-03-28T06:00:00+01:00'), CUT);
      const [first, second, night] = body.shifts;
      expect(first!.workTrend).toBe(trendPercent(sum(first!.position, 1), morning.a + morning.b));
      // Shifts II and III had not begun by 10:05 the day before either: nothing to compare with, never −100 %.
      for (const shift of [second!, night!]) expect(shift).toMatchObject({ workTrend: null, activeTrend: null, counterTrend: null });
      expect(body.total.workTrend).toBe(trendPercent(sum(first!.position, 1) + sum(second!.position, 1) + sum(night!.position, 1), morning.a + morning.b));
    });

    it('counts the shifts of the previous week whole up to the day before the cut, and those of the cut date up to it', async () => {
      const body = shiftWorkSummaryResponseSchema.parse((await get(`/api/summaries/shift-work?groups=${line}&period=this-week`)).json());
      const shifts = async (from: string, to: string) =>
        referenceAnswer(ctx.database.db, { interval: 'shifts', from, to, timezone: TZ, companyId, deviceIds: [a.id, b.id], numbers: [1, 2, 3] });
      const [now, whole] = [await shifts('2026-03-23', '2026-03-29'), await shifts('2026-03-16', '2026-03-21')];
      const sum = (cells: typeof now.cells, position: number) => cells.filter((c) => c.position === position && c.number === 1).reduce((t, c) => t + c.sum, 0);
      // The 22nd: its morning shift up to 10:05, its afternoon and night shifts not yet begun.
      const morning = await rawBetween(1, Date.parse('2026-03-22T06:00:00+01:00'), Date.parse('2026-03-22T10:05:00+01:00'));
      const [first, second, night] = body.shifts;
      const before = [sum(whole.cells, first!.position) + morning.a + morning.b, sum(whole.cells, second!.position), sum(whole.cells, night!.position)];
      expect(body.shifts.map((shift) => shift.workTrend)).toEqual(body.shifts.map((shift, i) => trendPercent(sum(now.cells, shift.position), before[i])));
      expect(body.total.workTrend).toBe(
        trendPercent(
          body.shifts.reduce((t, shift) => t + shift.work, 0),
          before[0]! + before[1]! + before[2]!,
        ),
      );
      expect(before.every((v) => v > 0)).toBe(true);
    });
  });

  it('saves the summaries of a dashboard per user and reads them back as valid monitors', async () => {
    const board = {
      monitors: (['activity-summary', 'efficiency-summary', 'operator-summary', 'shift-work-summary'] as const).map((kind, i) => ({
        id: `monitor-${i + 1}`,
        kind,
        settings: { ...defaultMonitorSettings(kind), period: 'this-week' },
      })),
    };
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/dashboard', headers: bearer(token), payload: { value: board } });
    expect(put.statusCode).toBe(200);
    const read = await get('/api/users/current/settings/dashboard');
    expect(parseBoardSetting(read.json().value)).toEqual(board);
    expect(boardSettingSchema.parse(read.json().value)).toEqual(board);
    // Another user (of another company) has a board of their own: none yet.
    expect((await get('/api/users/current/settings/dashboard', strangerToken)).statusCode).toBe(404);
  });

  it('documents the four calls with their query and answers in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    for (const path of ['/api/summaries/activity', '/api/summaries/efficiency', '/api/summaries/operators', '/api/summaries/shift-work']) {
      const get = doc.paths[path].get;
      expect(Object.keys(get.responses).sort(), path).toEqual(['200', '400', '401', '404', '500']);
      expect(
        get.parameters.map((p: { name: string }) => p.name),
        path,
      ).toEqual(expect.arrayContaining(['period', 'date']));
    }
  });

  it('answers errors: nothing chosen, strangers, no shifts and bad input', async () => {
    expect((await get('/api/summaries/activity?period=today')).json()).toEqual({ errors: { devices: [MESSAGE_KEYS.notBlank] }, rootErrors: [] });
    expect((await get('/api/summaries/operators?period=today')).json()).toEqual({ errors: { deviceOperators: [MESSAGE_KEYS.notBlank] }, rootErrors: [] });
    expect((await get(`/api/summaries/efficiency?devices=${a.id}`, strangerToken)).statusCode).toBe(404);
    expect((await get(`/api/summaries/operators?deviceOperatorsGroups=${crew}`, strangerToken)).statusCode).toBe(404);
    const bad = await get(`/api/summaries/activity?devices=${a.id}&period=decade&sort=up`);
    expect(bad.json()).toEqual({ errors: { period: [MESSAGE_KEYS.incorrect], sort: [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    await ctx.database.db.deleteFrom('production_shifts').where('company_id', '=', companyId).execute();
    const noShifts = await get(`/api/summaries/shift-work?devices=${a.id}&date=2026-03-29`);
    expect(noShifts.json()).toEqual({ errors: { devices: [DIAGNOSTICS_MESSAGE_KEYS.noShiftsDefined] }, rootErrors: [] });
  });
});

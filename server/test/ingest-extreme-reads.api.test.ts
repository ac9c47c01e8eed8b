import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INGEST_LIMITS, REPORT_TYPES, isOperatorReport } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createUser, signIn, createCompany } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import {
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createOperatorGroup,
  createShifts,
  createTelemetryDevice,
  ingest,
  writeFixtureReadings,
} from './telemetry-fixtures.ts';
import { createView } from './production-live-fixtures.ts';
import type { ReadingInput } from '../src/telemetry/types.ts';

const MINUTE = 60_000;

/** Migration 025, run again here over the values older versions stored (written below as they would have been). */
const REPAIR = new URL('../src/db/migrations/028_reading_value_ranges.sql', import.meta.url);

/**
 * Issue 31 item 1: every read over a device answers 200: over the largest values the ingest accepts now (a vanishing
 * active time among them), and over the extremes older versions stored before the limits (±1e308, negative work)
 * once migration 025 has brought them within the limits.
 */
describe('reads over extreme stored values', () => {
  let ctx: TestContext;
  let token: string;
  let legacy: TelemetryDevice;
  let legacyTwin: TelemetryDevice;
  let accepted: TelemetryDevice;
  let group: number;
  let operator: number;
  let operatorGroup: number;
  const views: number[] = [];
  let acceptedBefore: unknown[];
  const db = () => ctx.database.db;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const rollupsOf = async (device: TelemetryDevice) =>
    (
      await sql<Record<string, unknown>>`select parameter_number, bucket, sum, count, min, max, last_value from readings_5min where device_id = ${device.id}
      union all select parameter_number, month, sum, count, min, max, last_value from readings_month where device_id = ${device.id} order by 1, 2`.execute(db())
    ).rows;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(db());
    const user = await createUser(db(), company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    await createShifts(db(), company.id, [
      { name: 'Day', hourStart: 6, hourEnd: 18 },
      { name: 'Night', hourStart: 18, hourEnd: 6 },
    ]);
    const typeId = await createDeviceType(db());
    legacy = await createTelemetryDevice(db(), company.id, typeId);
    legacyTwin = await createTelemetryDevice(db(), company.id, typeId);
    accepted = await createTelemetryDevice(db(), company.id, typeId);
    group = await createDeviceGroup(db(), company.id, 'Extremes', [legacy.id, legacyTwin.id, accepted.id]);
    operatorGroup = await createOperatorGroup(db(), company.id, 'Crew');
    operator = await createOperator(db(), company.id, { firstname: 'Ann', lastname: 'Extreme', rfid: 'CARD-X', groupId: operatorGroup });

    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
    // A session of the operator on each device, open since before the readings.
    for (const device of [legacy, legacyTwin, accepted]) await ingest(ctx.services, device, { events: [{ ts: at(10), type: 'rfid_on', rfid: 'CARD-X' }] });

    // The largest values the ingest takes now, many of them in one 5-minute cell (first: it makes the month's partition).
    const { maxReadingSeconds, maxValueMagnitude } = INGEST_LIMITS;
    const burst = (parameter: number, value: number) => Array.from({ length: 200 }, (_, i) => ({ parameter, ts: new Date(now - 4 * MINUTE + i * 100), value }));
    await ingest(ctx.services, accepted, {
      readings: [
        ...burst(1, maxReadingSeconds),
        ...burst(2, 0),
        // A whole day of work over the least active time there is: efficiency beyond any double.
        { parameter: 2, ts: new Date(now - 3 * MINUTE), value: Number.MIN_VALUE },
        ...burst(3, maxValueMagnitude),
        ...burst(20, -maxValueMagnitude),
        ...burst(23, maxValueMagnitude),
      ],
    });
    acceptedBefore = await rollupsOf(accepted);

    // What older versions stored: ±1e308 in every aggregation, negative work, on two devices of one group.
    const legacyReadings: ReadingInput[] = [
      { parameter: 1, ts: at(5), value: -1e308 },
      { parameter: 2, ts: at(5), value: 30 },
      { parameter: 3, ts: at(5), value: 1e308 },
      { parameter: 20, ts: at(5), value: 1e308 },
      { parameter: 21, ts: at(5), value: -1e308 },
      { parameter: 22, ts: at(5), value: 1e308 },
      { parameter: 23, ts: at(5), value: 1e308 },
    ];
    await writeFixtureReadings(db(), legacy, legacyReadings);
    // The twin: +1e308 work, and 1e308 again in an earlier month (a month row each, so any read over both adds them up).
    const earlier = at(35 * 24 * 60);
    await writeFixtureReadings(db(), legacyTwin, [
      ...legacyReadings.map((r) => (r.parameter === 1 ? { ...r, value: 1e308 } : r)),
      ...[1, 2, 3, 20, 22, 23].map((parameter) => ({ parameter, ts: earlier, value: parameter === 2 ? 1 : 1e308 })),
    ]);
    // The operator sessions' work and activity as the ingest statement of those versions would have added them.
    await sql`update operator_session_days d set work = 1e308, active = 30
      from operator_sessions s where s.id = d.session_id and s.device_id in (${legacy.id}::int, ${legacyTwin.id}::int)`.execute(db());
    await sql`insert into operator_session_days (session_id, company_id, day, work, active)
      select s.id, s.company_id, (now() at time zone 'UTC')::date, 1e308, 30
      from operator_sessions s where s.device_id in (${legacy.id}::int, ${legacyTwin.id}::int) on conflict do nothing`.execute(db());
    await sql`insert into operator_session_hours (session_id, company_id, hour, work, active)
      select s.id, s.company_id, date_trunc('hour', now()), 1e308, 30
      from operator_sessions s where s.device_id in (${legacy.id}::int, ${legacyTwin.id}::int) on conflict do nothing`.execute(db());

    await ctx.database.execScriptInTransaction(await readFile(REPAIR, 'utf8'));

    views.push(
      await createView(db(), company.id, {
        resetHours: [0],
        lines: [
          { deviceId: legacy.id, parameter: 1, goal: 100 },
          { deviceId: legacy.id, parameter: 0, goal: 80 },
        ],
      }),
    );
    views.push(
      await createView(db(), company.id, {
        resetHours: [0],
        lines: [
          { deviceId: legacyTwin.id, parameter: 3, goal: 100 },
          { deviceId: accepted.id, parameter: 0, goal: 80 },
        ],
      }),
    );
    views.push(
      await createView(db(), company.id, {
        resetHours: [0],
        lines: [
          { deviceId: accepted.id, parameter: 3, goal: 100 },
          { deviceId: accepted.id, parameter: 1, goal: 80 },
        ],
      }),
    );
  });
  afterAll(() => ctx?.close());

  const today = () => new Date().toISOString().slice(0, 10);
  const monthsAgo = () => new Date(Date.now() - 40 * 24 * 3_600_000).toISOString().slice(0, 10);
  const devices = () => `${legacy.id},${legacyTwin.id},${accepted.id}`;

  it('answers 200 from every read of the devices, their group and their operator', async () => {
    const range = `from=${today()}&to=${today()}`;
    const wide = `from=${monthsAgo()}&to=${today()}`;
    const urls = [
      ...views.map((view) => `/api/productionviews/${view}/state`),
      '/api/summaries/devices-with-alerts?period=today',
      '/api/summaries/devices-with-alerts?period=this-month&sort=work-desc',
      '/api/summaries/devices-summary',
      `/api/summaries/hourly-work?devices=${devices()}&period=today&intervalHours=1`,
      `/api/summaries/hourly-work?deviceGroups=${group}&period=this-month&intervalHours=12`,
      `/api/summaries/activity?devices=${devices()}&period=today`,
      `/api/summaries/activity?groups=${group}&period=this-month`,
      `/api/summaries/efficiency?devices=${devices()}&period=today`,
      `/api/summaries/efficiency?groups=${group}&period=this-week`,
      `/api/summaries/shift-work?groups=${group}&period=today`,
      `/api/summaries/operators?deviceOperators=${operator}&period=today`,
      `/api/summaries/operators?deviceOperatorsGroups=${operatorGroup}&period=this-month`,
      ...['hour', 'day', 'month', 'year'].map(
        (interval) => `/api/devices/diagnostics/multiple?devices=${devices()}&parameterNumber=0,1,2,3,20,21,22,23&interval=${interval}&${range}`,
      ),
      ...[legacy, legacyTwin, accepted].map(
        (device) => `/api/devices/diagnostics/async/multiple?devices=${device.id}&parameterNumber=0,1,2,3,20,21,22,23&${range}`,
      ),
      ...['day', 'month', 'year'].map(
        (interval) => `/api/devices/diagnostics/multiple?devices=${devices()}&parameterNumber=0,1,2,3,20,22,23&interval=${interval}&${wide}`,
      ),
      `/api/deviceoperators/diagnostics/multiple?deviceOperators=${operator}&interval=day&${range}`,
      `/api/deviceoperators/diagnostics/multiple?deviceOperators=${operator}&interval=month&${wide}`,
      `/api/deviceoperators/diagnostics/multiple?deviceOperatorsGroups=${operatorGroup}&interval=hour&${range}`,
      `/api/reports/factory/data?type=device-work-device-chart&groups=${group}&interval=hour&${range}`,
      `/api/reports/factory/data?type=device-work-device-chart&devices=${devices()}&interval=day&${range}`,
      `/api/reports/factory/data?type=device-work-shift-chart&groups=${group}&${range}`,
      `/api/reports/factory/data?type=device-work-device-chart&groups=${group}&interval=month&${wide}`,
      ...REPORT_TYPES.map((type) => `/api/reports/${type}/data?${isOperatorReport(type) ? `deviceOperators=${operator}` : `groups=${group}`}&${range}`),
      ...REPORT_TYPES.map(
        (type) =>
          `/api/reports/${type}/data?${isOperatorReport(type) ? `deviceOperatorsGroups=${operatorGroup}` : `devices=${devices()}`}&interval=shifts&${range}`,
      ),
      ...REPORT_TYPES.map(
        (type) => `/api/reports/${type}/data?${isOperatorReport(type) ? `deviceOperators=${operator}` : `groups=${group}`}&interval=year&${wide}`,
      ),
      `/api/deviceoperators/${operator}/work-time`,
      ...[legacy, legacyTwin, accepted].flatMap((device) => [`/api/devices/${device.id}/readings/current`, `/api/devices/${device.id}/status`]),
      '/api/devices',
      '/api/devicegroups',
    ];
    const failures: string[] = [];
    for (const url of urls) {
      const response = await get(url);
      if (response.statusCode !== 200) failures.push(`${response.statusCode} ${url} ${response.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });

  it('brought what older versions stored within the limits, and left what the ingest accepts as it was', async () => {
    expect(await rollupsOf(accepted)).toEqual(acceptedBefore);
    const work = await db()
      .selectFrom('readings_day')
      .select(['device_id', 'sum', 'min', 'max'])
      .where('parameter_number', '=', 1)
      .where('device_id', 'in', [legacy.id, legacyTwin.id])
      .orderBy('device_id')
      .orderBy('day')
      .execute();
    expect(work).toEqual([
      { device_id: legacy.id, sum: 0, min: 0, max: 0 },
      { device_id: legacyTwin.id, sum: INGEST_LIMITS.maxReadingSeconds, min: INGEST_LIMITS.maxReadingSeconds, max: INGEST_LIMITS.maxReadingSeconds },
      { device_id: legacyTwin.id, sum: INGEST_LIMITS.maxReadingSeconds, min: INGEST_LIMITS.maxReadingSeconds, max: INGEST_LIMITS.maxReadingSeconds },
    ]);
    const raw = await db()
      .selectFrom('readings')
      .select(({ fn }) => [fn.max('value').as('max'), fn.min('value').as('min')])
      .executeTakeFirstOrThrow();
    expect(raw).toEqual({ max: INGEST_LIMITS.maxValueMagnitude, min: -INGEST_LIMITS.maxValueMagnitude });
  });
});

/**
 * The device report builders on a scratch PostgreSQL database whose rollups are written straight with
 * generate_series (this measures the builders' reads, not the ingest): 5-minute rows for `--detail-devices` devices
 * over `--days` local dates, and day rows for `--devices` devices. It prints
 *   - a year of 5-minute work details for 24 devices written into a sink that counts and drops the rows (the file
 *     writers' part is bench/reports/file-writers.ts): rows/s and the process's RSS growth, sampled at every chunk;
 *   - a month's efficiency report of 100 devices;
 *   - the on-screen call (ReportDataService, memory sink with its row limit) of each of the ten types for a month of
 *     50 devices (the operator types for the 20 operators who work on them): p50 / p95 over --repetitions after two
 *     warm-ups;
 *   - the same calls as `GET /api/reports/{type}/data` injected into the app (everything but the socket);
 *   - the paged screens' pages (`&page=`): work details and device operators by day and by shifts, alerts by day:
 *     the first call, then page 1, a middle page and the last.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx --expose-gc bench/reports/device-builders.ts [--days 365]
 *     [--devices 100] [--detail-devices 24] [--repetitions 20] [--types production-device-work-matrix,...] [--keep]
 *
 * `--detail-devices` of the devices have 5-minute rows (the work details and the work matrix read them); `--types`
 * limits the on-screen calls to some types. The first call of each type is printed apart: the work matrix stores the
 * period's closed days then (migration 022). The operator, alert and shift types' data (sessions, alerts, shift
 * cells) is seeded by screen-data.ts. Figures and their history: docs/performance.md (reports section).
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { REPORT_TYPES, isOperatorReport } from '@gearwatch/contracts';
import type { ReportType } from '@gearwatch/contracts';
import { createApp } from '../../server/src/app.ts';
import { testConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { writeReport, ReportDataService } from '../../server/src/reports/screens/data-service.ts';
import type { ReportSink, ReportSubject } from '../../server/src/reports/model.ts';
import { createServices } from '../../server/src/services.ts';
import { bearer, createUser, signIn } from '../../server/test/fixtures.ts';
import { createScratchDatabase, flag, formatRate } from '../support/scratch-database.ts';
import { seedScreenData } from './screen-data.ts';

const DAYS = flag('days', 365);
const DEVICES = flag('devices', 100);
const DETAIL_DEVICES = Math.min(flag('detail-devices', 24), DEVICES);
const REPETITIONS = flag('repetitions', 20);
const TIMEZONE = 'Europe/Warsaw';
const FIRST_DAY = '2025-11-01';
const lastDay = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

const scratch = await createScratchDatabase('gw_bench_reports');
const database = await openDatabase({ url: scratch.url, poolSize: 4 });
try {
  const db = database.db;
  await migrate(database);
  const company = await db.insertInto('companies').values({ name: 'Bench', timezone: TIMEZONE }).returning('id').executeTakeFirstOrThrow();
  // Three shifts (the night one across midnight), for the work details' pages by shifts.
  await db
    .insertInto('production_shifts')
    .values([
      { company_id: company.id, position: 1, name: 'I', hour_start: 6, hour_end: 14 },
      { company_id: company.id, position: 2, name: 'II', hour_start: 14, hour_end: 22 },
      { company_id: company.id, position: 3, name: 'III', hour_start: 22, hour_end: 6 },
    ])
    .execute();
  const type = await db.insertInto('device_types').values({ name: 'Bench type' }).returning('id').executeTakeFirstOrThrow();
  const devices: number[] = [];
  for (let i = 0; i < DEVICES; i++) {
    const device = await db
      .insertInto('devices')
      .values({ company_id: company.id, device_type_id: type.id, name: `Device ${String(i + 1).padStart(3, '0')}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    devices.push(device.id);
  }
  const started = performance.now();
  const range = sql`(${FIRST_DAY}::date::timestamp at time zone ${TIMEZONE})`;
  const end = sql`((${lastDay}::date + 1)::timestamp at time zone ${TIMEZONE})`;
  await sql`
    insert into readings_5min (company_id, device_id, parameter_number, bucket, sum, count, min, max, last_ts, last_value)
    select ${company.id}, d, p, b, (extract(epoch from b)::int % 300), 1, 0, 300, b, 1
    from unnest(${devices.slice(0, DETAIL_DEVICES)}::int[]) d, generate_series(1, 3) p, generate_series(${range}, ${end} - interval '5 minutes', interval '5 minutes') b`.execute(
    db,
  );
  await sql`
    insert into readings_day (company_id, device_id, parameter_number, day, sum, count, min, max, last_ts, last_value)
    select ${company.id}, d, p, day::date, 20000 + (d * 7 + p) % 5000, 288, 0, 300, day, 1
    from unnest(${devices}::int[]) d, generate_series(1, 3) p, generate_series(${FIRST_DAY}::date, ${lastDay}::date, interval '1 day') day`.execute(db);
  const fifty = devices.slice(0, Math.min(50, DEVICES));
  const screen = await seedScreenData(db, {
    companyId: company.id,
    deviceTypeId: type.id,
    timezone: TIMEZONE,
    deviceIds: devices,
    sessionDeviceIds: fifty,
    from: FIRST_DAY,
    to: lastDay,
    operators: 20,
    alertsPerDay: 4,
  });
  await sql`analyze`.execute(db);
  console.log(
    `seeded ${DETAIL_DEVICES} devices × ${DAYS} days of 5-minute rows and ${DEVICES} devices of day rows and shift cells, ${screen.sessions.toLocaleString('en-US')} sessions of ${screen.operatorIds.length} operators on ${fifty.length} devices, ${screen.alerts.toLocaleString('en-US')} alerts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const scope = { companyId: company.id, timezone: TIMEZONE };
  const subjectOf = (type: ReportType, ids: number[], from: string, to: string, interval: ReportSubject['interval'] = 'day'): ReportSubject => ({
    type,
    from,
    to,
    interval,
    deviceIds: ids,
    deviceGroupIds: [],
    operatorIds: [],
    operatorGroupIds: [],
  });

  // Work details of the whole range into a counting sink.
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let rows = 0;
  const counting: ReportSink = {
    section: () => Promise.resolve(),
    rows: (chunk) => {
      rows += chunk.length;
      peak = Math.max(peak, process.memoryUsage().rss);
      return Promise.resolve();
    },
    progress: () => Promise.resolve(),
  };
  let t = performance.now();
  await writeReport(db, scope, subjectOf('device-work-details-report', devices.slice(0, DETAIL_DEVICES), FIRST_DAY, lastDay, 'month'), counting);
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `work details, ${DETAIL_DEVICES} devices × ${DAYS} days: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s (${formatRate(rows / seconds)}), RSS growth ${((peak - baseline) / 2 ** 20).toFixed(0)} MB`,
  );

  const month = [FIRST_DAY, new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) + 29 * 86_400_000).toISOString().slice(0, 10)] as const;
  t = performance.now();
  await writeReport(db, scope, subjectOf('efficiency-report', devices, month[0], month[1]), counting);
  console.log(`efficiency report, ${DEVICES} devices, ${month[0]}..${month[1]}: ${(performance.now() - t).toFixed(0)} ms`);

  const service = new ReportDataService(db);
  const auth = { userId: 0, companyId: company.id, isSuperAdmin: false, canImpersonate: false };
  const only = process.argv.includes('--types') ? process.argv[process.argv.indexOf('--types') + 1]!.split(',') : null;
  const screenTypes = REPORT_TYPES.filter((t) => !only || only.includes(t));
  // The screen's selection: the 50 devices, or for the operator types the operators who work on them.
  const selection = (type: ReportType) => (isOperatorReport(type) ? { deviceOperators: screen.operatorIds } : { devices: fifty });
  const selected = (type: ReportType) => (isOperatorReport(type) ? `${screen.operatorIds.length} operators` : `${fifty.length} devices`);
  for (const type of screenTypes) {
    const times: number[] = [];
    let first = 0;
    let shape = '';
    for (let i = 0; i < REPETITIONS + 2; i++) {
      t = performance.now();
      const document = await service.data(auth, type, { from: month[0], to: month[1], interval: 'day', ...selection(type) });
      // What the screen got: a call that answers an empty report would measure nothing.
      shape = `${document.sections.length} sections, ${document.sections.reduce((n, s) => n + s.rows.length, 0)} rows${document.truncated ? ', truncated' : ''}${document.empty ? ', EMPTY' : ''}`;
      if (i === 0) first = performance.now() - t;
      if (i >= 2) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    // The first call is apart: the work matrix stores the month's closed days then (migration 022).
    console.log(
      `screen ${type}, ${selected(type)}, a month: first ${first.toFixed(0)} ms, then p50 ${at(0.5)} ms, p95 ${at(0.95)} ms; ${shape} (load average ${loadavg()[0]!.toFixed(1)})`,
    );
  }

  // The same calls through the whole HTTP stack (routing, sign-in check, query validation, serialising the answer),
  // injected into the app in process: what the screen waits for, but the socket.
  const config = testConfig({ DATABASE_URL: scratch.url });
  const app = await createApp({ config, database, services: await createServices(db, config) });
  try {
    const user = await createUser(db, company.id);
    const token = (await signIn(app, user.username, user.password)).access_token;
    const query = `from=${month[0]}&to=${month[1]}&interval=day&devices=${fifty.join(',')}`;
    const queryOf = (type: ReportType) =>
      isOperatorReport(type) ? `from=${month[0]}&to=${month[1]}&interval=day&deviceOperators=${screen.operatorIds.join(',')}` : query;
    for (const type of screenTypes) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REPETITIONS + 2; i++) {
        t = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/reports/${type}/data?${queryOf(type)}`, headers: bearer(token) });
        if (response.statusCode !== 200) throw new Error(`${type}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        bytes = response.rawPayload.length;
        if (i >= 2) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      console.log(
        `GET ${type}, ${selected(type)}, a month: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ${(bytes / 1024).toFixed(0)} KB (load average ${loadavg()[0]!.toFixed(1)})`,
      );
    }

    // The paged screens ask a page at a time (`page`, docs/reports.md): the first page, one in the middle and the
    // last. The work details' first call of all counts the month's rows per device and date (kept in memory after).
    const pagedScreens = [
      { type: 'device-work-details-report', label: 'work details', intervals: ['day', 'shifts'] },
      { type: 'alerts-report', label: 'alerts', intervals: ['day'] },
      { type: 'device-operators-report', label: 'device operators', intervals: ['day', 'shifts'] },
    ] as const;
    for (const { type, label, intervals } of pagedScreens) {
      if (only && !only.includes(type)) continue;
      for (const interval of intervals) {
        const url = (page: number) => `/api/reports/${type}/data?${queryOf(type).replace('interval=day', `interval=${interval}`)}&page=${page}`;
        t = performance.now();
        const opening = await app.inject({ method: 'GET', url: url(1), headers: bearer(token) });
        const paging = (opening.json() as { paging: { pageCount: number; totalRows: number } }).paging;
        console.log(
          `GET ${label} by ${interval}, page 1, first call: ${(performance.now() - t).toFixed(0)} ms; ${paging.totalRows.toLocaleString('en-US')} rows, ${paging.pageCount} pages`,
        );
        for (const page of [1, Math.ceil(paging.pageCount / 2), paging.pageCount]) {
          const times: number[] = [];
          let bytes = 0;
          for (let i = 0; i < REPETITIONS + 2; i++) {
            t = performance.now();
            const response = await app.inject({ method: 'GET', url: url(page), headers: bearer(token) });
            if (response.statusCode !== 200) throw new Error(`page ${page}: ${response.statusCode} ${response.body.slice(0, 200)}`);
            bytes = response.rawPayload.length;
            if (i >= 2) times.push(performance.now() - t);
          }
          times.sort((a, b) => a - b);
          const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
          console.log(
            `GET ${label} by ${interval}, page ${page} of ${paging.pageCount}, ${selected(type)}, a month: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ${(bytes / 1024).toFixed(0)} KB (load average ${loadavg()[0]!.toFixed(1)})`,
          );
        }
      }
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  // `--keep` leaves the scratch database for EXPLAIN ANALYZE of a builder's queries (drop it by hand after).
  if (process.argv.includes('--keep')) console.log(`kept database: ${scratch.url.replace(/^.*\//, '')}`);
  else await scratch.drop();
}

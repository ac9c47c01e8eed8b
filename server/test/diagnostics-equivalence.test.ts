import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_INTERVALS,
  DIAGNOSTICS_LIMITS,
  INTERVAL_MAX_DAYS,
  TIME_INTERVALS,
  deviceDiagnosticsResponseSchema,
  efficiencyPercent,
  operatorDiagnosticsResponseSchema,
} from '@gearwatch/contracts';
import type { DiagnosticsInterval, ParameterAggregation, TimeInterval } from '@gearwatch/contracts';
import { maxCategories, normaliseRange, planShifts, planTime } from '../src/rollups/plans.ts';
import type { OperatorActivityRow } from '../src/rollups/operator-repository.ts';
import { OperatorActivityRepository } from '../src/rollups/operator-repository.ts';
import type { SeriesColumn } from '../src/rollups/repository.ts';
import { RollupRepository } from '../src/rollups/repository.ts';
import { ParameterCatalogue, selectionOf, storedNumbers } from '../src/rollups/series.ts';
import { timeZone } from '../src/time/time-zone.ts';
import type { ReadingInput } from '../src/telemetry/types.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import type { ReferenceAnswer } from './diagnostics-reference.ts';
import { referenceAnswer, referenceOperators } from './diagnostics-reference.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import {
  TEST_PARAMETERS,
  createDeviceType,
  createOperator,
  createShifts,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
  writeFixtureReadings,
} from './telemetry-fixtures.ts';

/**
 * The heart of the diagnostics: for fixed and random ranges and intervals — around the Europe/Warsaw clock changes
 * (2026-03-29, 2026-10-25), across months and years, with shifts crossing midnight and starting or ending in the
 * hour that is skipped or repeated — the rollup answer equals the same aggregation in plain SQL over raw readings.
 * Run twice: data written through the ingest service (which must keep the rollups right), and through a test
 * fixture that builds the rollups with GROUP BY (which checks the reads alone).
 */

const TZ = 'Europe/Warsaw';
const NUMBERS = [1, 2, 0, 20, 21, 22, 23, 24];
const AGGREGATION = new Map(TEST_PARAMETERS.map((p) => [p.number, p.aggregation] as const));
const SEED = Number(process.env.DIAGNOSTICS_SEED ?? 20260329);

/** mulberry32: a small seeded generator, so a failing case can be replayed with DIAGNOSTICS_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Dense readings around both clock changes, sparse ones over a year, and readings on the awkward instants. */
function readingsFor(rand: () => number, deviceIndex: number): ReadingInput[] {
  const spans: [number, number, number][] = [
    [Date.UTC(2026, 2, 25), Date.UTC(2026, 3, 2), 1600],
    [Date.UTC(2026, 9, 21), Date.UTC(2026, 9, 29), 1600],
    [Date.UTC(2025, 10, 1), Date.UTC(2026, 10, 20), 1200],
  ];
  const awkward = [
    '2026-03-28T23:00:00Z',
    '2026-03-29T00:59:59Z',
    '2026-03-29T01:00:00Z',
    '2026-03-29T22:00:00Z',
    '2026-10-24T22:00:00Z',
    '2026-10-25T00:30:00Z',
    '2026-10-25T01:00:00Z',
    '2026-10-25T01:30:00Z',
    '2026-10-25T23:00:00Z',
    '2026-01-01T00:00:00Z',
    '2025-12-31T23:00:00Z',
  ];
  const seen = new Set<string>();
  const readings: ReadingInput[] = [];
  let motorHours = 1000 * (deviceIndex + 1);
  const add = (parameter: number, ms: number) => {
    const key = `${parameter}:${ms}`;
    if (seen.has(key)) return;
    seen.add(key);
    const value =
      parameter <= 3
        ? Math.floor(rand() * 300)
        : parameter === 23
          ? (motorHours += Math.round(rand() * 100) / 100)
          : parameter === 24
            ? rand() < 0.5
              ? 0
              : 1
            : Math.round((40 + rand() * 20) * 100) / 100;
    readings.push({ parameter, ts: new Date(ms), value });
  };
  const parameters = TEST_PARAMETERS.map((p) => p.number).filter((n) => n !== 10000);
  for (const [start, end, count] of spans) {
    for (let i = 0; i < count; i++) add(parameters[Math.floor(rand() * parameters.length)]!, start + Math.floor((rand() * (end - start)) / 1000) * 1000);
  }
  for (const at of awkward) for (const p of parameters) add(p, Date.parse(at));
  return readings;
}

interface Case {
  interval: DiagnosticsInterval;
  from: string;
  to: string;
}

const FIXED_CASES: Case[] = [
  { interval: 'hour', from: '2026-03-29', to: '2026-03-29' },
  { interval: 'hour', from: '2026-10-25', to: '2026-10-25' },
  { interval: '5min', from: '2026-03-29', to: '2026-03-29' },
  { interval: '5min', from: '2026-10-25', to: '2026-10-25' },
  { interval: '5min', from: '2026-03-28', to: '2026-03-30' },
  { interval: '5min', from: '2026-10-24', to: '2026-10-26' },
  { interval: 'hour', from: '2026-03-20', to: '2026-04-05' },
  { interval: 'day', from: '2026-03-20', to: '2026-11-01' },
  { interval: 'month', from: '2025-11-15', to: '2026-11-14' },
  { interval: 'year', from: '2025-11-21', to: '2026-11-20' },
  { interval: 'shifts', from: '2026-03-27', to: '2026-03-31' },
  { interval: 'shifts', from: '2026-10-23', to: '2026-10-27' },
];

/** Longest random range per interval: mostly within what it answers; 5min and hour sometimes beyond (coarsened). */
function randomDays(rand: () => number, interval: DiagnosticsInterval): number {
  const max: Record<DiagnosticsInterval, number> = {
    '5min': rand() < 0.2 ? 21 : 7,
    hour: rand() < 0.2 ? 200 : 93,
    day: 366,
    month: 366,
    year: 366,
    shifts: 40,
  };
  return 1 + Math.floor(rand() * max[interval]);
}

function randomCases(rand: () => number, count: number): Case[] {
  const first = Date.UTC(2025, 10, 1);
  const last = Date.UTC(2026, 10, 20);
  const clockChanges = [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)];
  return Array.from({ length: count }, () => {
    const interval = DIAGNOSTICS_INTERVALS[Math.floor(rand() * DIAGNOSTICS_INTERVALS.length)]!;
    const days = randomDays(rand, interval);
    // Most ranges include a clock change; the rest start anywhere in the data.
    const start =
      rand() < 0.6 ? clockChanges[Math.floor(rand() * 2)]! - Math.floor(rand() * days) * DAY : first + Math.floor(rand() * ((last - first) / DAY)) * DAY;
    const from = iso(start);
    const to = iso(start + (days - 1) * DAY);
    return rand() < 0.15 ? { interval, from: to, to: from } : { interval, from, to };
  });
}

function expectClose(actual: (number | null)[], expected: (number | null)[], label: string) {
  expect(actual.length, label).toBe(expected.length);
  actual.forEach((value, i) => {
    const want = expected[i] ?? null;
    if (want === null || value === null) expect(value, `${label} [${i}]`).toBe(want);
    else expect(Math.abs(value - want), `${label} [${i}]: ${value} vs ${want}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  });
}

function expectedValues(reference: ReferenceAnswer, deviceId: number, number: number, position: number | null): (number | null)[] {
  const pick = (n: number) => {
    const aggregation = AGGREGATION.get(n) as ParameterAggregation;
    const values: (number | null)[] = reference.categories.map(() => null);
    for (const c of reference.cells)
      if (c.deviceId === deviceId && c.number === n && c.position === position)
        values[c.idx] = c[aggregation === 'sum' ? 'sum' : aggregation === 'avg' ? 'avg' : aggregation];
    return values;
  };
  if (number !== 0) return pick(number);
  const work = pick(1);
  const active = pick(2);
  return work.map((w, i) => efficiencyPercent(w, active[i]));
}

const inclusiveDays = (a: string, b: string) => Math.abs(Date.parse(b) - Date.parse(a)) / DAY + 1;
/** Stored series the requested numbers read on each device: efficiency (0) reads work (1) and active (2). */
const STORED_NUMBERS = new Set(NUMBERS.flatMap((n) => (n === 0 ? [1, 2] : [n]))).size;
/** The interval the server must answer: the first from the requested one within its days and the values budget. */
const coarsened = (interval: TimeInterval, days: number, devices: number) =>
  TIME_INTERVALS.slice(TIME_INTERVALS.indexOf(interval)).find(
    (i) => i === 'year' || (days <= INTERVAL_MAX_DAYS[i] && maxCategories(i, days) * devices * STORED_NUMBERS <= DIAGNOSTICS_LIMITS.maxValues),
  )!;

describe.each(['ingest service', 'GROUP BY test fixture'] as const)('diagnostics equal plain SQL over raw readings (data through the %s)', (mode) => {
  let ctx: TestContext;
  let token: string;
  let companyId: number;
  let devices: TelemetryDevice[];
  let operatorIds: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    companyId = company.id;
    await setCompanyTimezone(db, company.id, TZ);
    // C crosses midnight and ends, A starts, in the hour that is skipped in March and repeated in October. They do
    // not overlap, so shifts are read from the shift rollup; the last block adds an overlapping one.
    await createShifts(db, company.id, [
      { name: 'A', hourStart: 2, hourEnd: 10 },
      { name: 'B', hourStart: 10, hourEnd: 18 },
      { name: 'C', hourStart: 18, hourEnd: 2 },
    ]);
    const user = await createUser(db, company.id);
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const typeId = await createDeviceType(db);
    devices = [await createTelemetryDevice(db, company.id, typeId, 'Eq 1'), await createTelemetryDevice(db, company.id, typeId, 'Eq 2')];
    operatorIds = [
      await createOperator(db, company.id, { firstname: 'Xavier', lastname: 'X', rfid: 'X1' }),
      await createOperator(db, company.id, { firstname: 'Yvonne', lastname: 'Y', rfid: 'Y1' }),
    ];
    const rand = random(SEED);
    for (const [index, device] of devices.entries()) {
      const readings = readingsFor(rand, index);
      if (mode === 'ingest service') await ingest(ctx.services, device, { readings });
      else await writeFixtureReadings(db, device, readings);
    }
    // RFID sessions (through the ingest in both modes: sessions are not rollups), one left open, one unknown card.
    const cards = ['X1', 'Y1', 'Z9'];
    for (const device of devices) {
      const events = [];
      for (const start of [Date.UTC(2026, 2, 28, 20), Date.UTC(2026, 9, 24, 20)]) {
        let t = start;
        for (let i = 0; i < 12; i++) {
          events.push({ ts: new Date(t), type: 'rfid_on' as const, rfid: cards[Math.floor(rand() * cards.length)]! });
          t += Math.floor(rand() * 5 * 3_600_000);
          if (rand() < 0.7) events.push({ ts: new Date(t), type: 'rfid_off' as const, rfid: null });
          t += Math.floor(rand() * 3_600_000) + 1000;
        }
      }
      await ctx.services.ingest.ingest(device.module, { readings: [], positions: [], events });
    }
  });
  afterAll(() => ctx?.close());

  const cases = [...FIXED_CASES, ...randomCases(random(SEED + 1), 20)];

  /** The device call against the raw reference; `shiftNames` are the company's shifts in order. */
  async function expectDeviceAnswer({ interval, from, to }: Case, shiftNames: string[]): Promise<void> {
    const deviceIds = devices.map((d) => d.id);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/devices/diagnostics/multiple?devices=${deviceIds}&parameterNumber=${NUMBERS}&interval=${interval}&from=${from}&to=${to}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = deviceDiagnosticsResponseSchema.parse(response.json());
    const days = inclusiveDays(from, to);
    expect(body.interval).toBe(interval === 'shifts' ? 'shifts' : coarsened(interval, days, deviceIds.length));
    const [first, last] = from <= to ? [from, to] : [to, from];
    const reference = await referenceAnswer(ctx.database.db, {
      interval: body.interval,
      from: first,
      to: last,
      timezone: TZ,
      companyId,
      deviceIds,
      numbers: [1, 2, 20, 21, 22, 23, 24],
    });
    expect(body.categories).toEqual(reference.categories);
    // The fixed cases all hold data, so they cannot pass by comparing empty answers.
    if (FIXED_CASES.some((c) => c.interval === interval && c.from === from && c.to === to)) expect(reference.cells.length).toBeGreaterThan(0);
    for (const entry of body.data) {
      for (const series of entry.parameters) {
        const label = `${entry.device.name} #${series.number}`;
        expectClose(series.values, expectedValues(reference, entry.device.id, series.number, null), label);
        if (body.interval === 'shifts') {
          expect(series.shifts!.map((s) => s.cat)).toEqual(shiftNames);
          series.shifts!.forEach((shift, position) =>
            expectClose(shift.values, expectedValues(reference, entry.device.id, series.number, position), `${label} shift ${shift.cat}`),
          );
        }
      }
    }
  }

  it.each(cases)('$interval from $from to $to', (c) => expectDeviceAnswer(c, ['A', 'B', 'C']));

  it.each(cases.filter((c): c is Case & { interval: TimeInterval } => c.interval !== 'shifts').slice(0, 14))(
    'operators: $interval from $from to $to',
    async ({ interval, from, to }) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/deviceoperators/diagnostics/multiple?deviceOperators=${operatorIds}&interval=${interval}&from=${from}&to=${to}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = operatorDiagnosticsResponseSchema.parse(response.json()).data;
      const [first, last] = from <= to ? [from, to] : [to, from];
      const reference = await referenceOperators(ctx.database.db, { interval: body.interval, from: first, to: last, timezone: TZ, operatorIds });
      expect(body.categories).toEqual(reference.categories);
      for (const entry of body.data) {
        for (const [key, number] of [
          ['work', 1],
          ['active', 2],
        ] as const) {
          const expected: (number | null)[] = reference.categories.map(() => null);
          for (const c of reference.cells) if (c.operatorId === entry.deviceOperator.id && c.number === number) expected[c.idx] = c.sum;
          expectClose(entry[key], expected, `${entry.deviceOperator.name} ${key}`);
        }
      }
    },
  );

  // The operator call reads days from the per-session daily totals, hours (and days, months and years of operators
  // in different timezones) from the per-session hourly totals, and 5 minutes from the 5-minute rollup: each path
  // must give the cells of the 5-minute one.
  it.each([
    ['hour', '2026-03-28', '2026-03-30'],
    ['hour', '2026-10-24', '2026-10-26'],
    ['day', '2026-03-20', '2026-04-05'],
    ['month', '2026-03-01', '2026-11-30'],
    ['year', '2025-12-01', '2026-11-30'],
  ] as const)('operators %s from %s to %s: the session totals equal the 5-minute rollup', async (interval, from, to) => {
    const repository = new OperatorActivityRepository(ctx.database.db);
    const plan = planTime(interval, normaliseRange(from, to), timeZone(TZ));
    const cells = (rows: OperatorActivityRow[]) => new Map(rows.map((r) => [`${r.operatorId}/${r.number}/${r.key}`, r.sum]));
    const fine = cells(await repository.activity([companyId], operatorIds, interval, TZ, plan.start, plan.end));
    const paths = [cells(await repository.hourlyActivity([companyId], operatorIds, interval, TZ, plan.start, plan.end))];
    if (interval !== 'hour') paths.push(cells(await repository.dailyActivity([companyId], operatorIds, interval, from, to)));
    expect(fine.size).toBeGreaterThan(0);
    for (const path of paths) {
      expect([...path.keys()].sort()).toEqual([...fine.keys()].sort());
      for (const [key, value] of fine) expect(path.get(key) ?? Number.NaN, key).toBeCloseTo(value, 6);
    }
  });

  // Shifts that do not overlap are read from the shift rollup (kept by the ingest, or rebuilt from the fixture's
  // 5-minute rollup); the range join over the hour rollup must give exactly the same cells.
  it.each([
    ['2026-03-27', '2026-03-31'],
    ['2026-10-23', '2026-10-27'],
    ['2025-11-20', '2026-02-10'],
  ])('shifts from %s to %s: the shift rollup equals the range join', async (from, to) => {
    const repository = new RollupRepository(ctx.database.db);
    const subjects = await repository.findDevices(
      { kind: 'all' },
      devices.map((d) => d.id),
    );
    const catalogue = new ParameterCatalogue(await repository.parametersOfTypes([...new Set(subjects.map((d) => d.deviceTypeId))]));
    const selection = selectionOf(subjects, storedNumbers(NUMBERS), catalogue);
    const plan = planShifts(normaliseRange(from, to), await repository.shiftsOf(companyId), timeZone(TZ));
    const cells = (columns: SeriesColumn[]) =>
      new Map(columns.flatMap((c) => c.keys.map((key, i) => [`${c.deviceId}/${c.number}/${key}`, c.values[i]] as const)));
    const rollup = cells(await repository.shiftCells(selection, from, to));
    const joined = cells(await repository.shiftColumns(selection, plan.windows));
    expect(rollup.size).toBeGreaterThan(0);
    expect([...rollup.keys()].sort()).toEqual([...joined.keys()].sort());
    for (const [key, value] of joined) {
      if (value === null || value === undefined) expect(rollup.get(key) ?? null, key).toBeNull();
      else expect(rollup.get(key) ?? Number.NaN, key).toBeCloseTo(value, 6);
    }
  });

  // Adding a shift rebuilds the shift rollup (a trigger); D overlaps the others, so shifts are then grouped from the
  // hour rollup per request, each bucket once in a date's total.
  describe('with a shift overlapping the others', () => {
    beforeAll(async () => {
      await ctx.database.db.insertInto('production_shifts').values({ company_id: companyId, position: 3, name: 'D', hour_start: 0, hour_end: 24 }).execute();
    });

    it.each(cases.filter((c) => c.interval === 'shifts'))('$interval from $from to $to', (c) => expectDeviceAnswer(c, ['A', 'B', 'C', 'D']));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { createModule, telemetrySnapshot } from './ingest-fixtures.ts';
import type { ReadingInput } from '../src/telemetry/types.ts';
import { createIngestService } from '../src/telemetry/ingest-service.ts';
import { ProductionShiftsRepository } from '../src/production-shifts/repository.ts';
import type { ShiftDefinition, ShiftWindow } from '../src/rollups/plans.ts';
import { normaliseRange, planShifts } from '../src/rollups/plans.ts';
import { timeZone } from '../src/time/time-zone.ts';

/**
 * The rollups kept by the ingest statement must equal the same aggregation done afterwards over the raw table, for
 * random data sent in random, overlapping, partly concurrent batches. The expected side is computed in JavaScript
 * (5-minute and hour buckets by arithmetic, local days and months with Intl, shift windows by the server's planner),
 * independently of the SQL under test.
 */

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20260329;
/** Windows around Europe/Warsaw's clock changes, and an ordinary winter day. */
const WINDOWS = [
  [Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 30, 12)],
  [Date.UTC(2026, 9, 24, 12), Date.UTC(2026, 9, 26, 12)],
  [Date.UTC(2026, 0, 14, 20), Date.UTC(2026, 0, 15, 6)],
] as const;
const TIMEZONES = ['Europe/Warsaw', 'Asia/Kathmandu'] as const;
/** Warsaw's shifts change in the hour clocks skip or repeat; Kathmandu's (+05:45) start at a quarter past a UTC hour. */
const SHIFTS: Record<(typeof TIMEZONES)[number], ShiftDefinition[]> = {
  'Europe/Warsaw': [
    { position: 0, name: 'A', hourStart: 2, hourEnd: 10 },
    { position: 1, name: 'B', hourStart: 10, hourEnd: 18 },
    { position: 2, name: 'C', hourStart: 18, hourEnd: 2 },
  ],
  'Asia/Kathmandu': [
    { position: 0, name: 'Day', hourStart: 6, hourEnd: 18 },
    { position: 1, name: 'Night', hourStart: 18, hourEnd: 6 },
  ],
};

interface Aggregate {
  sum: number;
  count: number;
  min: number;
  max: number;
  lastTs: number;
  lastValue: number;
}

function localDate(ms: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

function aggregate(rows: { key: string; ts: number; value: number }[]): Map<string, Aggregate> {
  const out = new Map<string, Aggregate>();
  for (const { key, ts, value } of rows) {
    const a = out.get(key);
    if (!a) {
      out.set(key, { sum: value, count: 1, min: value, max: value, lastTs: ts, lastValue: value });
      continue;
    }
    a.sum += value;
    a.count += 1;
    a.min = Math.min(a.min, value);
    a.max = Math.max(a.max, value);
    if (ts > a.lastTs) {
      a.lastTs = ts;
      a.lastValue = value;
    }
  }
  return out;
}

function expectSameAggregates(level: string, actual: Map<string, Aggregate>, expected: Map<string, Aggregate>): void {
  expect([...actual.keys()].sort(), level).toEqual([...expected.keys()].sort());
  for (const [key, e] of expected) {
    const a = actual.get(key)!;
    // Sums are added in a different order than here, so they may differ in the last bits.
    expect(Math.abs(a.sum - e.sum), `${level} ${key} sum`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(e.sum)));
    expect({ ...a, sum: 0 }, `${level} ${key}`).toEqual({ ...e, sum: 0 });
  }
}

type RawReading = { device: number; p: number; ts: number; value: number };
type Shifts = Record<(typeof TIMEZONES)[number], ShiftDefinition[]>;

/** A reading counts in a shift window when its 5-minute bucket starts inside it (the rollup is made of buckets). */
function expectedShiftCells(raw: RawReading[], timezoneOf: Map<number, string>, shifts: Shifts): Map<string, Aggregate> {
  const plans = new Map(TIMEZONES.map((tz) => [tz, planShifts(normaliseRange('2026-01-12', '2026-10-27'), shifts[tz], timeZone(tz))] as const));
  return aggregate(
    raw.flatMap((r) => {
      const plan = plans.get(timezoneOf.get(r.device) as (typeof TIMEZONES)[number])!;
      const bucket = r.ts - (r.ts % 300_000);
      return plan.windows
        .filter((w: ShiftWindow) => bucket >= w.start.getTime() && bucket < w.end.getTime())
        .map((w) => ({ key: `${r.device}/${r.p}/${plan.categories[w.dayIndex]}/${w.position}`, ts: r.ts, value: r.value }));
    }),
  );
}

type RollupTable = 'readings_5min' | 'readings_hour' | 'readings_day' | 'readings_month' | 'readings_shift';

async function rollupOf(db: Kysely<DB>, table: RollupTable): Promise<Map<string, Aggregate>> {
  const bucket =
    table === 'readings_day'
      ? sql<string>`day::text`
      : table === 'readings_month'
        ? sql<string>`month::text`
        : table === 'readings_shift'
          ? sql<string>`day::text || '/' || position`
          : sql<string>`(extract(epoch from bucket) * 1000)::bigint::text`;
  const rows = await sql<{
    device_id: number;
    parameter_number: number;
    b: string;
    sum: number;
    count: number;
    min: number;
    max: number;
    last_ts: Date;
    last_value: number;
  }>`
    select device_id, parameter_number, ${bucket} as b, sum, count, min, max, last_ts, last_value from ${sql.table(table)}`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      `${r.device_id}/${r.parameter_number}/${r.b}`,
      { sum: r.sum, count: r.count, min: r.min, max: r.max, lastTs: r.last_ts.getTime(), lastValue: r.last_value },
    ]),
  );
}

describe('rollups kept by ingest', () => {
  let ctx: TestContext;
  const modules: { module: TestModule; timezone: string; deviceId: number }[] = [];
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const timezone of TIMEZONES) {
      const company = await db()
        .insertInto('companies')
        .values({ name: `Rollups ${timezone} ${process.pid}`, timezone })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('production_shifts')
        .values(SHIFTS[timezone].map((s) => ({ company_id: company.id, position: s.position, name: s.name, hour_start: s.hourStart, hour_end: s.hourEnd })))
        .execute();
      for (let i = 0; i < 2; i++) {
        const deviceId = (await createDevice(db(), company.id)).id;
        modules.push({ module: await createModule(db(), company.id, deviceId), timezone, deviceId });
      }
    }
  });
  afterAll(() => ctx?.close());

  // Thousands of readings in racing batches of random size: seconds alone, but several times that on a machine busy
  // with other work, so its hang guard is wider than the suite's.
  it('equal the aggregation over raw readings, whatever the batching, order and repetition', { timeout: 180_000 }, async () => {
    const rand = random(SEED);
    const batches: { module: TestModule; readings: ReadingInput[] }[] = [];
    for (const { module } of modules) {
      const readings: ReadingInput[] = [];
      const seen = new Set<string>();
      for (const [from, to] of WINDOWS) {
        for (let i = 0; i < 1500; i++) {
          const parameter = [1, 2, 5][Math.floor(rand() * 3)]!;
          const ts = new Date(from + Math.floor(rand() * (to - from)));
          if (seen.has(`${parameter}@${ts.getTime()}`)) continue;
          seen.add(`${parameter}@${ts.getTime()}`);
          const value = Math.round((rand() * 2000 - 500) * 1000) / 1000;
          // Work and active time are never negative (INGEST_LIMITS.maxReadingSeconds); parameter 5 takes any sign.
          readings.push({ parameter, ts, value: parameter === 5 ? value : Math.abs(value) });
        }
      }
      // Random batch sizes; each reading once, plus a third of them sent again inside other batches.
      const shuffled = [...readings].sort(() => rand() - 0.5);
      for (let at = 0; at < shuffled.length;) {
        const size = 1 + Math.floor(rand() * 900);
        const repeats = readings.filter(() => rand() < 0.33 / 8);
        batches.push({ module, readings: [...shuffled.slice(at, at + size), ...repeats] });
        at += size;
      }
    }
    batches.sort(() => rand() - 0.5);
    // Four at a time: on PostgreSQL batches of one device really race for the same rollup rows.
    for (let at = 0; at < batches.length; at += 4) {
      await Promise.all(
        batches.slice(at, at + 4).map((b) => ctx.services.ingest.ingest(b.module.identity, { readings: b.readings, positions: [], events: [] })),
      );
    }
    const stored = await db().selectFrom('readings').select(['device_id', 'parameter_number', 'ts', 'value']).execute();
    expect(stored.length).toBe(new Set(batches.flatMap((b) => b.readings.map((r) => `${b.module.id}/${r.parameter}@${r.ts.getTime()}`))).size);

    const timezoneOf = new Map(modules.map((m) => [m.deviceId, m.timezone]));
    const raw = stored.map((r) => ({ device: r.device_id, p: r.parameter_number, ts: r.ts.getTime(), value: r.value }));
    const expected5 = aggregate(raw.map((r) => ({ key: `${r.device}/${r.p}/${r.ts - (r.ts % 300_000)}`, ts: r.ts, value: r.value })));
    const expectedHour = aggregate(raw.map((r) => ({ key: `${r.device}/${r.p}/${r.ts - (r.ts % 3_600_000)}`, ts: r.ts, value: r.value })));
    const expectedDay = aggregate(raw.map((r) => ({ key: `${r.device}/${r.p}/${localDate(r.ts, timezoneOf.get(r.device)!)}`, ts: r.ts, value: r.value })));

    const expectedMonth = aggregate(
      raw.map((r) => ({ key: `${r.device}/${r.p}/${localDate(r.ts, timezoneOf.get(r.device)!).slice(0, 7)}-01`, ts: r.ts, value: r.value })),
    );
    const expectedShift = expectedShiftCells(raw, timezoneOf, SHIFTS);

    expectSameAggregates('5min', await rollupOf(db(), 'readings_5min'), expected5);
    expectSameAggregates('hour', await rollupOf(db(), 'readings_hour'), expectedHour);
    expectSameAggregates('day', await rollupOf(db(), 'readings_day'), expectedDay);
    expectSameAggregates('month', await rollupOf(db(), 'readings_month'), expectedMonth);
    expect(expectedShift.size).toBeGreaterThan(0);
    expectSameAggregates('shift', await rollupOf(db(), 'readings_shift'), expectedShift);

    // The Warsaw days of the clock changes have 23 and 25 hours: their day rows hold exactly those hours.
    const warsawDevice = modules.find((m) => m.timezone === 'Europe/Warsaw')!.deviceId;
    for (const [day, from, to] of [
      ['2026-03-29', Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22)],
      ['2026-10-25', Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 23)],
    ] as const) {
      const inDay = raw.filter((r) => r.device === warsawDevice && r.p === 1 && r.ts >= from && r.ts < to).length;
      expect(expectedDay.get(`${warsawDevice}/1/${day}`)?.count, day).toBe(inDay);
    }
  });

  it('rebuilds the shift cells when a company changes its shifts', async () => {
    const timezoneOf = new Map(modules.map((m) => [m.deviceId, m.timezone]));
    const stored = await db().selectFrom('readings').select(['device_id', 'parameter_number', 'ts', 'value']).execute();
    const raw = stored.map((r) => ({ device: r.device_id, p: r.parameter_number, ts: r.ts.getTime(), value: r.value }));
    const warsaw = (
      await db().selectFrom('companies').select('id').where('timezone', '=', 'Europe/Warsaw').where('name', 'like', 'Rollups %').executeTakeFirstOrThrow()
    ).id;
    // B shortened, C moved: one statement updates two rows, then a third shift is added and removed again.
    await sql`update production_shifts set hour_end = case position when 1 then 16 else hour_end end,
      hour_start = case position when 2 then 16 else hour_start end where company_id = ${warsaw} and position in (1, 2)`.execute(db());
    const changed: Shifts = {
      ...SHIFTS,
      'Europe/Warsaw': [SHIFTS['Europe/Warsaw'][0]!, { ...SHIFTS['Europe/Warsaw'][1]!, hourEnd: 16 }, { ...SHIFTS['Europe/Warsaw'][2]!, hourStart: 16 }],
    };
    expectSameAggregates('changed shifts', await rollupOf(db(), 'readings_shift'), expectedShiftCells(raw, timezoneOf, changed));
    await db().insertInto('production_shifts').values({ company_id: warsaw, position: 3, name: 'D', hour_start: 0, hour_end: 24 }).execute();
    const added: Shifts = { ...changed, 'Europe/Warsaw': [...changed['Europe/Warsaw'], { position: 3, name: 'D', hourStart: 0, hourEnd: 24 }] };
    expectSameAggregates('added shift', await rollupOf(db(), 'readings_shift'), expectedShiftCells(raw, timezoneOf, added));
    await db().deleteFrom('production_shifts').where('company_id', '=', warsaw).where('position', '=', 3).execute();
    expectSameAggregates('removed shift', await rollupOf(db(), 'readings_shift'), expectedShiftCells(raw, timezoneOf, changed));
  });

  it('a saved list rebuilds the cells once from the hour rollup (whole-hour zones) or the 5-minute one, and a rename keeps them', async () => {
    const timezoneOf = new Map(modules.map((m) => [m.deviceId, m.timezone]));
    const stored = await db().selectFrom('readings').select(['device_id', 'parameter_number', 'ts', 'value']).execute();
    const raw = stored.map((r) => ({ device: r.device_id, p: r.parameter_number, ts: r.ts.getTime(), value: r.value }));
    const companyOf = async (timezone: string) =>
      (await db().selectFrom('companies').select('id').where('timezone', '=', timezone).where('name', 'like', 'Rollups %').executeTakeFirstOrThrow()).id;
    const repository = new ProductionShiftsRepository(db());
    // Warsaw's windows fall on whole UTC hours (DST days too): read from the hour rollup. Kathmandu's (+05:45) do not.
    const saved: Shifts = {
      'Europe/Warsaw': [
        { position: 0, name: 'Early', hourStart: 1, hourEnd: 9 },
        { position: 1, name: 'Late', hourStart: 9, hourEnd: 1 },
      ],
      'Asia/Kathmandu': [
        { position: 0, name: 'Day', hourStart: 7, hourEnd: 19 },
        { position: 1, name: 'Night', hourStart: 19, hourEnd: 7 },
      ],
    };
    for (const timezone of TIMEZONES) await repository.replace(await companyOf(timezone), saved[timezone]);
    expectSameAggregates('saved lists', await rollupOf(db(), 'readings_shift'), expectedShiftCells(raw, timezoneOf, saved));

    // A rename changes no window: the cells are not rewritten (their row versions stay), the names are stored.
    const versions = async () =>
      (await sql<{ v: string }>`select string_agg(xmin::text, ',' order by device_id, parameter_number, day, position) as v from readings_shift`.execute(db()))
        .rows[0]?.v;
    const before = await versions();
    const warsaw = await companyOf('Europe/Warsaw');
    await repository.replace(
      warsaw,
      saved['Europe/Warsaw'].map((shift) => ({ ...shift, name: `${shift.name} (renamed)` })),
    );
    expect(await versions()).toBe(before);
    expect((await repository.listOf(warsaw)).map((shift) => shift.name)).toEqual(['Early (renamed)', 'Late (renamed)']);
    for (const timezone of TIMEZONES) await repository.replace(await companyOf(timezone), SHIFTS[timezone]);
  });

  it('creates a month partition once when two instances need it at the same time, and again after it was dropped', async () => {
    const [a, b] = [createIngestService(db()), createIngestService(db())];
    const month = Date.UTC(2025, 2, 10);
    const batch = (from: number) => ({
      readings: Array.from({ length: 100 }, (_, i) => ({ parameter: 7, ts: new Date(from + i * 60_000), value: i })),
      positions: [],
      events: [],
    });
    const [first, second] = await Promise.all([a.ingest(modules[0]!.module.identity, batch(month)), b.ingest(modules[1]!.module.identity, batch(month))]);
    expect([first.readings, second.readings]).toEqual([100, 100]);
    const partitions = await sql<{ name: string }>`select relname as name from pg_class where relname = 'readings_y2025m03'`.execute(db());
    expect(partitions.rows).toHaveLength(1);
    // Retention dropped the month; the instance that remembers creating it notices and creates it again.
    await sql`delete from readings_5min where parameter_number = 7`.execute(db());
    await sql`delete from readings_hour where parameter_number = 7`.execute(db());
    await sql`delete from readings_day where parameter_number = 7`.execute(db());
    await sql`drop table readings_y2025m03`.execute(db());
    expect((await a.ingest(modules[0]!.module.identity, batch(month + 3_600_000))).readings).toBe(100);
    expect(await db().selectFrom('readings').select('ts').where('parameter_number', '=', 7).execute()).toHaveLength(100);
  });

  it('changes nothing when every batch is sent once more', async () => {
    const before = await telemetrySnapshot(db());
    const rows = await db().selectFrom('readings').select(['device_id', 'parameter_number', 'ts', 'value']).execute();
    for (const { module, deviceId } of modules) {
      const readings = rows.filter((r) => r.device_id === deviceId).map((r) => ({ parameter: r.parameter_number, ts: r.ts, value: r.value + 1 }));
      const result = await ctx.services.ingest.ingest(module.identity, { readings, positions: [], events: [] });
      expect(result).toMatchObject({ readings: 0, duplicates: readings.length });
    }
    expect(await telemetrySnapshot(db())).toEqual(before);
  });
});

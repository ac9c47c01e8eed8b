import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { efficiencyPercent } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import type { ReportDataset } from '../../../test/report-builders-dataset.ts';
import {
  CollectingSink,
  at,
  bucketOf,
  buildReportDataset,
  localDate,
  minutesBy,
  sessionAt,
  shiftOf,
  subjectOf,
} from '../../../test/report-builders-dataset.ts';
import { createCompany } from '../../../test/fixtures.ts';
import {
  TEST_PARAMETERS,
  createDeviceType,
  createOperator,
  createShifts,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from '../../../test/telemetry-fixtures.ts';
import { SUMMARY_SECTION_TITLE, workersWorkReport } from './workers-work.ts';

interface Expected {
  work: number;
  activity: number;
  'card-time': number;
  efficiency: number;
  devices: number;
  sessions: number;
}

/** Per operator and window key, from the raw sessions and readings; sessions and devices counted by their card time. */
function expectedTallies(data: ReportDataset, keyOf: (instant: number) => string | null, periodEnd: Date): Map<string, Expected> {
  const raw = new Map<string, { work: number; active: number; card: number; sessions: Set<number>; devices: Set<number> }>();
  const of = (key: string) => raw.get(key) ?? raw.set(key, { work: 0, active: 0, card: 0, sessions: new Set(), devices: new Set() }).get(key)!;
  data.sessions.forEach((s, index) => {
    const end = Math.min(s.end?.getTime() ?? Infinity, periodEnd.getTime());
    for (const [key, seconds] of minutesBy(s.start.getTime(), end, keyOf)) {
      const tally = of(`${s.operator}|${key}`);
      tally.card += seconds;
      tally.sessions.add(index);
      tally.devices.add(s.device);
    }
  });
  for (const r of data.readings) {
    const bucket = bucketOf(r.ts);
    const session = sessionAt(data.sessions, r.device, bucket);
    const key = keyOf(bucket);
    if (!session || key === null || r.parameter === 3) continue;
    of(`${session.operator}|${key}`)[r.parameter === 1 ? 'work' : 'active'] += r.value;
  }
  return new Map(
    [...raw].map(([key, t]) => [
      key,
      {
        work: t.work,
        activity: t.active,
        'card-time': t.card,
        efficiency: efficiencyPercent(t.work, t.active),
        devices: t.devices.size,
        sessions: t.sessions.size,
      },
    ]),
  );
}

const ZERO: Expected = { work: 0, activity: 0, 'card-time': 0, efficiency: 0, devices: 0, sessions: 0 };
const measures = (r: Record<string, unknown>): Expected => ({
  work: r.work as number,
  activity: r.activity as number,
  'card-time': r['card-time'] as number,
  efficiency: r.efficiency as number,
  devices: r.devices as number,
  sessions: r.sessions as number,
});

describe('workers work report', () => {
  let ctx: TestContext;
  let data: ReportDataset;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const run = async (fields: Parameters<typeof subjectOf>[1], scope = data.scope) => {
    const sink = new CollectingSink();
    const outcome = await workersWorkReport.write(ctx.database.db, scope, subjectOf('workers-work-report', fields), sink);
    return { sink, outcome };
  };

  it('gives each operator a row per local date equal to the raw aggregation, with totals and a summary of everyone', async () => {
    const { sink, outcome } = await run({ operatorGroupIds: [data.operatorGroups.crew], operatorIds: [data.operators.celina], interval: 'day' });
    expect(outcome.empty).toBe(false);
    // The operators asked for by id first, then the group's members by last name.
    expect(sink.sections.map((s) => s.title)).toEqual(['Wiśniewska Celina', 'Kowal Bartek', 'Nowak Anna', SUMMARY_SECTION_TITLE]);
    const expected = expectedTallies(data, localDate, at('2026-10-27T00:00+01:00'));
    const ids = [data.operators.celina, data.operators.bartek, data.operators.anna];
    ids.forEach((operator, i) => {
      const records = sink.records(i);
      expect(records.map((r) => r.date)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26', undefined].map((d) => d ?? null));
      for (const r of records.slice(0, -1)) expect(measures(r), `${operator} ${String(r.date)}`).toEqual(expected.get(`${operator}|${String(r.date)}`) ?? ZERO);
    });
    // Anna: two sessions on two devices, the first across midnight, counted once in her totals.
    const anna = sink.records(2).at(-1)!;
    expect(anna.sessions).toBe(2);
    expect(anna.devices).toBe(2);
    expect(anna['card-time']).toBe((11 + 8.5) * 3600);
    const summary = sink.records(3);
    expect(summary.map((r) => r['first-name'])).toEqual(['Celina', 'Bartek', 'Anna', null]);
    expect(summary.at(-1)!.sessions).toBe(data.sessions.length);
    expect(summary.at(-1)!.work).toBe(summary.slice(0, -1).reduce((sum, r) => sum + Number(r.work), 0));
  });

  it('by shifts, splits the work at the shift windows, the night shift on the date it starts (through the 25-hour night)', async () => {
    const { sink } = await run({ operatorIds: [data.operators.anna, data.operators.celina], interval: 'shifts' });
    const keyOf = (instant: number) => {
      const shift = shiftOf(instant);
      return shift && shift.date >= '2026-10-24' ? `${shift.date}/${shift.shift}` : null;
    };
    const expected = expectedTallies(data, keyOf, at('2026-10-27T06:00+01:00'));
    for (const [i, operator] of [data.operators.anna, data.operators.celina].entries()) {
      const records = sink.records(i);
      expect(records).toHaveLength(3 * 3 + 1);
      for (const r of records.slice(0, -1))
        expect(measures(r), `${operator} ${String(r.date)}/${String(r.shift)}`).toEqual(
          expected.get(`${operator}|${String(r.date)}/${String(r.shift)}`) ?? ZERO,
        );
    }
    expect(sink.records(0).find((r) => r.date === '2026-10-24' && r.shift === 'III')!['card-time']).toBe(9 * 3600);
  });

  it('sums whole months from the per-session days', async () => {
    const days = await run({ operatorIds: [data.operators.anna], interval: 'day' });
    const month = await run({ operatorIds: [data.operators.anna], interval: 'month', from: '2026-10-01', to: '2026-11-30' });
    const records = month.sink.records(0);
    expect(records.map((r) => [r.from, r.to])).toEqual([
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      [null, null],
    ]);
    expect(measures(records[0]!)).toEqual(measures(days.sink.records(0).at(-1)!));
    expect(measures(records[1]!)).toEqual(ZERO);
  });

  it('by shifts of a half-hour zone, reads the 5-minute rollup inside the sessions (the session hours do not tile the shifts)', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    await setCompanyTimezone(db, company.id, 'Asia/Kolkata');
    await createShifts(db, company.id, [
      { name: 'Day', hourStart: 6, hourEnd: 14 },
      { name: 'Night', hourStart: 22, hourEnd: 6 },
    ]);
    const device = await createTelemetryDevice(
      db,
      company.id,
      await createDeviceType(
        db,
        TEST_PARAMETERS.filter((p) => p.number <= 2),
      ),
      'Kiln',
    );
    const ravi = await createOperator(db, company.id, { firstname: 'Ravi', lastname: 'Rao', rfid: 'CARD-R' });
    // India keeps UTC+05:30 all year: the Day shift of the 25th is 00:30–08:30 UTC.
    const ist = (day: number, hour: number, minute = 0) => Date.UTC(2026, 9, day, hour, minute) - 330 * 60_000;
    const [start, end] = [ist(25, 5), ist(25, 15)];
    const readings = Array.from({ length: 144 }, (_, i) => ({ ts: new Date(ist(25, 0, 2) + i * 600_000), work: (i % 5) * 20 }));
    await ingest(
      ctx.services,
      { ...device },
      {
        readings: readings.flatMap((r) => [
          { parameter: 1, ts: r.ts, value: r.work },
          { parameter: 2, ts: r.ts, value: 60 },
        ]),
        events: [
          { ts: new Date(start), type: 'rfid_on', rfid: 'CARD-R' },
          { ts: new Date(end), type: 'rfid_off', rfid: 'CARD-R' },
        ],
      },
    );
    const sink = new CollectingSink();
    await workersWorkReport.write(
      db,
      { companyId: company.id, timezone: 'Asia/Kolkata' },
      subjectOf('workers-work-report', { operatorIds: [ravi], interval: 'shifts', from: '2026-10-25', to: '2026-10-25' }),
      sink,
    );
    const inDay = readings.filter((r) => {
      const bucket = bucketOf(r.ts);
      return bucket >= Math.max(start, ist(25, 6)) && bucket < Math.min(end, ist(25, 14));
    });
    const work = inDay.reduce((sum, r) => sum + r.work, 0);
    expect(sink.records(0).map(measures)).toEqual([
      { work, activity: inDay.length * 60, 'card-time': 8 * 3600, efficiency: efficiencyPercent(work, inDay.length * 60), devices: 1, sessions: 1 },
      ZERO,
      { work, activity: inDay.length * 60, 'card-time': 8 * 3600, efficiency: efficiencyPercent(work, inDay.length * 60), devices: 1, sessions: 1 },
    ]);
  });

  it("never counts another company's operators or sessions", async () => {
    const { sink, outcome } = await run({ operatorIds: [data.operators.zed], operatorGroupIds: [data.operatorGroups.strangers] });
    expect(outcome.empty).toBe(true);
    expect(sink.sections.map((s) => s.title)).toEqual([SUMMARY_SECTION_TITLE]);
    expect(sink.records(0)).toEqual([{ 'last-name': null, 'first-name': null, ...ZERO }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { deviceOperatorsReport } from './device-operators.ts';

/** The same rows computed from the raw readings and card sessions: operator × local date (or shift) × device. */
function expectedRows(data: ReportDataset, keyOf: (instant: number) => string | null, periodEnd: Date) {
  const rows = new Map<string, { card: number; work: number; active: number }>();
  const rowOf = (key: string) => rows.get(key) ?? rows.set(key, { card: 0, work: 0, active: 0 }).get(key)!;
  for (const s of data.sessions) {
    const end = Math.min(s.end?.getTime() ?? Infinity, periodEnd.getTime());
    for (const [key, seconds] of minutesBy(s.start.getTime(), end, keyOf)) rowOf(`${s.operator}|${key}|${s.device}`).card += seconds;
  }
  for (const r of data.readings) {
    const bucket = bucketOf(r.ts);
    const session = sessionAt(data.sessions, r.device, bucket);
    const key = keyOf(bucket);
    if (!session || key === null || r.parameter === 3 || bucket >= periodEnd.getTime()) continue;
    rowOf(`${session.operator}|${key}|${r.device}`)[r.parameter === 1 ? 'work' : 'active'] += r.value;
  }
  return rows;
}

describe('device operators report', () => {
  let ctx: TestContext;
  let data: ReportDataset;
  const periodEnd = at('2026-10-27T00:00+01:00');

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildReportDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const run = async (fields: Parameters<typeof subjectOf>[1], scope = data.scope) => {
    const sink = new CollectingSink();
    const outcome = await deviceOperatorsReport.write(ctx.database.db, scope, subjectOf('device-operators-report', fields), sink);
    return { sink, outcome };
  };

  it('has a row per operator, local date and device equal to the raw sessions and readings, split at local midnight (25-hour day included)', async () => {
    const { sink, outcome } = await run({ operatorGroupIds: [data.operatorGroups.crew], operatorIds: [data.operators.celina], interval: 'day' });
    expect(outcome.empty).toBe(false);
    expect(sink.sections.map((s) => s.title)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(sink.sections[0]!.columns.map((c) => c.title)).toEqual([
      'reports.column.last-name',
      'reports.column.first-name',
      'reports.column.date',
      'reports.column.card-time',
      'reports.column.unit',
      'reports.column.device',
      'reports.column.work',
      'reports.column.activity',
    ]);
    const names = new Map([
      [data.operators.anna, ['Nowak', 'Anna']],
      [data.operators.bartek, ['Kowal', 'Bartek']],
      [data.operators.celina, ['Wiśniewska', 'Celina']],
    ]);
    const devices = new Map([
      [data.lathe.id, ['Assembly line, Hall 1', 'Lathe']],
      [data.mill.id, ['Assembly line', 'Mill']],
    ]);
    const actual = sink.sections.flatMap((_, i) => sink.records(i).slice(0, -1));
    const expected = [...expectedRows(data, localDate, periodEnd)].map(([key, v]) => {
      const [operator, date, device] = key.split('|').map((part, i) => (i === 1 ? part : Number(part))) as [number, string, number];
      return {
        'last-name': names.get(operator)![0],
        'first-name': names.get(operator)![1],
        date,
        'card-time': v.card,
        unit: devices.get(device)![0],
        device: devices.get(device)![1],
        work: v.work,
        activity: v.active,
      };
    });
    const order = (r: Record<string, unknown>) => `${String(r.date)}|${String(r['last-name'])}|${String(r.device)}`;
    expect([...actual].sort((a, b) => order(a).localeCompare(order(b)))).toEqual(expected.sort((a, b) => order(a).localeCompare(order(b))));
    // Anna's session 21:00 → 07:00 across the night the clocks go back: 3 hours on the 24th, 8 on the 25th.
    const anna = actual.filter((r) => r['first-name'] === 'Anna' && r.device === 'Lathe');
    expect(anna.map((r) => [r.date, r['card-time']])).toEqual([
      ['2026-10-24', 3 * 3600],
      ['2026-10-25', 8 * 3600],
    ]);
    // Every section ends with its totals.
    for (const [i, section] of sink.sections.entries()) {
      const rows = sink.records(i);
      const totals = rows.at(-1)!;
      expect(section.totals).toBe(true);
      expect(totals['card-time']).toBe(rows.slice(0, -1).reduce((sum, r) => sum + Number(r['card-time']), 0));
      expect(totals.work).toBe(rows.slice(0, -1).reduce((sum, r) => sum + Number(r.work), 0));
    }
    expect(sink.progressValues.at(-1)).toBe(1);
  });

  it('groups the dates into a week section and, by shifts, gives a row per shift with the night shift on the date it starts', async () => {
    const week = await run({ operatorIds: [data.operators.anna], interval: 'week' });
    // 2026-10-24 is a Saturday: the rest of its week, then the week from Monday the 26th, both clipped to the period.
    expect(week.sink.sections.map((s) => s.title)).toEqual(['2026-10-24 – 2026-10-25', '2026-10-26 – 2026-10-26']);

    const { sink } = await run({ operatorIds: [data.operators.anna, data.operators.bartek, data.operators.celina], interval: 'shifts' });
    expect(sink.sections[0]!.columns.map((c) => c.key)).toContain('shift');
    const keyOf = (instant: number) => {
      const shift = shiftOf(instant);
      return shift && shift.date >= '2026-10-24' ? `${shift.date}/${shift.shift}` : null;
    };
    const expected = expectedRows(data, keyOf, at('2026-10-27T06:00+01:00'));
    const actual = new Map(
      sink.sections.flatMap((_, i) =>
        sink
          .records(i)
          .slice(0, -1)
          .map(
            (r) =>
              [
                `${String(r['first-name'])}|${String(r.date)}/${String(r.shift)}|${String(r.device)}`,
                { card: r['card-time'], work: r.work, active: r.activity },
              ] as const,
          ),
      ),
    );
    const name = (id: number) => (id === data.operators.anna ? 'Anna' : id === data.operators.bartek ? 'Bartek' : 'Celina');
    const device = (id: number) => (id === data.lathe.id ? 'Lathe' : 'Mill');
    expect(actual).toEqual(
      new Map(
        [...expected].map(([key, v]) => {
          const [operator, window, deviceId] = key.split('|');
          return [`${name(Number(operator))}|${window}|${device(Number(deviceId))}`, v];
        }),
      ),
    );
    // Shift III of the 24th runs 22:00 → 06:00 through the repeated hour: 9 hours, all of them Anna's.
    expect(actual.get('Anna|2026-10-24/III|Lathe')?.card).toBe(9 * 3600);
  });

  it("never shows another company's operators, groups or sessions, also when their ids are asked for", async () => {
    const { sink, outcome } = await run({ operatorIds: [data.operators.zed], operatorGroupIds: [data.operatorGroups.strangers] });
    expect(outcome.empty).toBe(true);
    expect(sink.sections).toEqual([]);
    const mixed = await run({ operatorIds: [data.operators.zed, data.operators.anna] });
    const names = mixed.sink.sections.flatMap((_, i) =>
      mixed.sink
        .records(i)
        .slice(0, -1)
        .map((r) => r['first-name']),
    );
    expect(new Set(names)).toEqual(new Set(['Anna']));
    // The other company's own report sees Zed (same card number as Anna) and nothing of the first company.
    const theirs = await run({ operatorIds: [data.operators.zed, data.operators.anna] }, data.otherScope);
    const theirNames = theirs.sink.sections.flatMap((_, i) =>
      theirs.sink
        .records(i)
        .slice(0, -1)
        .map((r) => `${String(r['first-name'])}@${String(r.device)}`),
    );
    expect(new Set(theirNames)).toEqual(new Set(['Zed@Stranger lathe']));
  });
});

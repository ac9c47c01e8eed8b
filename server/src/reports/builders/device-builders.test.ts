import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportCell } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import type { DeviceReportsDataset } from './test/device-reports-dataset.ts';
import { TIMEZONE, buildDeviceReportsDataset } from './test/device-reports-dataset.ts';
import type { RawSums } from './test/raw-reference.ts';
import { rawDaySums, rawShiftSums, rawWorkedDaysAndOperators } from './test/raw-reference.ts';
import { cellsOf, datesBetween, plus, runReport, zero } from './test/run-report.ts';

/**
 * The aggregating device reports (efficiency, device efficiency, devices work) against the same sums computed from
 * the raw readings with PostgreSQL's time-zone arithmetic: local dates, Monday weeks, months and the company's shifts
 * (a night shift across midnight), over both clock changes of 2026 in Warsaw.
 */
describe('aggregating device reports', () => {
  let ctx: TestContext;
  let data: DeviceReportsDataset;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDeviceReportsDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const sumOver = (sums: Map<string, RawSums>, deviceIds: number[], dates: string[]) =>
    deviceIds.reduce((total, id) => dates.reduce((t, date) => plus(t, sums.get(`${id}:${date}`)), total), zero());
  const worked = (sums: Map<string, RawSums>, deviceIds: number[], dates: string[]) => deviceIds.filter((id) => sumOver(sums, [id], dates).work > 0).length;

  it('efficiency report: a section per group and one for all devices, a row per local date (the 25-hour day included), totals last', async () => {
    // 22 October has no readings: no device worked then.
    const from = '2026-10-22';
    const to = '2026-10-27';
    const doc = await runReport(db(), data.scope, 'efficiency-report', { from, to, groups: [data.yard, data.line, data.emptyGroup] });
    const raw = await rawDaySums(db(), [data.lift.id, data.press.id, data.crane.id], from, to, TIMEZONE);
    const dates = datesBetween(from, to);
    const sections: [string, number[]][] = [
      ['Line', [data.lift.id, data.press.id]],
      ['Nobody', []],
      ['Yard', [data.crane.id]],
      ['reports.section.all-devices', [data.crane.id, data.lift.id, data.press.id]],
    ];
    expect(doc.empty).toBe(false);
    expect(doc.sections.map((s) => s.title)).toEqual(sections.map(([title]) => title));
    for (const [index, [, ids]] of sections.entries()) {
      const section = doc.sections[index]!;
      expect(section.columns.map((c) => c.key)).toEqual(['period', 'devices', 'work', 'active', 'efficiency', 'counter']);
      expect(section.totals).toBe(true);
      const expected: ReportCell[][] = dates.map((date) => [date, worked(raw, ids, [date]), ...cellsOf(sumOver(raw, ids, [date]))]);
      expected.push([null, worked(raw, ids, dates), ...cellsOf(sumOver(raw, ids, dates))]);
      expect(section.rows).toEqual(expected);
    }
    // The 25-hour day really holds 25 hours of readings (a reading every 7 minutes, some hours idle).
    expect(sumOver(raw, [data.lift.id], ['2026-10-25']).work).toBeGreaterThan(sumOver(raw, [data.lift.id], ['2026-10-24']).work * 0.9);
  });

  it('efficiency report by weeks from Monday, across the 23-hour day of 29 March', async () => {
    const from = '2026-03-25';
    const to = '2026-04-02';
    const doc = await runReport(db(), data.scope, 'efficiency-report', { from, to, interval: 'week', devices: [data.press.id] });
    const raw = await rawDaySums(db(), [data.press.id], from, to, TIMEZONE);
    const weeks: [string, string[]][] = [
      ['2026-03-25 – 2026-03-29', datesBetween('2026-03-25', '2026-03-29')],
      ['2026-03-30 – 2026-04-02', datesBetween('2026-03-30', '2026-04-02')],
    ];
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.rows).toEqual([
      ...weeks.map(([label, dates]) => [label, worked(raw, [data.press.id], dates), ...cellsOf(sumOver(raw, [data.press.id], dates))]),
      [null, 1, ...cellsOf(sumOver(raw, [data.press.id], datesBetween(from, to)))],
    ]);
    expect(doc.sections[0]!.rows[0]![2]).toBeGreaterThan(0);
  });

  it('efficiency report by shifts: the night shift runs from 22:00 to 06:00 the next date, 9 hours on the night clocks go back', async () => {
    const from = '2026-10-24';
    const to = '2026-10-25';
    const ids = [data.lift.id, data.press.id];
    const doc = await runReport(db(), data.scope, 'efficiency-report', { from, to, interval: 'shifts', devices: ids });
    const raw = await rawShiftSums(db(), data.company.id, ids, from, to, TIMEZONE);
    const cells = (date: string, position: number) => ids.reduce((t, id) => plus(t, raw.get(`${id}:${date}:${position}`)), zero());
    const expected = datesBetween(from, to).flatMap((date) =>
      ['I', 'II', 'III'].map((name, position) => [
        `${date} ${name}`,
        ids.filter((id) => (raw.get(`${id}:${date}:${position}`)?.work ?? 0) > 0).length,
        ...cellsOf(cells(date, position)),
      ]),
    );
    const rows = doc.sections[0]!.rows;
    expect(rows.slice(0, -1)).toEqual(expected);
    expect(rows[2]![2]).toBeGreaterThan(0);
    const total = datesBetween(from, to).reduce((t, date) => [0, 1, 2].reduce((u, p) => plus(u, cells(date, p)), t), zero());
    expect(rows[rows.length - 1]).toEqual([null, 2, ...cellsOf(total)]);
  });

  it('answers 400 on the interval when shifts are asked of a company without production shifts', async () => {
    const noShifts = { companyId: data.other.company.id, timezone: TIMEZONE };
    await expect(
      runReport(db(), noShifts, 'efficiency-report', { from: '2026-10-24', to: '2026-10-25', interval: 'shifts', devices: [data.other.device.id] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      errors: { interval: ['monitor.message.no-shifts-defined'] },
    });
  });

  it('device efficiency report: a section per device by name, a row per month, totals', async () => {
    const from = '2026-03-15';
    const to = '2026-10-31';
    const ids = [data.press.id, data.lift.id];
    const doc = await runReport(db(), data.scope, 'device-efficiency-report', { from, to, interval: 'month', devices: ids });
    const raw = await rawDaySums(db(), ids, from, to, TIMEZONE);
    const months = ['2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
    const datesOf = (month: string) => datesBetween(from, to).filter((d) => d.startsWith(month));
    expect(doc.sections.map((s) => s.title)).toEqual(['Lift', 'Press']);
    for (const [section, id] of [
      [doc.sections[0]!, data.lift.id],
      [doc.sections[1]!, data.press.id],
    ] as const) {
      expect(section.columns.map((c) => c.key)).toEqual(['period', 'work', 'active', 'efficiency', 'counter']);
      expect(section.rows).toEqual([
        ...months.map((m) => [m, ...cellsOf(sumOver(raw, [id], datesOf(m)))]),
        [null, ...cellsOf(sumOver(raw, [id], datesBetween(from, to)))],
      ]);
    }
  });

  it('devices work report: per device over the period, work per shift, days worked and operators; totals count each day and operator once', async () => {
    const from = '2026-10-23';
    const to = '2026-10-26';
    const ids = [data.crane.id, data.lift.id, data.press.id];
    const doc = await runReport(db(), data.scope, 'devices-work-report', { from, to, interval: 'week', groups: [data.line, data.yard] });
    const raw = await rawDaySums(db(), ids, from, to, TIMEZONE);
    const shifts = await rawShiftSums(db(), data.company.id, ids, from, to, TIMEZONE);
    const { days, operators } = await rawWorkedDaysAndOperators(db(), ids, from, to, TIMEZONE);
    const dates = datesBetween(from, to);
    const shiftWork = (id: number, position: number) => dates.reduce((sum, date) => sum + (shifts.get(`${id}:${date}:${position}`)?.work ?? 0), 0);
    const section = doc.sections[0]!;
    expect(section.columns.map((c) => c.key)).toEqual([
      'device',
      'work',
      'active',
      'efficiency',
      'counter',
      'work-shift-0',
      'work-shift-1',
      'work-shift-2',
      'days-worked',
      'operators',
    ]);
    expect(section.columns.slice(5, 8).map((c) => c.title)).toEqual(['I', 'II', 'III']);
    const row = (name: string, id: number) => [
      name,
      ...cellsOf(sumOver(raw, [id], dates)),
      shiftWork(id, 0),
      shiftWork(id, 1),
      shiftWork(id, 2),
      days.get(id)?.size ?? 0,
      operators.get(id)?.size ?? 0,
    ];
    const allDays = new Set([...days.values()].flatMap((s) => [...s]));
    const allOperators = new Set([...operators.values()].flatMap((s) => [...s]));
    const sumShift = (position: number) => ids.reduce((sum, id) => sum + shiftWork(id, position), 0);
    expect(section.rows).toEqual([
      row('Crane', data.crane.id),
      row('Lift', data.lift.id),
      row('Press', data.press.id),
      [null, ...cellsOf(sumOver(raw, ids, dates)), sumShift(0), sumShift(1), sumShift(2), allDays.size, allOperators.size],
    ]);
    // Anna and Bartek on the lift; the press's card is unknown and in March.
    expect(section.rows[1]!.slice(-2)).toEqual([4, 2]);
    expect(section.rows[2]!.at(-1)).toBe(0);
  });

  it("reports only the company: another company's device and group ids are left out without a word", async () => {
    const selection = { from: '2026-10-23', to: '2026-10-27' };
    const own = await runReport(db(), data.scope, 'device-efficiency-report', { ...selection, devices: [data.lift.id] });
    const mixed = await runReport(db(), data.scope, 'device-efficiency-report', {
      ...selection,
      devices: [data.lift.id, data.other.device.id],
      groups: [data.other.group],
    });
    expect(mixed).toEqual(own);
    const foreign = await runReport(db(), data.scope, 'efficiency-report', { ...selection, devices: [data.other.device.id], groups: [data.other.group] });
    expect(foreign.empty).toBe(true);
    expect(foreign.sections.map((s) => s.title)).toEqual(['reports.section.all-devices']);
    expect(foreign.sections[0]!.rows.every((r) => r.slice(1).every((cell) => cell === 0))).toBe(true);
    // The other company asking for this company's devices sees nothing of them either.
    const reverse = await runReport(db(), data.other.scope, 'devices-work-report', { ...selection, devices: [data.lift.id, data.press.id] });
    expect(reverse.empty).toBe(true);
    expect(reverse.sections[0]!.rows).toEqual([[null, 0, 0, 0, 0, 0, 0]]);
  });

  it('says a period without readings is empty and still writes its tables', async () => {
    const doc = await runReport(db(), data.scope, 'device-efficiency-report', { from: '2026-06-01', to: '2026-06-03', devices: [data.lift.id] });
    expect(doc.empty).toBe(true);
    expect(doc.sections[0]!.rows).toEqual([
      ['2026-06-01', 0, 0, 0, 0],
      ['2026-06-02', 0, 0, 0, 0],
      ['2026-06-03', 0, 0, 0, 0],
      [null, 0, 0, 0, 0],
    ]);
  });
});

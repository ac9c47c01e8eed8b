import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportCell, ReportDocument } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { writeReport } from '../screens/data-service.ts';
import { MemorySink, ReportSinkFull } from '../generation/memory-sink.ts';
import { WorkRollupRepository } from '../../rollups/work-repository.ts';
import type { ReportSink, ReportSubject } from '../model.ts';
import type { DeviceReportsDataset } from './test/device-reports-dataset.ts';
import { TIMEZONE, buildDeviceReportsDataset } from './test/device-reports-dataset.ts';
import { rawDetailRows, rawQuarterHours } from './test/raw-reference.ts';
import { runReport } from './test/run-report.ts';

/**
 * The two grids of 5 and 15 minutes against raw readings (the 25-hour and 23-hour days, a card session across
 * midnight into the repeated hour, an unknown card), and the work details' reading in slices: rows arrive in
 * chunks of at most a week of one device, never the whole range at once.
 */
describe('work details and the work matrix', () => {
  let ctx: TestContext;
  let data: DeviceReportsDataset;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDeviceReportsDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const detailRows = (raw: Awaited<ReturnType<typeof rawDetailRows>>) => raw.map((r) => [r.time, r.work, r.active, r.counter, r.operator]);
  const totalsOf = (rows: ReportCell[][]) => [null, ...[1, 2, 3].map((i) => rows.reduce((sum, row) => sum + Number(row[i]), 0)), null];

  it('work details: a section per device and local date, a row per 5-minute bucket with the operator of its start, totals', async () => {
    const doc = await runReport(db(), data.scope, 'device-work-details-report', {
      from: '2026-10-24',
      to: '2026-10-25',
      devices: [data.press.id, data.lift.id],
    });
    expect(doc.sections.map((s) => s.title)).toEqual(['Lift · 2026-10-24', 'Press · 2026-10-24', 'Lift · 2026-10-25', 'Press · 2026-10-25']);
    for (const [index, [device, date]] of (
      [
        [data.lift, '2026-10-24'],
        [data.press, '2026-10-24'],
        [data.lift, '2026-10-25'],
        [data.press, '2026-10-25'],
      ] as const
    ).entries()) {
      const expected = detailRows(await rawDetailRows(db(), device.id, date, date, TIMEZONE));
      const section = doc.sections[index]!;
      expect(section.columns.map((c) => c.key)).toEqual(['time', 'work', 'active', 'counter', 'operator']);
      expect(section.rows).toEqual([...expected, totalsOf(expected)]);
    }
    const lift25 = doc.sections[2]!.rows;
    // The 25-hour day: the repeated hour's buckets appear twice, in time order; Anna's card (out at the second 02:30)
    // holds the first half hour of both passes — more buckets than one half hour has.
    const repeated = lift25.filter((r) => String(r[0]) >= '2026-10-25T02:00' && String(r[0]) < '2026-10-25T02:30');
    expect(repeated.length).toBeGreaterThan(6);
    expect(new Set(repeated.map((r) => r[4]))).toEqual(new Set(['Nowak Anna']));
    expect(lift25.length).toBeGreaterThan(doc.sections[0]!.rows.length);
    const operatorsBetween = (rows: ReportCell[][], from: string, to: string) =>
      new Set(rows.filter((r) => String(r[0]) >= from && String(r[0]) < to).map((r) => r[4]));
    expect(operatorsBetween(lift25, '2026-10-25T05:00', '2026-10-25T09:00')).toEqual(new Set(['Kowal Bartek']));
    expect(operatorsBetween(lift25, '2026-10-25T09:00', '2026-10-26T00:00')).toEqual(new Set([null]));
    expect(operatorsBetween(doc.sections[1]!.rows, '2026-10-24T10:00', '2026-10-24T12:00')).toEqual(new Set(['CARD-X']));
  });

  it('work details by month read in weekly slices: one section per device, every row of the month in order', async () => {
    const chunks: number[] = [];
    const sections: string[] = [];
    const rows: ReportCell[][] = [];
    const progress: number[] = [];
    const sink: ReportSink = {
      section: (section) => Promise.resolve(void sections.push(section.title ?? '')),
      rows: (chunk) => Promise.resolve(void (chunks.push(chunk.length), rows.push(...chunk.map((r) => [...r])))),
      progress: (fraction) => Promise.resolve(void progress.push(fraction)),
    };
    const subject: ReportSubject = {
      type: 'device-work-details-report',
      from: '2026-10-01',
      to: '2026-10-31',
      interval: 'month',
      deviceIds: [data.crane.id],
      deviceGroupIds: [],
      operatorIds: [],
      operatorGroupIds: [],
    };
    const outcome = await writeReport(db(), data.scope, subject, sink);
    expect(outcome.empty).toBe(false);
    expect(sections).toEqual(['Crane · 2026-10']);
    const expected = detailRows(await rawDetailRows(db(), data.crane.id, '2026-10-01', '2026-10-31', TIMEZONE));
    expect(rows).toEqual([...expected, totalsOf(expected)]);
    // The data spans 23–26 October, which lie in two weekly slices (22–28 is one: days 1–7, 8–14, 15–21, 22–28, 29–31).
    expect(Math.max(...chunks)).toBeLessThanOrEqual(7 * 288 + 12);
    expect(progress.at(-1)).toBe(1);
  });

  it('work details on a screen: read only as many devices as its rows can take, the same rows as the whole document', async () => {
    const subject: ReportSubject = {
      type: 'device-work-details-report',
      from: '2026-10-24',
      to: '2026-10-25',
      interval: 'day',
      deviceIds: [data.crane.id, data.lift.id, data.press.id],
      deviceGroupIds: [],
      operatorIds: [],
      operatorGroupIds: [],
    };
    const whole = await runReport(db(), data.scope, subject.type, { from: subject.from, to: subject.to, devices: [...subject.deviceIds] });
    // Room for a bit more than one device-day: the first read takes two devices, the build stops inside the second.
    const screen = new MemorySink(300);
    const reads = vi.spyOn(WorkRollupRepository.prototype, 'fiveMinuteRows');
    try {
      await expect(writeReport(db(), data.scope, subject, screen)).rejects.toBeInstanceOf(ReportSinkFull);
      expect(reads.mock.calls.map((call) => call[1].length)).toEqual([2]);
    } finally {
      reads.mockRestore();
    }
    const shown = screen.document(subject, TIMEZONE, { empty: false });
    expect(shown.truncated).toBe(true);
    const flat = (sections: ReportDocument['sections']) => sections.flatMap((section) => section.rows.map((row) => [section.title, ...row]));
    const kept = flat(shown.sections);
    expect(kept).toHaveLength(300);
    expect(kept).toEqual(flat(whole.sections).slice(0, 300));
  });

  it('work details of shifts: a night shift section runs across midnight', async () => {
    const doc = await runReport(db(), data.scope, 'device-work-details-report', {
      from: '2026-10-24',
      to: '2026-10-24',
      interval: 'shifts',
      devices: [data.lift.id],
    });
    expect(doc.sections.map((s) => s.title)).toEqual(['Lift · 2026-10-24 I', 'Lift · 2026-10-24 II', 'Lift · 2026-10-24 III']);
    const night = doc.sections[2]!.rows;
    expect(night[0]![0]).toBe('2026-10-24T22:00');
    expect(night.at(-2)![0]).toBe('2026-10-25T05:55');
    const expected = detailRows(await rawDetailRows(db(), data.lift.id, '2026-10-24', '2026-10-25', TIMEZONE)).filter(
      (r) => String(r[0]) >= '2026-10-24T22:00' && String(r[0]) < '2026-10-25T06:00',
    );
    expect(night).toEqual([...expected, totalsOf(expected)]);
  });

  it('work matrix: a section per date, a row per quarter hour (92, 96, 100), a column per device with its work seconds', async () => {
    const ids = [data.lift.id, data.press.id];
    for (const [from, to] of [
      ['2026-03-28', '2026-03-30'],
      ['2026-10-24', '2026-10-26'],
    ] as const) {
      const doc = await runReport(db(), data.scope, 'production-device-work-matrix', { from, to, devices: ids });
      expect(doc.empty).toBe(false);
      for (const section of doc.sections) {
        const date = section.title!;
        const raw = await rawQuarterHours(db(), ids, date, TIMEZONE);
        const changes = raw.length !== 96;
        expect(section.columns.map((c) => c.title)).toEqual(['reports.column.time', 'Lift', 'Press']);
        const expected = raw.map((slot) => [
          changes ? `${slot.clock} +${slot.offset}` : slot.clock,
          slot.work[data.lift.id] ?? 0,
          slot.work[data.press.id] ?? 0,
        ]);
        expect(section.rows).toEqual([...expected, [null, ...[1, 2].map((i) => expected.reduce((sum, row) => sum + Number(row[i]), 0))]]);
      }
      expect(doc.sections.map((s) => s.rows.length - 1)).toEqual(from.startsWith('2026-03') ? [96, 92, 96] : [96, 100, 96]);
    }
  });

  it("work matrix and details of another company's devices are empty", async () => {
    const matrix = await runReport(db(), data.scope, 'production-device-work-matrix', {
      from: '2026-10-24',
      to: '2026-10-24',
      devices: [data.other.device.id],
    });
    expect(matrix.empty).toBe(true);
    expect(matrix.sections[0]!.columns.map((c) => c.key)).toEqual(['time']);
    const details = await runReport(db(), data.scope, 'device-work-details-report', { from: '2026-10-24', to: '2026-10-24', groups: [data.other.group] });
    expect(details).toMatchObject({ empty: true, sections: [] });
  });
});

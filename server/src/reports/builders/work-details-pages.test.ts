import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDocument, ReportInterval } from '@gearwatch/contracts';
import type { TestContext } from '../../../test/context.ts';
import { createTestContext } from '../../../test/context.ts';
import { createCompany } from '../../../test/fixtures.ts';
import { createDeviceType, createShifts, createTelemetryDevice, ingest, setCompanyTimezone, TEST_PARAMETERS } from '../../../test/telemetry-fixtures.ts';
import type { TelemetryDevice } from '../../../test/telemetry-fixtures.ts';
import type { ReportSubject } from '../model.ts';
import { WorkDetailsCounts } from './data/work-details-counts.ts';
import type { DeviceReportsDataset } from './test/device-reports-dataset.ts';
import { buildDeviceReportsDataset } from './test/device-reports-dataset.ts';
import { expectPagesJoinInto } from './test/paged-documents.ts';
import { runReport } from './test/run-report.ts';
import { workDetailsPage } from './work-details-pages.ts';

/**
 * The work details screen's pages against the whole document of the builder (itself tested against the raw readings
 * in streaming-builders.test.ts): every page is the exact slice of the whole document's rows, across both clock
 * changes of 2026, idle dates and a device without any reading, by day, week, month and shift, and after a late reading.
 */
describe('work details pages', () => {
  let ctx: TestContext;
  let data: DeviceReportsDataset;
  let idle: TelemetryDevice;
  const counts = new WorkDetailsCounts();
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDeviceReportsDataset(ctx);
    const typeId = await createDeviceType(
      db(),
      TEST_PARAMETERS.filter((p) => p.number <= 3),
    );
    // Named to sort between the others, so a device without rows sits inside the document's order.
    idle = await createTelemetryDevice(db(), data.company.id, typeId, 'Idle');
  });
  afterAll(() => ctx?.close());

  const subjectOf = (from: string, to: string, interval: ReportInterval, deviceIds: number[]): ReportSubject => ({
    type: 'device-work-details-report',
    from,
    to,
    interval,
    deviceIds,
    deviceGroupIds: [],
    operatorIds: [],
    operatorGroupIds: [],
  });

  /** Every page of the subject, checked page by page, then joined and compared with the whole document. */
  async function expectPagesMakeTheDocument(subject: ReportSubject, pageRows: number, scope = data.scope): Promise<ReportDocument[]> {
    const whole = await runReport(db(), scope, subject.type, {
      from: subject.from,
      to: subject.to,
      interval: subject.interval,
      devices: [...subject.deviceIds],
    });
    expect(whole.sections.length).toBeGreaterThan(0);
    return expectPagesJoinInto(whole, pageRows, (page) => workDetailsPage(db(), scope, subject, page, pageRows, counts));
  }

  it.each([
    ['day', 'the 23-hour day of 29 March, idle dates before and after', '2026-03-25', '2026-04-02', 97],
    ['day', 'the 25-hour day of 25 October', '2026-10-22', '2026-10-27', 250],
    ['week', 'weeks from Monday across 29 March (sections of two slices)', '2026-03-20', '2026-04-05', 333],
    ['month', 'a month holding 25 October', '2026-10-01', '2026-10-31', 1000],
    ['shifts', 'shifts, the night shift across midnight and the repeated hour', '2026-10-23', '2026-10-26', 61],
  ] as const)('joins its pages into the whole document: by %s, %s', async (interval, _what, from, to, pageRows) => {
    await expectPagesMakeTheDocument(subjectOf(from, to, interval, [data.press.id, idle.id, data.lift.id, data.crane.id]), pageRows);
  });

  it('splits sections anywhere: a page of one row, a page ending just before a totals row, totals alone on a page', async () => {
    const subject = subjectOf('2026-10-25', '2026-10-25', 'day', [data.lift.id, data.press.id]);
    const whole = await runReport(db(), data.scope, subject.type, { from: subject.from, to: subject.to, devices: [data.lift.id, data.press.id] });
    const liftRows = whole.sections[0]!.rows.length;
    // A page that ends on the last 5-minute row of the lift: the next page opens with the lift's totals alone.
    const pages = await expectPagesMakeTheDocument(subject, liftRows - 1);
    expect(pages[1]!.sections[0]).toMatchObject({
      title: whole.sections[0]!.title,
      continued: true,
      totals: true,
      rows: [whole.sections[0]!.rows[liftRows - 1]],
    });
    await expectPagesMakeTheDocument(subjectOf('2026-10-24', '2026-10-24', 'day', [data.press.id]), 1);
  });

  it('pages shifts of a zone whose clocks move by half an hour (shift windows off whole hours since midnight)', async () => {
    // Lord Howe Island: +11 in summer, +10:30 from 02:00 on 5 April 2026 (the clocks go back half an hour).
    const company = await createCompany(db());
    await setCompanyTimezone(db(), company.id, 'Australia/Lord_Howe');
    await createShifts(db(), company.id, [
      { name: 'I', hourStart: 6, hourEnd: 18 },
      { name: 'II', hourStart: 18, hourEnd: 6 },
    ]);
    const typeId = await createDeviceType(
      db(),
      TEST_PARAMETERS.filter((p) => p.number <= 3),
    );
    const mill = await createTelemetryDevice(db(), company.id, typeId, 'Mill');
    const readings = [];
    for (let t = Date.UTC(2026, 3, 3, 12, 0); t < Date.UTC(2026, 3, 6, 12, 0); t += 11 * 60_000)
      readings.push({ parameter: 1, ts: new Date(t), value: 60 }, { parameter: 2, ts: new Date(t), value: 120 });
    await ingest(ctx.services, mill, { readings });
    const scope = { companyId: company.id, timezone: 'Australia/Lord_Howe' };
    await expectPagesMakeTheDocument(subjectOf('2026-04-04', '2026-04-06', 'shifts', [mill.id]), 53, scope);
    await expectPagesMakeTheDocument(subjectOf('2026-04-04', '2026-04-06', 'day', [mill.id]), 53, scope);
  });

  it('says an empty period has one empty page, and a page past the last has no rows', async () => {
    const empty = await workDetailsPage(db(), data.scope, subjectOf('2026-06-01', '2026-06-30', 'day', [data.lift.id, idle.id]), 1, 100, counts);
    expect(empty).toMatchObject({ empty: true, paging: { page: 1, pageCount: 1, pageRows: 100, totalRows: 0 }, sections: [] });
    const past = await workDetailsPage(db(), data.scope, subjectOf('2026-10-24', '2026-10-24', 'day', [data.lift.id]), 50, 100, counts);
    expect(past.empty).toBe(false);
    expect(past.sections).toEqual([]);
    expect(past.paging!.pageCount).toBeLessThan(50);
  });

  it("leaves another company's devices out without a word", async () => {
    const subject = subjectOf('2026-10-24', '2026-10-25', 'day', [data.other.device.id]);
    const page = await workDetailsPage(db(), data.scope, subject, 1, 100, counts);
    expect(page).toMatchObject({ empty: true, paging: { totalRows: 0 }, sections: [] });
  });

  it('counts a date again after a late reading, here one that adds a 5-minute bucket of the counter alone', async () => {
    const subject = subjectOf('2026-10-22', '2026-10-27', 'day', [data.lift.id, idle.id, data.crane.id]);
    const before = await expectPagesMakeTheDocument(subject, 400);
    // The idle device gets its first row (a section: a row and its totals), the crane a bucket it had no reading in.
    await ingest(ctx.services, idle, { readings: [{ parameter: 1, ts: new Date(Date.UTC(2026, 9, 24, 10, 1)), value: 30 }] });
    const whole = await runReport(db(), data.scope, subject.type, { from: subject.from, to: subject.to, devices: [data.crane.id] });
    const taken = new Set(whole.sections.flatMap((s) => s.rows.map((r) => r[0])));
    let free = Date.UTC(2026, 9, 25, 8, 0);
    while (taken.has(new Date(free + 3_600_000).toISOString().slice(0, 16))) free += 300_000;
    await ingest(ctx.services, data.crane, { readings: [{ parameter: 3, ts: new Date(free + 60_000), value: 2 }] });
    const after = await expectPagesMakeTheDocument(subject, 400);
    expect(after[0]!.paging!.totalRows).toBe(before[0]!.paging!.totalRows + 3);
  });
});

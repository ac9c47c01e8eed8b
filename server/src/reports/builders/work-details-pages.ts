import type { Kysely } from 'kysely';
import type { ReportCell, ReportDocument, ReportSection } from '@gearwatch/contracts';
import type { DB } from '../../db/schema.ts';
import { HOUR_MS, dateText, parseDate } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import type { ReportScope, ReportSubject } from '../model.ts';
import type { ReportDevice } from './data/report-repository.ts';
import type { FiveMinuteRow } from '../../rollups/work-repository.ts';
import type { DayCount, WorkDetailsCounts } from './data/work-details-counts.ts';
import { WorkDetailsRepository } from '../../rollups/work-details-repository.ts';
import type { DeviceReportContext } from './support/context.ts';
import { openDeviceReport } from './support/context.ts';
import type { ReportBucket } from './support/periods.ts';
import { planBuckets } from './support/periods.ts';
import type { PlannedRows } from './support/paging.ts';
import { eachSlice, pagedDocument } from './support/paging.ts';
import { addSums, noSums } from './support/sums.ts';
import { COLUMNS_OF_DETAILS, detailRows, sectionTitle, slicesOf, totalsRow } from './work-details.ts';

/** A section of the whole document: a device's rows in one bucket, with its rows per local date (calendar buckets). */
interface PlannedSection extends PlannedRows {
  device: ReportDevice;
  bucket: ReportBucket;
  /** The bucket's dates with rows, in order (none for a shift bucket: a shift is read whole). */
  days: { day: DayNumber; rows: number }[];
}

/**
 * One page of the work details screen (docs/reports.md): the rows [(page − 1) × pageRows, page × pageRows) of the
 * document `workDetailsReport` writes for the subject — its sections in its order (bucket after bucket, the devices
 * by name in each, a device only where it has rows), each row as it writes it, totals rows where it writes them.
 * Rows are counted per device and date (`WorkDetailsCounts`), whole sections before the page are skipped by their
 * counts, and only the page's own 5-minute buckets are read (from the date its first row falls on, OFFSET/LIMIT).
 */
export async function workDetailsPage(
  db: Kysely<DB>,
  scope: ReportScope,
  subject: ReportSubject,
  page: number,
  pageRows: number,
  counts: WorkDetailsCounts,
): Promise<ReportDocument> {
  const report = await openDeviceReport(db, scope, subject);
  const shifts = subject.interval === 'shifts' ? await report.repository.shifts(report.companyId) : [];
  const buckets = planBuckets(subject.interval, report.period, report.zone, shifts);
  const repository = new WorkDetailsRepository(db);
  const plan = await planSections(report, repository, counts, buckets);
  return pagedDocument(
    scope,
    subject,
    plan,
    page,
    pageRows,
    eachSlice((section, from, to) => readSection(report, repository, section, from, to)),
  );
}

/** Every section of the whole document with its row count, in the document's order; devices without rows have none. */
async function planSections(
  report: DeviceReportContext,
  repository: WorkDetailsRepository,
  counts: WorkDetailsCounts,
  buckets: readonly ReportBucket[],
): Promise<PlannedSection[]> {
  const ids = report.devices.map((d) => d.id);
  const plan: PlannedSection[] = [];
  if (buckets.length === 0 || ids.length === 0) return plan;
  if (buckets[0]!.shiftPosition !== undefined) {
    // A night shift of the period's last date runs into the next one.
    const dayCounts = await counts.dayCounts(repository, report.companyId, report.zone, ids, report.period.from, dateText(parseDate(report.period.to) + 1));
    const rowsOf = (deviceId: number, bucket: ReportBucket) => shiftRows(report.zone, dayCounts, deviceId, bucket);
    if (!buckets.every((bucket) => rowsOf(ids[0]!, bucket) !== null)) return plan.concat(await countedWindows(report, repository, buckets));
    for (const bucket of buckets) {
      for (const device of report.devices) {
        const rows = rowsOf(device.id, bucket)!;
        if (rows > 0) plan.push({ device, bucket, rows, days: [] });
      }
    }
    return plan;
  }
  const dayRows = await counts.dayCounts(repository, report.companyId, report.zone, ids, report.period.from, report.period.to);
  for (const bucket of buckets) {
    for (const device of report.devices) {
      const days: PlannedSection['days'] = [];
      for (let day = parseDate(bucket.firstDay); day <= parseDate(bucket.lastDay); day++) {
        const rows = dayRows.get(`${device.id}:${dateText(day)}`)?.rows ?? 0;
        if (rows > 0) days.push({ day, rows });
      }
      const rows = days.reduce((sum, d) => sum + d.rows, 0);
      if (rows > 0) plan.push({ device, bucket, rows, days });
    }
  }
  return plan;
}

/**
 * A device's rows in a shift window from the hours of the dates it covers, or null when the window does not start and
 * end on whole hours since local midnight (a zone whose clocks move by half an hour; counted per window then).
 */
function shiftRows(zone: TimeZone, dayCounts: Map<string, DayCount>, deviceId: number, bucket: ReportBucket): number | null {
  let rows = 0;
  for (let day = parseDate(bucket.firstDay); zone.startOfDay(day) < bucket.end; day++) {
    // Whole hours of every date the window touches: a date of 24.5 hours shifts the next date's hours by half an hour.
    const start = zone.startOfDay(day);
    if ((bucket.start - start) % HOUR_MS !== 0 || (bucket.end - start) % HOUR_MS !== 0) return null;
    const hours = dayCounts.get(`${deviceId}:${dateText(day)}`)?.hours;
    hours?.forEach((count, hour) => {
      const at = start + hour * HOUR_MS;
      if (at >= bucket.start && at < bucket.end) rows += count;
    });
  }
  return rows;
}

/** The sections of shift buckets counted per window from the 5-minute rollup (windows off whole hours). */
async function countedWindows(report: DeviceReportContext, repository: WorkDetailsRepository, buckets: readonly ReportBucket[]): Promise<PlannedSection[]> {
  const ids = report.devices.map((d) => d.id);
  const windows = await repository.windowRowCounts(
    report.companyId,
    ids,
    buckets.map((b) => b.start),
    buckets.map((b) => b.end),
  );
  const rowsOf = new Map(windows.map((w) => [`${w.deviceId}:${w.window}`, w.rows]));
  const plan: PlannedSection[] = [];
  buckets.forEach((bucket, index) => {
    for (const device of report.devices) {
      const rows = rowsOf.get(`${device.id}:${index}`) ?? 0;
      if (rows > 0) plan.push({ device, bucket, rows, days: [] });
    }
  });
  return plan;
}

/** Rows [from, to) of a planned section, where row `section.rows` is its totals. */
async function readSection(
  report: DeviceReportContext,
  repository: WorkDetailsRepository,
  section: PlannedSection,
  from: number,
  to: number,
): Promise<ReportSection> {
  const { device, bucket } = section;
  const withTotals = to > section.rows;
  const lastData = Math.min(to, section.rows);
  let rows: FiveMinuteRow[];
  const cells: ReportCell[][] = [];
  if (withTotals) {
    // The totals are the sums of every row of the section, added in order as the builder adds them.
    const all = await repository.rows(report.companyId, device.id, bucket.start, bucket.end, 0, null);
    const total = noSums();
    for (const row of all) addSums(total, row);
    rows = all.slice(from, lastData);
    cells.push(...(await withOperators(report, device, bucket, rows)), totalsRow(total));
  } else {
    // Start at the local date the page's first row falls on: OFFSET then skips only rows of that date.
    let start = bucket.start;
    let skip = from;
    for (const { day, rows: dayRows } of section.days) {
      if (skip < dayRows) {
        start = Math.max(bucket.start, report.zone.startOfDay(day));
        break;
      }
      skip -= dayRows;
    }
    rows = await repository.rows(report.companyId, device.id, start, bucket.end, skip, lastData - from);
    cells.push(...(await withOperators(report, device, bucket, rows)));
  }
  return {
    title: sectionTitle(device, bucket),
    columns: COLUMNS_OF_DETAILS.map((c) => ({ ...c })),
    rows: cells,
    totals: withTotals,
    ...(from > 0 ? { continued: true } : {}),
  };
}

/** The rows' cells, each operator looked up among the sessions of the builder's slice the row falls in. */
async function withOperators(report: DeviceReportContext, device: ReportDevice, bucket: ReportBucket, rows: readonly FiveMinuteRow[]): Promise<ReportCell[][]> {
  const cells: ReportCell[][] = [];
  if (rows.length === 0) return cells;
  for (const slice of slicesOf(bucket, report.zone)) {
    const own = rows.filter((r) => r.bucket >= slice.start && r.bucket < slice.end);
    if (own.length === 0) continue;
    const spans = await report.repository.operatorSpans(report.companyId, [device.id], slice.start, slice.end);
    cells.push(...detailRows(own, spans, report.zone));
  }
  return cells;
}

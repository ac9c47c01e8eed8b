import type { ReportCell } from '@gearwatch/contracts';
import type { OperatorSpan, ReportDevice } from './data/report-repository.ts';
import type { FiveMinuteRow, WorkSums } from '../../rollups/work-repository.ts';
import type { ReportBuilder, ReportSink } from '../model.ts';
import { parseDate } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { COLUMNS } from './support/columns.ts';
import type { DeviceReportContext } from './support/context.ts';
import { openDeviceReport } from './support/context.ts';
import type { ReportBucket } from './support/periods.ts';
import { planBuckets } from './support/periods.ts';
import { addSums, noSums } from './support/sums.ts';

export const COLUMNS_OF_DETAILS = [COLUMNS.time, COLUMNS.work, COLUMNS.active, COLUMNS.counter, COLUMNS.operator];

/**
 * A year of 5-minute rows for 24 devices is 2.5 million rows, so the rows are read in slices of at most a week of
 * one bucket and passed on before the next slice is read: memory holds one slice (≤ READ_ROWS_LIMIT rows), never
 * the period. A bucket of one slice (a day, a week, a shift) is read for as many devices at once as fit the limit.
 */
const SLICE_DAYS = 7;
const BUCKETS_PER_DAY = 288;
const READ_ROWS_LIMIT = 50_000;

export interface Slice {
  start: number;
  end: number;
}

/**
 * Device work details: a section per device per interval bucket (devices without a reading in a bucket get none),
 * a row per stored 5-minute bucket with its work, active time, counter and the operator whose card was in the reader
 * when the bucket started (the rule the operator rollups use), and the section's totals.
 */
export const workDetailsReport: ReportBuilder = {
  type: 'device-work-details-report',
  async write(db, scope, subject, sink) {
    const report = await openDeviceReport(db, scope, subject);
    const shifts = subject.interval === 'shifts' ? await report.repository.shifts(report.companyId) : [];
    const buckets = planBuckets(subject.interval, report.period, report.zone, shifts);
    const steps = Math.max(1, buckets.length * report.devices.length);
    let done = 0;
    let empty = true;
    for (const bucket of buckets) {
      const slices = slicesOf(bucket, report.zone);
      // A screen takes at most its room: read no more devices at once than could fill it (the sink stops the build
      // when it is full, so rows beyond it are read for nothing; a month of 50 devices reads 35 instead of 50).
      const perDevice = sliceDays(bucket) * BUCKETS_PER_DAY;
      const fitting = Math.min(Math.floor(READ_ROWS_LIMIT / perDevice), Math.ceil((sink.room?.() ?? Number.POSITIVE_INFINITY) / perDevice));
      const batches = slices.length === 1 ? batchesOf(report.devices, Math.max(1, fitting)) : report.devices.map((d) => [d]);
      for (const batch of batches) {
        const sections = new Map(batch.map((device) => [device.id, new DeviceSection(device, bucket, report.zone, sink)]));
        for (const [index, slice] of slices.entries()) {
          const wrote = await writeSlice(report, batch, slice, sections, index === slices.length - 1);
          empty &&= !wrote;
        }
        done += batch.length;
        await sink.progress(done / steps);
      }
    }
    return { empty };
  },
};

/**
 * Reads one slice of the batch's devices and writes its rows into their sections, device after device; the bucket's
 * last slice also closes each device's section before the next device's opens. True when any row was there.
 */
async function writeSlice(
  report: DeviceReportContext,
  batch: readonly ReportDevice[],
  slice: Slice,
  sections: Map<number, DeviceSection>,
  lastSlice: boolean,
): Promise<boolean> {
  const ids = batch.map((d) => d.id);
  const rows = await report.rollups.fiveMinuteRows(report.companyId, ids, slice.start, slice.end);
  const spans = rows.length > 0 ? await report.repository.operatorSpans(report.companyId, ids, slice.start, slice.end) : [];
  for (const device of batch) {
    const section = sections.get(device.id)!;
    const own = rows.filter((r) => r.deviceId === device.id);
    if (own.length > 0)
      await section.write(
        own,
        spans.filter((s) => s.deviceId === device.id),
      );
    if (lastSlice) await section.close();
  }
  return rows.length > 0;
}

/** One device's section of one bucket, opened at its first row so that idle devices leave no empty tables. */
class DeviceSection {
  private opened = false;
  private readonly total: WorkSums = noSums();

  constructor(
    private readonly device: ReportDevice,
    private readonly bucket: ReportBucket,
    private readonly zone: TimeZone,
    private readonly sink: ReportSink,
  ) {}

  async write(rows: readonly FiveMinuteRow[], spans: readonly OperatorSpan[]): Promise<void> {
    if (!this.opened) {
      await this.sink.section({ title: sectionTitle(this.device, this.bucket), columns: COLUMNS_OF_DETAILS, totals: true });
      this.opened = true;
    }
    for (const row of rows) addSums(this.total, row);
    await this.sink.rows(detailRows(rows, spans, this.zone));
  }

  /** Writes the totals row of an opened section. */
  async close(): Promise<void> {
    if (this.opened) await this.sink.rows([totalsRow(this.total)]);
    this.opened = false;
  }
}

/** The title of a device's section of a bucket (the pages of the screen title theirs the same way). */
export const sectionTitle = (device: ReportDevice, bucket: ReportBucket) => `${device.name} · ${bucket.label}`;

/** The cells of 5-minute rows of one device, in time order, with the operator of `spans` (one slice's sessions). */
export function detailRows(rows: readonly FiveMinuteRow[], spans: readonly OperatorSpan[], zone: TimeZone): ReportCell[][] {
  const operatorAt = operatorLookup(spans);
  return rows.map((row) => [zone.format(row.bucket).replace(' ', 'T'), row.work, row.active, row.counter, operatorAt(row.bucket)]);
}

/** A section's totals row: the sums of its rows, added in their order. */
export const totalsRow = (total: WorkSums): ReportCell[] => [null, total.work, total.active, total.counter, null];

/** The operator whose session holds an instant, for instants asked in increasing order (one pass over the spans). */
function operatorLookup(spans: readonly OperatorSpan[]): (instant: number) => string | null {
  let index = -1;
  return (instant) => {
    while (index + 1 < spans.length && spans[index + 1]!.start <= instant) index += 1;
    const span = spans[index];
    if (!span || (span.end !== null && span.end <= instant)) return null;
    return span.operator;
  };
}

/**
 * A calendar bucket in runs of at most SLICE_DAYS local dates; a shift window is one slice. A row's operator is looked
 * up among the sessions of its slice, so the screen's pages read sessions by the same slices.
 */
export function slicesOf(bucket: ReportBucket, zone: TimeZone): Slice[] {
  if (bucket.shiftPosition !== undefined) return [{ start: bucket.start, end: bucket.end }];
  const slices: Slice[] = [];
  const last = parseDate(bucket.lastDay);
  for (let day = parseDate(bucket.firstDay); day <= last; day += SLICE_DAYS) {
    slices.push({ start: zone.startOfDay(day), end: zone.endOfDay(Math.min(day + SLICE_DAYS - 1, last)) });
  }
  return slices;
}

const sliceDays = (bucket: ReportBucket) => Math.max(1, Math.ceil((bucket.end - bucket.start) / 86_400_000));

function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

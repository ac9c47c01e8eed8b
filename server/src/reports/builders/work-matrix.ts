import type { ReportCell } from '@gearwatch/contracts';
import type { ReportBuilder } from '../model.ts';
import { dateText, parseDate } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { COLUMNS, deviceColumn } from './support/columns.ts';
import { openDeviceReport } from './support/context.ts';
import { QUARTER_MS, readQuarterGrid } from './work-quarters.ts';

/** Local dates read per query: a month of 50 devices is 1,550 stored rows; a file of a year reads a month at a time. */
const READ_DAYS = 31;

/**
 * Production device work matrix: a section per local date (the interval does not divide it further), a row per
 * quarter hour of that date — 96, or 92 / 100 on the days clocks change — and a column per device holding the work
 * seconds in that quarter hour; the last row is each device's total of the date. On a day of 23 or 25 hours the time
 * carries its UTC offset, so the repeated hour is told apart. Dates that have ended are read from the cache of closed
 * days (`work-quarters.ts`, migration 022), today from the 5-minute rollup.
 */
export const workMatrixReport: ReportBuilder = {
  type: 'production-device-work-matrix',
  async write(db, scope, subject, sink) {
    const report = await openDeviceReport(db, scope, subject);
    const { zone, devices } = report;
    const columns = [COLUMNS.quarter, ...devices.map((d) => deviceColumn(d.id, d.name))];
    const ids = devices.map((d) => d.id);
    const first = parseDate(report.period.from);
    const last = parseDate(report.period.to);
    const today = zone.dayOf(Date.now());
    let empty = true;
    for (let runStart = first; runStart <= last; runStart += READ_DAYS) {
      const runEnd = Math.min(runStart + READ_DAYS - 1, last);
      const grid = await readQuarterGrid(db, report.companyId, zone, ids, runStart, runEnd, today);
      empty &&= !grid.hasReadings();
      for (let day = runStart; day <= runEnd; day++) {
        await sink.section({ title: dateText(day), columns, totals: true });
        const totals = devices.map(() => 0);
        const cells = devices.map((device) => grid.of(device.id, day));
        // Plain loops: a month of 50 devices is ~150,000 cells per call, written without intermediate arrays.
        const rows: ReportCell[][] = quarterLabels(zone, day).map((label, q) => {
          const row: ReportCell[] = new Array<ReportCell>(cells.length + 1);
          row[0] = label;
          for (let i = 0; i < cells.length; i++) {
            const seconds = cells[i]![q] ?? 0;
            totals[i]! += seconds;
            row[i + 1] = seconds;
          }
          return row;
        });
        rows.push([null, ...totals]);
        await sink.rows(rows);
        await sink.progress((day - first + 1) / (last - first + 1));
      }
    }
    return { empty };
  },
};

/** The labels of a 24-hour date's quarter hours, `00:00` to `23:45`: the same on every such date of every zone. */
const PLAIN_LABELS = Array.from({ length: 96 }, (_, q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);

/** The labels of a local date's quarter hours: `HH:mm`, with the UTC offset on a date clocks change. */
export function quarterLabels(zone: TimeZone, day: number): readonly string[] {
  return zone.dayLengthMs(day) === 86_400_000 ? PLAIN_LABELS : quarterHours(zone, day).map((slot) => slot.label);
}

/** The quarter hours of a local date, labelled `HH:mm` (with the offset on a day clocks change). */
export function quarterHours(zone: TimeZone, day: number): { start: number; label: string }[] {
  const start = zone.startOfDay(day);
  const end = zone.endOfDay(day);
  const changes = end - start !== 86_400_000;
  const slots: { start: number; label: string }[] = [];
  for (let t = start; t < end; t += QUARTER_MS) {
    const clock = zone.format(t).slice(11);
    slots.push({ start: t, label: changes ? `${clock} ${zone.isoWithOffset(t).slice(19)}` : clock });
  }
  return slots;
}

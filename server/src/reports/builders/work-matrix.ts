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
        const rows: ReportCell[][] = quarterHours(zone, day).map((slot, q) => [
          slot.label,
          ...cells.map((work, i) => {
            const seconds = work[q] ?? 0;
            totals[i]! += seconds;
            return seconds;
          }),
        ]);
        rows.push([null, ...totals]);
        await sink.rows(rows);
        await sink.progress((day - first + 1) / (last - first + 1));
      }
    }
    return { empty };
  },
};

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

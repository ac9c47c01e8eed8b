import type { ReportCell } from '@gearwatch/contracts';
import type { ReportBuilder } from '../model.ts';
import { dateText, parseDate } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { COLUMNS, deviceColumn } from './support/columns.ts';
import { openDeviceReport } from './support/context.ts';

const QUARTER_MS = 900_000;
/** Days read per query: a week of 96 slots for each device stays small (24 devices: ~16,000 cells). */
const READ_DAYS = 7;

/**
 * Production device work matrix: a section per local date (the interval does not divide it further), a row per
 * quarter hour of that date — 96, or 92 / 100 on the days clocks change — and a column per device holding the work
 * seconds in that quarter hour; the last row is each device's total of the date. On a day of 23 or 25 hours the time
 * carries its UTC offset, so the repeated hour is told apart.
 */
export const workMatrixReport: ReportBuilder = {
  type: 'production-device-work-matrix',
  async write(db, scope, subject, sink) {
    const report = await openDeviceReport(db, scope, subject);
    const { zone, devices } = report;
    const columns = [COLUMNS.quarter, ...devices.map((d) => deviceColumn(d.id, d.name))];
    const first = parseDate(report.period.from);
    const last = parseDate(report.period.to);
    let empty = true;
    for (let weekStart = first; weekStart <= last; weekStart += READ_DAYS) {
      const weekEnd = Math.min(weekStart + READ_DAYS - 1, last);
      const readStart = zone.startOfDay(weekStart);
      const readEnd = zone.endOfDay(weekEnd);
      // Each device's work by quarter hour since readStart; a device without any stays absent (zeros).
      const work = new Map<number, Float64Array>();
      for (const column of await report.repository.quarterHourWork(report.companyId, devices.map((d) => d.id), readStart, readEnd)) {
        const values = new Float64Array((readEnd - readStart) / QUARTER_MS);
        column.slots.forEach((slot, i) => (values[slot] = column.work[i]!));
        work.set(column.deviceId, values);
        empty = false;
      }
      for (let day = weekStart; day <= weekEnd; day++) {
        await sink.section({ title: dateText(day), columns, totals: true });
        const totals = devices.map(() => 0);
        const rows: ReportCell[][] = quarterHours(zone, day).map((slot) => [
          slot.label,
          ...devices.map((device, i) => {
            const seconds = work.get(device.id)?.[(slot.start - readStart) / QUARTER_MS] ?? 0;
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

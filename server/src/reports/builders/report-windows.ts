import type { ReportCell, ReportColumn, ReportColumnKind, ReportInterval } from '@gearwatch/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DateRange, ShiftDefinition } from '../../rollups/plans.ts';
import { RollupRepository } from '../../rollups/repository.ts';
import { companyShifts } from '../../rollups/series.ts';
import { inclusiveDays, parseDate } from '../../time/calendar.ts';
import { planBuckets, reportPeriod } from './support/periods.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import type { ReportSubject } from '../model.ts';

/**
 * The time windows the operator, alert and shift reports divide a period into, in the company's time zone: calendar
 * buckets (day, week from Monday, month, year; clipped to the period) made of whole local dates, or the windows of
 * the company's production shifts (a night shift belongs to the date it starts on). A window's instants come from
 * the zone helpers, so a 25-hour or 23-hour day is simply a longer or shorter window.
 */

export interface ReportWindow {
  /** Position in the list the window came in. */
  index: number;
  /** The local dates the window covers, inclusive; a shift window's date is the one it starts on. */
  firstDay: string;
  lastDay: string;
  start: Date;
  end: Date;
  /** The production shift of a shift window; null for a calendar bucket. */
  shift: ShiftDefinition | null;
}

export type CalendarInterval = Exclude<ReportInterval, 'shifts'>;

/** The subject's dates as a range in order (a reversed range is read forwards, as the diagnostics do). */
export function reportRange(subject: Pick<ReportSubject, 'from' | 'to'>): DateRange {
  const [from, to] = parseDate(subject.from) <= parseDate(subject.to) ? [subject.from, subject.to] : [subject.to, subject.from];
  return { from, to, days: inclusiveDays(from, to) };
}

/** The calendar buckets of the period (support/periods.ts planBuckets, the one division of every report). */
export function calendarWindows(interval: CalendarInterval, range: DateRange, zone: TimeZone): ReportWindow[] {
  return planBuckets(interval, reportPeriod(range.from, range.to, zone), zone, []).map((bucket, index) => ({
    index,
    firstDay: bucket.firstDay,
    lastDay: bucket.lastDay,
    start: new Date(bucket.start),
    end: new Date(bucket.end),
    shift: null,
  }));
}

/** The windows of the company's shifts on every date of the period, by date then shift position. */
export function shiftWindows(range: DateRange, shifts: ShiftDefinition[], zone: TimeZone): ReportWindow[] {
  return planBuckets('shifts', reportPeriod(range.from, range.to, zone), zone, shifts).map((bucket, index) => ({
    index,
    firstDay: bucket.firstDay,
    lastDay: bucket.lastDay,
    start: new Date(bucket.start),
    end: new Date(bucket.end),
    shift: shifts.find((s) => s.position === bucket.shiftPosition)!,
  }));
}

/** The company's production shifts; a report by shifts of a company without any is the diagnostics' field error. */
export function reportShifts(db: Kysely<DB>, companyId: number): Promise<ShiftDefinition[]> {
  return companyShifts(new RollupRepository(db), companyId);
}

/** The windows of a report's interval: calendar buckets, or shift windows (the company's shifts are read). */
export async function intervalWindows(db: Kysely<DB>, companyId: number, interval: ReportInterval, range: DateRange, zone: TimeZone): Promise<ReportWindow[]> {
  return interval === 'shifts' ? shiftWindows(range, await reportShifts(db, companyId), zone) : calendarWindows(interval, range, zone);
}

// Column titles are written out in full (never assembled) so the locale tests find every key the sources use.
export const WINDOW_COLUMNS = {
  date: reportColumn('date', 'reports.column.date', 'date'),
  from: reportColumn('from', 'reports.column.from', 'date'),
  to: reportColumn('to', 'reports.column.to', 'date'),
  shift: reportColumn('shift', 'reports.column.shift', 'text'),
} as const;

export function reportColumn(key: string, title: string, kind: ReportColumnKind): ReportColumn {
  return { key, title, kind };
}

/** How a window is named in a row: its date (day), its dates (week, month, year), or its date and shift. */
export function windowColumns(interval: ReportInterval): ReportColumn[] {
  if (interval === 'day') return [WINDOW_COLUMNS.date];
  if (interval === 'shifts') return [WINDOW_COLUMNS.date, WINDOW_COLUMNS.shift];
  return [WINDOW_COLUMNS.from, WINDOW_COLUMNS.to];
}

export function windowCells(interval: ReportInterval, window: ReportWindow): ReportCell[] {
  if (interval === 'day') return [window.firstDay];
  if (interval === 'shifts') return [window.firstDay, window.shift?.name ?? null];
  return [window.firstDay, window.lastDay];
}

/** Empty cells under a row's window columns (a totals row). */
export function blankWindowCells(interval: ReportInterval): ReportCell[] {
  return windowColumns(interval).map(() => null);
}

/** A section title for a calendar bucket: the date, the dates, the month or the year. */
export function windowTitle(interval: ReportInterval, window: ReportWindow): string {
  switch (interval) {
    case 'month':
      return window.firstDay.slice(0, 7);
    case 'year':
      return window.firstDay.slice(0, 4);
    case 'week':
      return `${window.firstDay} – ${window.lastDay}`;
    case 'shifts':
      return `${window.firstDay} ${window.shift?.name ?? ''}`.trim();
    case 'day':
      return window.firstDay;
  }
}

/** A local date-time cell (`YYYY-MM-DDTHH:mm`) of an instant. */
export function localDateTime(zone: TimeZone, instant: Date): string {
  return zone.format(instant.getTime()).replace(' ', 'T');
}

/** Seconds, rounded to whole seconds as every duration cell is. */
export function seconds(value: number | null | undefined): number {
  return Math.round(value ?? 0);
}

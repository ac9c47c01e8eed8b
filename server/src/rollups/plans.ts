import { DIAGNOSTICS_LIMITS, DIAGNOSTICS_MESSAGE_KEYS, INTERVAL_MAX_DAYS, TIME_INTERVALS } from '@gearwatch/contracts';
import type { TimeInterval } from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import { dateText, inclusiveDays, parseDate } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';

/**
 * Pure planning of a diagnostics answer: which buckets (categories) a range has in the company's timezone, how a
 * rollup row finds its category, and how a bucket's aggregates become the value a parameter's aggregation asks for.
 */

const STEP_MS: Record<'5min' | 'hour', number> = { '5min': 300_000, hour: 3_600_000 };

export interface DateRange {
  from: string;
  to: string;
  days: number;
}

/** Swaps a reversed range (spec 02 §4) and refuses one longer than the limit with a field error on `to`. */
export function normaliseRange(from: string, to: string): DateRange {
  const [first, last] = parseDate(from) <= parseDate(to) ? [from, to] : [to, from];
  const days = inclusiveDays(first, last);
  if (days > DIAGNOSTICS_LIMITS.maxRangeDays) throw ValidationError.field('to', DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong);
  return { from: first, to: last, days };
}

/** The instants a range of local dates covers: from the first date's start to the start of the date after the last. */
export function rangeBounds(range: DateRange, zone: TimeZone): { start: Date; end: Date } {
  return { start: new Date(zone.startOfDay(parseDate(range.from))), end: new Date(zone.endOfDay(parseDate(range.to))) };
}

/** The most categories an interval can give a range of `days` local dates (a clock change adds an hour). */
export function maxCategories(interval: TimeInterval, days: number): number {
  switch (interval) {
    case '5min':
      return days * 288 + 12;
    case 'hour':
      return days * 24 + 1;
    case 'day':
      return days;
    case 'month':
      return Math.ceil(days / 28) + 1;
    case 'year':
      return Math.ceil(days / 365) + 1;
  }
}

/**
 * The requested interval, or the next coarser one that answers a range this long (INTERVAL_MAX_DAYS) reading at most
 * DIAGNOSTICS_LIMITS.maxValues values of `series` stored series. Years always answer (a range has at most two).
 */
export function coarsen(requested: TimeInterval, days: number, series = 1): TimeInterval {
  let index = TIME_INTERVALS.indexOf(requested);
  const fits = (interval: TimeInterval) => days <= INTERVAL_MAX_DAYS[interval] && maxCategories(interval, days) * series <= DIAGNOSTICS_LIMITS.maxValues;
  while (!fits(TIME_INTERVALS[index]!) && index < TIME_INTERVALS.length - 1) index += 1;
  return TIME_INTERVALS[index]!;
}

export interface TimePlan {
  interval: TimeInterval;
  categories: string[];
  /** Category index by bucket key: epoch milliseconds of the UTC bucket start (5min, hour), else the label. */
  index: Map<string, number>;
  /** First bucket start and the end of the range (local midnight after `to`), for the rollup query. */
  start: Date;
  end: Date;
  range: DateRange;
}

/**
 * Buckets of 5 minutes and hours are the UTC-aligned rollup buckets that overlap the local range (with whole-hour
 * offsets they start exactly at local midnight); days, months and years are local calendar dates.
 */
export function planTime(interval: TimeInterval, range: DateRange, zone: TimeZone): TimePlan {
  const bounds = rangeBounds(range, zone);
  const end = bounds.end;
  const categories: string[] = [];
  const index = new Map<string, number>();
  let start = bounds.start;
  if (interval === '5min' || interval === 'hour') {
    const step = STEP_MS[interval];
    const first = Math.floor(bounds.start.getTime() / step) * step;
    start = new Date(first);
    for (let t = first; t < end.getTime(); t += step) {
      index.set(String(t), categories.length);
      categories.push(zone.format(t));
    }
  } else {
    const width = interval === 'day' ? 10 : interval === 'month' ? 7 : 4;
    for (let day = parseDate(range.from); day <= parseDate(range.to); day++) {
      const label = dateText(day).slice(0, width);
      if (!index.has(label)) {
        index.set(label, categories.length);
        categories.push(label);
      }
    }
  }
  return { interval, categories, index, start, end, range };
}

export interface ShiftDefinition {
  position: number;
  name: string;
  hourStart: number;
  hourEnd: number;
}

export interface ShiftWindow {
  dayIndex: number;
  position: number;
  start: Date;
  end: Date;
}

export interface ShiftPlan {
  /** The local dates of the range: a shift belongs to the date it starts on, also when it crosses midnight. */
  categories: string[];
  shifts: ShiftDefinition[];
  windows: ShiftWindow[];
}

/** A shift whose end hour is not after its start hour ends on the next date (22–6 is a night shift). */
export function planShifts(range: DateRange, shifts: ShiftDefinition[], zone: TimeZone): ShiftPlan {
  const ordered = [...shifts].sort((a, b) => a.position - b.position);
  const categories: string[] = [];
  const windows: ShiftWindow[] = [];
  for (let day = parseDate(range.from); day <= parseDate(range.to); day++) {
    const dayIndex = categories.push(dateText(day)) - 1;
    for (const shift of ordered) {
      const endDay = shift.hourEnd <= shift.hourStart ? day + 1 : day;
      const start = new Date(zone.instantAt(day, shift.hourStart * 60));
      windows.push({ dayIndex, position: shift.position, start, end: new Date(zone.instantAt(endDay, shift.hourEnd * 60)) });
    }
  }
  return { categories, shifts: ordered, windows };
}

/** Whether no two windows share an instant (shifts that do not overlap, also across midnight and clock changes). */
export function windowsDisjoint(windows: readonly ShiftWindow[]): boolean {
  const ordered = [...windows].sort((a, b) => a.start.getTime() - b.start.getTime());
  return ordered.every((w, i) => i === 0 || ordered[i - 1]!.end.getTime() <= w.start.getTime());
}

/**
 * The months wholly inside the local dates from..to (YYYY-MM-DD): the first days of the first and the last of them,
 * and the first day after the last (`end`); null when no month is. Those months are read from readings_month, the
 * days before `first` and from `end` on from readings_day.
 */
export function wholeMonths(from: string, to: string): { first: string; last: string; end: string } | null {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const first = fd === 1 ? Date.UTC(fy, fm - 1, 1) : Date.UTC(fy, fm, 1);
  const lastDayOfToMonth = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const end = td === lastDayOfToMonth ? Date.UTC(ty, tm, 1) : Date.UTC(ty, tm - 1, 1);
  if (first >= end) return null;
  const text = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const last = new Date(end);
  last.setUTCMonth(last.getUTCMonth() - 1);
  return { first: text(first), last: text(last.getTime()), end: text(end) };
}

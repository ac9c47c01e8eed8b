import { DIAGNOSTICS_MESSAGE_KEYS } from '@gearwatch/contracts';
import type { ReportInterval } from '@gearwatch/contracts';
import type { ShiftDefinition } from '../../../rollups/plans.ts';
import { planShifts } from '../../../rollups/plans.ts';
import { ValidationError } from '../../../http/errors.ts';
import { dateText, inclusiveDays, parseDate } from '../../../time/calendar.ts';
import { calendarSpan } from '../../../time/periods.ts';
import type { TimeZone } from '../../../time/time-zone.ts';

/**
 * How a report's period is divided (its interval), in the company's time zone. Calendar buckets (day, week from
 * Monday, month, year) are runs of local dates clipped to the period, so a DST day is simply a date of 23 or 25
 * hours; shift buckets are the windows of the company's production shifts, which may cross midnight and belong to
 * the date they start on (as the shift rollup and the factory shift chart count them).
 */
export interface ReportBucket {
  /** Shown in the report's period column: `2026-01-15`, `2026-01-12 – 2026-01-18`, `2026-01`, `2026`, `2026-01-15 I`. */
  label: string;
  /** The local dates the bucket covers (a shift: the date it starts on). */
  firstDay: string;
  lastDay: string;
  /** Its instants [start, end). */
  start: number;
  end: number;
  /** The shift's position for `shifts` buckets. */
  shiftPosition?: number;
}

export interface ReportPeriod {
  from: string;
  to: string;
  /** Instants of the period: local midnight of `from` to the local midnight after `to`. */
  start: number;
  end: number;
}

export function reportPeriod(from: string, to: string, zone: TimeZone): ReportPeriod {
  return { from, to, start: zone.startOfDay(parseDate(from)), end: zone.endOfDay(parseDate(to)) };
}

/** The local dates of the period, in order. */
export function periodDays(period: ReportPeriod): string[] {
  return Array.from({ length: inclusiveDays(period.from, period.to) }, (_, i) => dateText(parseDate(period.from) + i));
}

/**
 * The period's buckets for an interval. `shifts` needs the company's shifts: without any it is a 400 on `interval`
 * (spec 02 §5 "no shifts defined"), the same answer the monitors give.
 */
export function planBuckets(interval: ReportInterval, period: ReportPeriod, zone: TimeZone, shifts: readonly ShiftDefinition[]): ReportBucket[] {
  if (interval === 'shifts') return shiftBuckets(period, zone, shifts);
  const buckets: ReportBucket[] = [];
  let first: number | null = null;
  const close = (firstDay: number, lastDay: number) =>
    buckets.push({
      label: labelOf(interval, firstDay, lastDay),
      firstDay: dateText(firstDay),
      lastDay: dateText(lastDay),
      start: zone.startOfDay(firstDay),
      end: zone.endOfDay(lastDay),
    });
  const last = parseDate(period.to);
  for (let day = parseDate(period.from); day <= last; day++) {
    if (first !== null && startsBucket(interval, day)) {
      close(first, day - 1);
      first = null;
    }
    first ??= day;
  }
  if (first !== null) close(first, last);
  return buckets;
}

/** Whether `day` is the first date of its calendar day, week, month or year: a new bucket starts there. */
function startsBucket(interval: Exclude<ReportInterval, 'shifts'>, day: number): boolean {
  return calendarSpan(interval, day).from === day;
}

function labelOf(interval: Exclude<ReportInterval, 'shifts'>, firstDay: number, lastDay: number): string {
  const first = dateText(firstDay);
  switch (interval) {
    case 'day':
      return first;
    case 'week':
      return firstDay === lastDay ? first : `${first} – ${dateText(lastDay)}`;
    case 'month':
      return first.slice(0, 7);
    case 'year':
      return first.slice(0, 4);
  }
}

function shiftBuckets(period: ReportPeriod, zone: TimeZone, shifts: readonly ShiftDefinition[]): ReportBucket[] {
  if (shifts.length === 0) throw ValidationError.field('interval', DIAGNOSTICS_MESSAGE_KEYS.noShiftsDefined);
  const plan = planShifts({ from: period.from, to: period.to, days: inclusiveDays(period.from, period.to) }, [...shifts], zone);
  const names = new Map(plan.shifts.map((s) => [s.position, s.name]));
  return plan.windows.map((window) => {
    const day = plan.categories[window.dayIndex]!;
    return {
      label: `${day} ${names.get(window.position) ?? ''}`.trim(),
      firstDay: day,
      lastDay: day,
      start: window.start.getTime(),
      end: window.end.getTime(),
      shiftPosition: window.position,
    };
  });
}

/** The key of a bucket's cell in the shift rollup (date + position), or of a calendar bucket (its first date). */
export const shiftCellKey = (day: string, position: number) => `${day}#${position}`;

// Pure calendar helpers of the date-range picker, on 'YYYY-MM-DD' dates and 'YYYY-MM' months (no Date objects in
// values; the arithmetic is the contracts' UTC-midnight date arithmetic, so no timezone can shift a day):
// - monthOf(date), shiftMonth(month, by): the month shown and month navigation.
// - monthGrid(month): 6 weeks × 7 days, Monday first (spec 02 §4), padded with the neighbouring months' days.
// - DATE_PRESETS / presetRange(preset, today): this week, last week, this month, last month (spec 02 §9); a current
//   period ends today, a past one is whole.
// - exceedsMaxDays(start, date, maxDays): whether a range from the first pick to `date` is longer than allowed.
import { addDays, daysInclusive, endOfWeek, normaliseRange, startOfMonth, startOfWeek } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';

export const WEEK_LENGTH = 7;
const GRID_WEEKS = 6;

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The days shown for a month, Monday first, always six weeks so the popover keeps its size. */
export function monthGrid(month: string): string[][] {
  const first = startOfWeek(`${month}-01`);
  return Array.from({ length: GRID_WEEKS }, (_, week) => Array.from({ length: WEEK_LENGTH }, (_, day) => addDays(first, week * WEEK_LENGTH + day)));
}

export const DATE_PRESETS = ['this-week', 'last-week', 'this-month', 'last-month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export function presetRange(preset: DatePreset, today: string): DateRange {
  switch (preset) {
    case 'this-week':
      return { from: startOfWeek(today), to: today };
    case 'last-week': {
      const lastWeekDay = addDays(startOfWeek(today), -1);
      return { from: startOfWeek(lastWeekDay), to: endOfWeek(lastWeekDay) };
    }
    case 'this-month':
      return { from: startOfMonth(today), to: today };
    case 'last-month': {
      const lastMonthDay = addDays(startOfMonth(today), -1);
      return { from: startOfMonth(lastMonthDay), to: lastMonthDay };
    }
  }
}

export function exceedsMaxDays(start: string, date: string, maxDays: number | undefined): boolean {
  return maxDays !== undefined && daysInclusive(normaliseRange(start, date)) > maxDays;
}

export function isWithin(date: string, range: DateRange | null): boolean {
  return range !== null && date >= range.from && date <= range.to;
}

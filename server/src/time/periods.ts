import type { DayNumber } from './calendar.ts';
import { DAY_MS, dateText, isoWeekday } from './calendar.ts';

/** Local dates from..to, both included. */
export interface DaySpan {
  from: DayNumber;
  to: DayNumber;
}

/** A calendar period containing today: the day itself, its week (Monday first, spec 02 §4) or its month. */
export type CalendarPeriod = 'day' | 'week' | 'month';

/** A period up to today and the previous equal period to compare it with. */
export interface PeriodComparison {
  current: DaySpan;
  previous: DaySpan;
}

/** A calendar unit a local date lies in: the date itself, its ISO week (Monday to Sunday), month or year. */
export type CalendarUnit = CalendarPeriod | 'year';

/**
 * The one rule of calendar periods in company time: the local dates of the day, ISO week (Monday first, spec 02 §4),
 * month or year that holds `day`. Alert windows, report periods and buckets, and the summaries' periods all take it,
 * so a week or a month begins on the same date everywhere.
 */
export function calendarSpan(unit: CalendarUnit, day: DayNumber): DaySpan {
  if (unit === 'day') return { from: day, to: day };
  if (unit === 'week') {
    const monday = day - (isoWeekday(day) - 1);
    return { from: monday, to: monday + 6 };
  }
  const date = new Date(day * DAY_MS);
  const [year, month] = [date.getUTCFullYear(), unit === 'month' ? date.getUTCMonth() : 0];
  return { from: Date.UTC(year, month, 1) / DAY_MS, to: Date.UTC(year, unit === 'month' ? month + 1 : 12, 0) / DAY_MS };
}

/**
 * The period containing `today` up to today, and the previous period over the same elapsed days: yesterday;
 * last week's Monday up to the same weekday; last month's 1st up to the same day of the month, cut at that
 * month's end (31 March compares with 1–28 February). Comparing equal elapsed days keeps a trend from falling just
 * because the current period is not over yet.
 */
export function periodToDate(today: DayNumber, period: CalendarPeriod): PeriodComparison {
  if (period === 'day') return { current: { from: today, to: today }, previous: { from: today - 1, to: today - 1 } };
  if (period === 'week') {
    const monday = calendarSpan('week', today).from;
    return { current: { from: monday, to: today }, previous: { from: monday - 7, to: today - 7 } };
  }
  const first = calendarSpan('month', today).from;
  const previous = calendarSpan('month', first - 1);
  return { current: { from: first, to: today }, previous: { from: previous.from, to: Math.min(previous.from + (today - first), previous.to) } };
}

/** A span as YYYY-MM-DD texts. */
export function spanText(span: DaySpan): { from: string; to: string } {
  return { from: dateText(span.from), to: dateText(span.to) };
}

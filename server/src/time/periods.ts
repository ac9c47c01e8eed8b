import type { DayNumber } from './calendar.ts';
import { dateText, dayNumber, isoWeekday } from './calendar.ts';

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

function monthStart(day: DayNumber): DayNumber {
  const d = new Date(day * 86_400_000);
  return dayNumber(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
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
    const monday = today - (isoWeekday(today) - 1);
    return { current: { from: monday, to: today }, previous: { from: monday - 7, to: today - 7 } };
  }
  const first = monthStart(today);
  const previousFirst = monthStart(first - 1);
  const previousLast = first - 1;
  return { current: { from: first, to: today }, previous: { from: previousFirst, to: Math.min(previousFirst + (today - first), previousLast) } };
}

/** A span as YYYY-MM-DD texts. */
export function spanText(span: DaySpan): { from: string; to: string } {
  return { from: dateText(span.from), to: dateText(span.to) };
}

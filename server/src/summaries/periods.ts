import type { SummaryPeriod, WorkSummaryRange } from '@gearwatch/contracts';
import { addDays, dateText, isoWeekday, parseDate } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';

/**
 * The local dates of a summary period and of the previous equal period (contracts/src/summaries/common.ts), the one
 * calendar rule of every dashboard summary: a period of this week or month runs to `date`, and the previous one
 * covers as many dates one week or month back (cut at that month's last day). The work summaries read these whole
 * dates from the day rollups; the device summaries (devices/periods.ts) cut the last date of both at the hour now.
 */
export interface PeriodPlan {
  current: WorkSummaryRange;
  previous: WorkSummaryRange;
}

export function planPeriod(period: SummaryPeriod, date: string): PeriodPlan {
  const day = period === 'yesterday' ? addDays(date, -1) : date;
  switch (period) {
    case 'today':
    case 'yesterday':
      return { current: { from: day, to: day }, previous: { from: addDays(day, -1), to: addDays(day, -1) } };
    case 'this-week': {
      const monday = addDays(day, 1 - isoWeekday(parseDate(day)));
      return { current: { from: monday, to: day }, previous: { from: addDays(monday, -7), to: addDays(day, -7) } };
    }
    case 'this-month': {
      const first = `${day.slice(0, 7)}-01`;
      const previousFirst = `${addDays(first, -1).slice(0, 7)}-01`;
      const previousLast = addDays(first, -1);
      const sameDay = addDays(previousFirst, parseDate(day) - parseDate(first));
      return { current: { from: first, to: day }, previous: { from: previousFirst, to: sameDay < previousLast ? sameDay : previousLast } };
    }
  }
}

/** The date a summary ends on: the asked one, or today in the company's timezone. */
export function periodDate(zone: TimeZone, asked: string | undefined, nowMs: number): string {
  return asked ?? dateText(zone.dayOf(nowMs));
}

/** Seconds of a range's dates up to `nowMs` (all of them once they are past; a clock change shortens or lengthens a day). */
export function elapsedSeconds(zone: TimeZone, range: WorkSummaryRange, nowMs: number): number {
  const start = zone.startOfDay(parseDate(range.from));
  const end = Math.min(nowMs, zone.endOfDay(parseDate(range.to)));
  return Math.max(0, Math.round((end - start) / 1000));
}

/** Whether a YYYY-MM-DD date lies in the range (text order is date order). */
export function inRange(day: string, range: WorkSummaryRange): boolean {
  return day >= range.from && day <= range.to;
}

import type { SummaryPeriod } from '@gearwatch/contracts';
import { dateText, dayNumber, HOUR_MS, isoWeekday } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import type { RollupWindow } from './repository.ts';

/** A summary's span: its first local date, its instants, and the rollup window that reads it. */
export interface PeriodSpan {
  startDay: DayNumber;
  from: number;
  to: number;
  window: RollupWindow;
}

/** The first local date of the period holding `today`: today, its ISO week's Monday, its month's first. */
export function periodStartDay(period: SummaryPeriod, today: DayNumber): DayNumber {
  if (period === 'today') return today;
  if (period === 'week') return today - (isoWeekday(today) - 1);
  const date = new Date(today * 86_400_000);
  return dayNumber(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The first local date of the period before the one starting on `startDay`. */
export function previousStartDay(period: SummaryPeriod, startDay: DayNumber): DayNumber {
  if (period === 'today') return startDay - 1;
  if (period === 'week') return startDay - 7;
  const date = new Date((startDay - 1) * 86_400_000);
  return dayNumber(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/**
 * The current period up to now, and the previous equal period: the same number of whole dates from its start, then
 * the same hours of the next date (the hours of today so far, rounded up to the hour the rollup holds). A previous
 * month shorter than the elapsed part of this one ends where this one starts.
 */
export function periodSpans(period: SummaryPeriod, zone: TimeZone, now: number): { current: PeriodSpan; previous: PeriodSpan } {
  const today = zone.dayOf(now);
  const startDay = periodStartDay(period, today);
  const todayStart = zone.startOfDay(today);
  const hourEnd = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const elapsedToday = hourEnd - todayStart;
  const current: PeriodSpan = {
    startDay,
    from: zone.startOfDay(startDay),
    to: now,
    window: { fromDay: dateText(startDay), toDay: dateText(today), fromHour: new Date(todayStart), toHour: new Date(hourEnd) },
  };
  const prevStart = previousStartDay(period, startDay);
  const prevDayEnd = prevStart + (today - startDay);
  const periodStart = zone.startOfDay(startDay);
  if (prevDayEnd >= startDay) {
    const empty = new Date(periodStart);
    return { current, previous: { startDay: prevStart, from: zone.startOfDay(prevStart), to: periodStart, window: { fromDay: dateText(prevStart), toDay: dateText(startDay), fromHour: empty, toHour: empty } } };
  }
  const hoursFrom = zone.startOfDay(prevDayEnd);
  const hoursTo = Math.min(hoursFrom + elapsedToday, periodStart);
  return {
    current,
    previous: {
      startDay: prevStart,
      from: zone.startOfDay(prevStart),
      to: hoursTo,
      window: { fromDay: dateText(prevStart), toDay: dateText(prevDayEnd), fromHour: new Date(hoursFrom), toHour: new Date(hoursTo) },
    },
  };
}

import type { SummaryPeriod } from '@gearwatch/contracts';
import { dateText, HOUR_MS, parseDate } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { planPeriod } from '../periods.ts';
import type { RollupWindow } from './repository.ts';

/** A summary's span: its first local date, its instants, and the rollup window that reads it. */
export interface PeriodSpan {
  startDay: DayNumber;
  from: number;
  to: number;
  window: RollupWindow;
}

/** Whole local dates first..last, read from the day rollup alone. */
function wholeDates(zone: TimeZone, first: DayNumber, last: DayNumber): PeriodSpan {
  const end = zone.startOfDay(last + 1);
  const none = new Date(end);
  return { startDay: first, from: zone.startOfDay(first), to: end, window: { fromDay: dateText(first), toDay: dateText(last + 1), fromHour: none, toHour: none } };
}

/**
 * The period's dates and the previous equal period's come from the summaries' one calendar rule (planPeriod). A
 * period that has ended (yesterday) is whole dates, and so is its previous one. A period running today ends now, so
 * its previous period takes the same number of whole dates, then as many hours of the next date as today has had
 * (rounded up to the hour the rollup holds); a previous month shorter than that ends where this one starts.
 */
export function periodSpans(period: SummaryPeriod, zone: TimeZone, now: number): { current: PeriodSpan; previous: PeriodSpan } {
  const today = zone.dayOf(now);
  const plan = planPeriod(period, dateText(today));
  const startDay = parseDate(plan.current.from);
  const prevStart = parseDate(plan.previous.from);
  const prevLast = parseDate(plan.previous.to);
  if (parseDate(plan.current.to) < today) return { current: wholeDates(zone, startDay, parseDate(plan.current.to)), previous: wholeDates(zone, prevStart, prevLast) };
  const todayStart = zone.startOfDay(today);
  const hourEnd = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const periodStart = zone.startOfDay(startDay);
  const current: PeriodSpan = {
    startDay,
    from: periodStart,
    to: now,
    window: { fromDay: dateText(startDay), toDay: dateText(today), fromHour: new Date(todayStart), toHour: new Date(hourEnd) },
  };
  const prevDayEnd = prevStart + (today - startDay);
  // planPeriod cut the previous month at its last date: the whole of it, up to where this period starts.
  if (prevDayEnd > prevLast) return { current, previous: wholeDates(zone, prevStart, prevLast) };
  const hoursFrom = zone.startOfDay(prevDayEnd);
  const hoursTo = Math.min(hoursFrom + (hourEnd - todayStart), periodStart);
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

import { ALERT_INTERVAL_MINUTES } from '@gearwatch/contracts';
import type { AlertDateInterval } from '@gearwatch/contracts';
import type { TimeZone } from '../time/time-zone.ts';
import type { DayNumber } from '../time/calendar.ts';
import { calendarSpan } from '../time/periods.ts';
import type { CalendarPeriod } from '../time/periods.ts';

/** A window [start, end) of instants (epoch ms). */
export interface Window {
  start: number;
  end: number;
}

/**
 * The windows of an interval in company time. Fixed intervals (10 min … 12 h) are laid from each local midnight on
 * the wall clock; a wall time the clocks skip resolves to the instant after the jump (so on the 23-hour day the
 * window of the missing hour is empty and left out) and a repeated wall time to its later instant (so on the
 * 25-hour day the window holding the repeated hour is an hour longer). Day, week (ISO, from Monday) and month
 * windows follow the local calendar, 23 or 25 hours long when the clocks change.
 */
export function windowContaining(interval: AlertDateInterval, zone: TimeZone, instant: number): Window {
  const day = zone.dayOf(instant);
  const minutes = ALERT_INTERVAL_MINUTES[interval];
  if (minutes !== undefined) {
    let k = Math.floor(zone.minuteOfDay(instant) / minutes);
    // Near a clock change the wall minute and the window's instants disagree: step to the window that holds it.
    for (;;) {
      const window = fixedWindow(zone, day, k, minutes);
      if (instant < window.start && k > 0) k--;
      else if (instant >= window.end) k++;
      else return window;
    }
  }
  // An interval without minutes is a calendar one (day, week, month: contracts' ALERT_INTERVAL_MINUTES).
  const span = calendarSpan(interval as CalendarPeriod, day);
  return { start: zone.startOfDay(span.from), end: zone.startOfDay(span.to + 1) };
}

function fixedWindow(zone: TimeZone, day: DayNumber, k: number, minutes: number): Window {
  const perDay = Math.ceil(1440 / minutes);
  const start = zone.instantAt(day, k * minutes);
  const end = k + 1 >= perDay ? zone.startOfDay(day + 1) : zone.instantAt(day, (k + 1) * minutes);
  return { start, end };
}

/** The non-empty windows that end after `from` and at or before `until`, in order, at most `limit` of them. */
export function windowsBetween(interval: AlertDateInterval, zone: TimeZone, from: number, until: number, limit = Infinity): Window[] {
  const windows: Window[] = [];
  let window = windowContaining(interval, zone, from);
  if (window.start < from && window.end <= from) window = windowContaining(interval, zone, window.end);
  while (window.end <= until && windows.length < limit) {
    if (window.end > window.start) windows.push(window);
    window = windowContaining(interval, zone, window.end);
  }
  return windows;
}

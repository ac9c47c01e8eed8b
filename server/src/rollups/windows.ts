import { HOUR_MS, MINUTE_MS, dateText } from '../time/calendar.ts';
import type { DayNumber } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';

/** The bucket width of the finest rollup (readings_5min): every cut lies on one. */
export const CUT_STEP_MS = 5 * MINUTE_MS;

/** The end of the 5-minute bucket holding an instant: what a period running at `ms` reads up to. */
export function stepEnd(ms: number): number {
  return (Math.floor(ms / CUT_STEP_MS) + 1) * CUT_STEP_MS;
}

/** Instants [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * How a span that starts at a local midnight is read from the rollups: its whole local dates from the day rollup,
 * the rest of its last date from whole UTC hours of the hour rollup and the 5-minute buckets around them (a zone
 * offset of half an hour starts the date mid-hour). The end is rounded up to a bucket, so a cut is read exactly; a
 * running period passes stepEnd(now) to read the bucket holding now.
 */
export interface RollupWindow {
  /** Local dates [fromDay, toDay), YYYY-MM-DD; none when equal. */
  fromDay: string;
  toDay: string;
  /** Hour buckets starting in [fromHour, toHour). */
  fromHour: Date;
  toHour: Date;
  /** 5-minute buckets starting in either range (before and after the hours). */
  minutes: [[Date, Date], [Date, Date]];
}

export function rollupWindow(zone: TimeZone, span: Span): RollupWindow {
  const startDay: DayNumber = zone.dayOf(span.start);
  const end = span.end <= span.start ? span.start : Math.ceil(span.end / CUT_STEP_MS) * CUT_STEP_MS;
  const lastDay = Math.max(startDay, zone.dayOf(end));
  const tail = zone.startOfDay(lastDay);
  const hourFrom = Math.ceil(tail / HOUR_MS) * HOUR_MS;
  const hourTo = Math.floor(end / HOUR_MS) * HOUR_MS;
  const at = (ms: number) => new Date(ms);
  if (hourFrom >= hourTo) {
    return {
      fromDay: dateText(startDay),
      toDay: dateText(lastDay),
      fromHour: at(tail),
      toHour: at(tail),
      minutes: [
        [at(tail), at(Math.max(tail, end))],
        [at(end), at(end)],
      ],
    };
  }
  return {
    fromDay: dateText(startDay),
    toDay: dateText(lastDay),
    fromHour: at(hourFrom),
    toHour: at(hourTo),
    minutes: [
      [at(tail), at(hourFrom)],
      [at(hourTo), at(end)],
    ],
  };
}

/** The instants a window reads after its whole dates (empty when it has none). */
export function restSpan(window: RollupWindow): Span {
  return { start: window.minutes[0][0].getTime(), end: window.minutes[1][1].getTime() };
}

import type { SummaryPeriod, WorkSummaryRange } from '@gearwatch/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS, addDays, dateText, isoWeekday, parseDate } from '../time/calendar.ts';
import type { DayNumber } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';

/**
 * The one period rule of every dashboard summary (contracts/src/summaries/common.ts, docs/api.md "Summary periods and
 * trends"). A period is a range of local dates; the previous equal period covers as many dates one day, week or
 * month back. A period that has ended is compared with the whole previous one. A running period (it holds now) is
 * compared with the previous one cut at the same point: the same number of dates, then the next date up to the same
 * local wall-clock time as now. Wall-clock rather than elapsed seconds because shifts and working hours are set on
 * the wall clock: at 08:00 on the 23-hour spring day the morning shift has run two hours, as it had at 08:00 the day
 * before. Both ends are rounded up to the 5 minutes of the finest rollup, so the two periods read the same buckets.
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

export interface PeriodTimes {
  plan: PeriodPlan;
  /** Whether now lies before the period's end: then it ends now and the previous period is cut. */
  running: boolean;
  /** From the first date's start to now while running (to the end of its last date once ended). */
  current: Span;
  /** The whole previous period, or while running the part up to the cut (previousCut). */
  previous: Span;
}

/** The instants of a planned period and of the previous one as the rule above compares them. */
export function periodTimes(zone: TimeZone, plan: PeriodPlan, nowMs: number): PeriodTimes {
  const start = zone.startOfDay(parseDate(plan.current.from));
  const end = zone.endOfDay(parseDate(plan.current.to));
  const previous = { start: zone.startOfDay(parseDate(plan.previous.from)), end: zone.endOfDay(parseDate(plan.previous.to)) };
  if (nowMs >= end) return { plan, running: false, current: { start, end }, previous };
  return { plan, running: true, current: { start, end: Math.max(start, nowMs) }, previous: { start: previous.start, end: previousCut(zone, plan, nowMs) } };
}

/**
 * Where the previous period stops while the current one runs: as many dates after its first date as today is after
 * the current first date, at now's wall-clock time rounded up to CUT_STEP_MS; never past its own last date (a
 * shorter month is then whole) nor before its start. A wall time the clocks skip on that date (02:30 on the spring
 * day) cuts where they jumped; one they repeat (02:30 on the autumn day) cuts at its later occurrence, so all of the
 * wall clock up to it counts.
 */
export function previousCut(zone: TimeZone, plan: PeriodPlan, nowMs: number): number {
  const today = zone.dayOf(nowMs);
  const wallOfDay = zone.wallMs(nowMs) - today * DAY_MS;
  const cutDay = parseDate(plan.previous.from) + (today - parseDate(plan.current.from));
  const reading = zone.readWallTime(cutDay * DAY_MS + stepEnd(wallOfDay));
  const instant = reading.kind === 'skipped' ? reading.change : reading.kind === 'repeated' ? reading.later : reading.instant;
  const first = zone.startOfDay(parseDate(plan.previous.from));
  return Math.min(Math.max(instant, first), zone.endOfDay(parseDate(plan.previous.to)));
}

/** The wall-clock time (HH:mm) the previous period is cut at, or null when it counts whole. */
export function previousUntil(zone: TimeZone, times: PeriodTimes): string | null {
  if (!times.running || times.previous.end >= zone.endOfDay(parseDate(times.plan.previous.to))) return null;
  return zone.format(times.previous.end).slice(11);
}

/** Seconds of a span: the base of percent activity (a clock change shortens or lengthens a day). */
export function spanSeconds(span: Span): number {
  return Math.max(0, Math.round((span.end - span.start) / 1000));
}

/** Whether a YYYY-MM-DD date lies in the range (text order is date order). */
export function inRange(day: string, range: WorkSummaryRange): boolean {
  return day >= range.from && day <= range.to;
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

/** What a summary that sums day rollups reads of a planned period and the previous one (periodTimes). */
export interface ComparedDates {
  times: PeriodTimes;
  /** Whole dates from the day rollups: the current period's (its last date holds what is stored so far), the previous one's before the cut. */
  dates: PeriodPlan;
  /** The previous period's part after its whole dates, from the bucket rollups; empty ranges when it is whole. */
  rest: RollupWindow;
}

export function comparedDates(zone: TimeZone, plan: PeriodPlan, nowMs: number): ComparedDates {
  const times = periodTimes(zone, plan, nowMs);
  const rest = rollupWindow(zone, times.previous);
  return { times, dates: { current: plan.current, previous: { from: rest.fromDay, to: addDays(rest.toDay, -1) } }, rest };
}

/** The instants a window reads after its whole dates (empty when it has none). */
export function restSpan(window: RollupWindow): Span {
  return { start: window.minutes[0][0].getTime(), end: window.minutes[1][1].getTime() };
}

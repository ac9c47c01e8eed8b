import type { SummaryPeriod, WorkSummaryRange } from '@gearwatch/contracts';
import { DAY_MS, addDays, dateText, parseDate } from '../time/calendar.ts';
import { periodToDate, spanText } from '../time/periods.ts';
import type { CalendarPeriod } from '../time/periods.ts';
import type { TimeZone } from '../time/time-zone.ts';
import { rollupWindow, stepEnd } from '../rollups/windows.ts';
import type { RollupWindow, Span } from '../rollups/windows.ts';

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

/** The calendar period of each summary period: yesterday is the day period of the date before. */
const CALENDAR_PERIOD: Record<SummaryPeriod, CalendarPeriod> = { today: 'day', yesterday: 'day', 'this-week': 'week', 'this-month': 'month' };

/** The period up to `date` (the date before for yesterday) and the previous one over as many dates (time/periods.ts). */
export function planPeriod(period: SummaryPeriod, date: string): PeriodPlan {
  const day = parseDate(date) - (period === 'yesterday' ? 1 : 0);
  const { current, previous } = periodToDate(day, CALENDAR_PERIOD[period]);
  return { current: spanText(current), previous: spanText(previous) };
}

/** The date a summary ends on: the asked one, or today in the company's timezone. */
export function periodDate(zone: TimeZone, asked: string | undefined, nowMs: number): string {
  return asked ?? dateText(zone.dayOf(nowMs));
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

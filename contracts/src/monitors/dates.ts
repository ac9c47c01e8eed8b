import { isCalendarDate } from '../diagnostics-query.ts';

/**
 * Calendar arithmetic on local dates written 'YYYY-MM-DD' (spec 02 §4, §9). A date here has no time and no zone:
 * the arithmetic runs on UTC midnights, where every day is 24 hours long, so a clock change in the company's
 * timezone can never shift a date by one.
 */

/** An inclusive range of local dates. */
export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** Weeks start on Monday (spec 02 §4), in `Date#getUTCDay` numbering (0 = Sunday). */
export const WEEK_STARTS_ON = 1;

function toUtcMs(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a calendar date: ${date}`);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to`: 0 for the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** Days in the range counted inclusively, whichever way round it was picked: a single day is 1. */
export function daysInclusive(range: DateRange): number {
  return Math.abs(daysBetween(range.from, range.to)) + 1;
}

/** A range picked in reverse order, swapped (spec 02 §4). */
export function normaliseRange(from: string, to: string): DateRange {
  // Zero-padded ISO dates sort as text in calendar order.
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The interval selector's flag (spec 02 §5): true when the from day is not before the to day. */
export function isSingleDay(range: DateRange): boolean {
  return range.from >= range.to;
}

/** Monday of the week `date` falls in. */
export function startOfWeek(date: string): string {
  const weekday = new Date(toUtcMs(date)).getUTCDay();
  return addDays(date, -((weekday - WEEK_STARTS_ON + 7) % 7));
}

/** Sunday of the week `date` falls in. */
export function endOfWeek(date: string): string {
  return addDays(startOfWeek(date), 6);
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function isFirstOfMonth(date: string): boolean {
  return isCalendarDate(date) && date.endsWith('-01');
}

// Building an Intl.DateTimeFormat costs far more than using one, and every monitor of a board asks for today.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timezone: string): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timezone, formatter);
  }
  return formatter;
}

/** Today's local date in an IANA timezone (the company's, ARCHITECTURE "Day boundaries"). */
export function todayIn(timezone: string, now: Date = new Date()): string {
  const parts = dateFormatter(timezone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

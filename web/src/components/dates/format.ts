// The client's one way to show dates and times (the lint rule in eslint.config.js keeps it so). Every text is in the
// formatting locale of the interface language (formattingLocale: en reads 27/11/2026, 10:00) and on the company's
// clock: a time the API wrote with an offset keeps the wall clock it states, an instant in UTC is put on the
// company's zone (DateFormat.timeZone; useDateFormat() gives the signed-in user's). Calendar dates ('YYYY-MM-DD')
// are days already, and need no zone.
import { addDays, startOfWeek } from '@gearwatch/contracts';
import { WEEK_LENGTH } from './calendar.ts';
import { wallClock } from './zone.ts';
import { formattingLocale } from '../../i18n/locale.ts';

/** Where a time is shown: the interface language and the company's IANA time zone. */
export interface DateFormat {
  language: string;
  timeZone: string;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDate(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

// Building an Intl.DateTimeFormat is far slower than using one, and a month grid or a list formats dozens of times.
// Every text is formatted from a wall clock read as UTC, so the formatters are per language and style only.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(language: string, options: Intl.DateTimeFormatOptions, wall: number): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(wall);
}

const SHORT_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'short' };
const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
const FULL_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const CLOCK_SECONDS: Intl.DateTimeFormatOptions = { ...CLOCK, second: '2-digit' };

// Calendar dates ('YYYY-MM-DD'): the printed day is always the day of the string.

export function formatShortDate(date: string, language: string): string {
  return format(language, SHORT_DATE, utcDate(date));
}

export function formatLongDate(date: string, language: string): string {
  return format(language, { dateStyle: 'full' }, utcDate(date));
}

export function formatMonth(month: string, language: string): string {
  return format(language, { month: 'long', year: 'numeric' }, utcDate(`${month}-01`));
}

/** Short weekday names, Monday first. */
export function weekdayNames(language: string): string[] {
  // Any Monday will do; the week of 2024-01-01 (a Monday) is as good as another.
  const monday = startOfWeek('2024-01-01');
  return Array.from({ length: WEEK_LENGTH }, (_, day) => format(language, { weekday: 'short' }, utcDate(addDays(monday, day))));
}

export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

// Times: an ISO text (with an offset or in UTC) or epoch ms. None (null) gives '', an unreadable text itself.

export type TimeValue = string | number | null;

function formatWall(value: TimeValue, { language, timeZone }: DateFormat, options: Intl.DateTimeFormatOptions): string {
  if (value === null) return '';
  const clock = wallClock(value, timeZone);
  return clock ? format(language, options, clock.wall) : String(value);
}

/** A short date of a time on the company's clock (en 27/11/2026); a calendar date as it is. */
export function formatDate(value: TimeValue, dateFormat: DateFormat): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatShortDate(value, dateFormat.language);
  return formatWall(value, dateFormat, SHORT_DATE);
}

/**
 * A date and time on the company's clock: 'short' (en 27/11/2026, 10:00; pl 27.11.2026, 10:00) for lists and
 * messages, 'full' (en 27 Nov 2026, 10:00:30) for tooltips. A calendar date alone is written as a date.
 */
export function formatDateTime(value: TimeValue, dateFormat: DateFormat, detail: 'short' | 'full' = 'short'): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatShortDate(value, dateFormat.language);
  return formatWall(value, dateFormat, detail === 'full' ? FULL_DATE_TIME : SHORT_DATE_TIME);
}

/** The time of day on the company's clock, 24-hour: '14:00', or '14:00:05' with seconds. */
export function formatTime(value: TimeValue, dateFormat: DateFormat, { seconds = false }: { seconds?: boolean } = {}): string {
  return formatWall(value, dateFormat, seconds ? CLOCK_SECONDS : CLOCK);
}

/**
 * A short time of a recent event: only the time ('10:05') when it is on the same company day as `now` (epoch ms),
 * otherwise the short date and time.
 */
export function formatRecentTime(value: string | number, now: number, dateFormat: DateFormat): string {
  const clock = wallClock(value, dateFormat.timeZone);
  if (!clock) return String(value);
  const day = (wall: number) => new Date(wall).toISOString().slice(0, 10);
  const sameDay = day(clock.wall) === day(now + clock.offset);
  return format(dateFormat.language, sameDay ? { timeStyle: 'short' } : SHORT_DATE_TIME, clock.wall);
}

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormatter(language: string, numeric: 'auto' | 'always'): Intl.RelativeTimeFormat {
  const key = `${language}|${numeric}`;
  let formatter = relativeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(formattingLocale(language), { numeric, style: 'short' });
    relativeFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * How long before `now` (epoch ms) the instant `value` was, in the largest whole unit up to days: 'now' under a
 * minute, then '5 min ago', '3 hr ago', '2 days ago'. A time slightly ahead of `now` (clocks of the module and the
 * browser differ) counts as now rather than as the future. Only the language matters: an interval has no zone.
 */
export function formatRelativeTime(value: string | number, now: number, { language }: Pick<DateFormat, 'language'>): string {
  const instant = typeof value === 'number' ? value : Date.parse(value);
  const elapsed = Math.max(0, Math.floor((now - instant) / 1000));
  if (elapsed < MINUTE_S) return relativeFormatter(language, 'auto').format(0, 'second');
  // 'always': a day count must not read 'yesterday', which would be wrong 30 hours ago at 1 a.m.
  const formatter = relativeFormatter(language, 'always');
  if (elapsed < HOUR_S) return formatter.format(-Math.floor(elapsed / MINUTE_S), 'minute');
  if (elapsed < DAY_S) return formatter.format(-Math.floor(elapsed / HOUR_S), 'hour');
  return formatter.format(-Math.floor(elapsed / DAY_S), 'day');
}

/**
 * Seconds as `h:mm` (whole minutes, rounded down; hours are not wrapped at 24): 3725 → '1:02'; with `seconds`, the
 * exact `h:mm:ss` behind it (a tooltip): 3725 → '1:02:05'. Nothing negative or not a number shows as zero.
 */
export function formatDuration(value: number, { seconds = false }: { seconds?: boolean } = {}): string {
  const whole = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  const minutes = Math.floor(whole / MINUTE_S);
  const hoursAndMinutes = `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  return seconds ? `${hoursAndMinutes}:${String(whole % MINUTE_S).padStart(2, '0')}` : hoursAndMinutes;
}

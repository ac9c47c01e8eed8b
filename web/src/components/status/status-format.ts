// Short texts of the status icons (spec 01 §2 "status icons"): durations as h:mm, times relative to now ("5 min
// ago") and absolute times on the device company's clock. Intl does the wording, so no translation keys are needed.
import { formattingLocale } from '../../i18n/locale.ts';

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;

/** Seconds as `h:mm` (whole minutes, rounded down; hours are not wrapped at 24): 3725 → '1:02'. */
export function formatDuration(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / MINUTE_S) : 0;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

// Building an Intl formatter is far slower than using one, and a list shows several times per device.
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
 * How long before `now` (epoch ms) the instant `iso` was, in the largest whole unit up to days: 'now' under a
 * minute, then '5 min ago', '3 hr ago', '2 days ago'. A time slightly ahead of `now` (clocks of the module and the
 * browser differ) counts as now rather than as the future.
 */
export function relativeTime(iso: string, now: number, language: string): string {
  const elapsed = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (elapsed < MINUTE_S) return relativeFormatter(language, 'auto').format(0, 'second');
  // 'always': a day count must not read 'yesterday', which would be wrong 30 hours ago at 1 a.m.
  const formatter = relativeFormatter(language, 'always');
  if (elapsed < HOUR_S) return formatter.format(-Math.floor(elapsed / MINUTE_S), 'minute');
  if (elapsed < DAY_S) return formatter.format(-Math.floor(elapsed / HOUR_S), 'hour');
  return formatter.format(-Math.floor(elapsed / DAY_S), 'day');
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * The wall-clock time an ISO string states, as epoch ms of that wall time in UTC. The API writes times with the
 * company's offset ('2026-03-02T10:05:00+01:00'), so formatting this in UTC shows the company's clock without the
 * client knowing the company's timezone.
 */
function wallClockMs(iso: string): number {
  const match = WALL_CLOCK.exec(iso);
  if (!match) return Date.parse(iso);
  const [, year, month, day, hour, minute, second] = match;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0));
}

/** The offset the ISO string carries, in ms (0 for 'Z' or none). */
function offsetMs(iso: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return 0;
  const [, sign, hours, minutes] = match;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = dateTimeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { ...options, timeZone: 'UTC' });
    dateTimeFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A short absolute time on the company's clock: only the time ('10:05') when it is on the same company day as
 * `now`, otherwise the short date and time.
 */
export function shortTime(iso: string, now: number, language: string): string {
  const wall = wallClockMs(iso);
  const today = new Date(now + offsetMs(iso)).toISOString().slice(0, 10);
  const sameDay = new Date(wall).toISOString().slice(0, 10) === today;
  return dateTimeFormatter(language, sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' }).format(wall);
}

/** The full absolute time on the company's clock, for tooltips: date and time with seconds. */
export function fullTime(iso: string, language: string): string {
  return dateTimeFormatter(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(wallClockMs(iso));
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A reading as shown (spec 02 §9: at most 2 decimals), with its unit when it has one. */
export function formatReading(value: number, unit: string | null, language: string): string {
  let formatter = numberFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { maximumFractionDigits: 2 });
    numberFormatters.set(language, formatter);
  }
  return unit ? `${formatter.format(value)} ${unit}` : formatter.format(value);
}

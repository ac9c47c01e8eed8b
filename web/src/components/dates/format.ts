// Localised names and dates for the picker, from Intl.DateTimeFormat in the interface language. Dates are formatted
// as UTC midnights in the UTC zone, so the printed day is always the day of the 'YYYY-MM-DD' string.
import { addDays, startOfWeek } from '@gearwatch/contracts';
import { WEEK_LENGTH } from './calendar.ts';
import { formattingLocale } from '../../i18n/locale.ts';

function utcDate(date: string): Date {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))));
}

// Building an Intl.DateTimeFormat is far slower than using one, and a month grid formats dozens of days.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(language: string, options: Intl.DateTimeFormatOptions, date: string): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter.format(utcDate(date));
}

export function formatShortDate(date: string, language: string): string {
  return format(language, { dateStyle: 'short' }, date);
}

export function formatLongDate(date: string, language: string): string {
  return format(language, { dateStyle: 'full' }, date);
}

export function formatMonth(month: string, language: string): string {
  return format(language, { month: 'long', year: 'numeric' }, `${month}-01`);
}

/** Short weekday names, Monday first. */
export function weekdayNames(language: string): string[] {
  // Any Monday will do; the week of 2024-01-01 (a Monday) is as good as another.
  const monday = startOfWeek('2024-01-01');
  return Array.from({ length: WEEK_LENGTH }, (_, day) => format(language, { weekday: 'short' }, addDays(monday, day)));
}

export function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

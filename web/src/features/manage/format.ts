// Dates, times and figures of the management tables. Times of the device page come with the company's offset
// ('2026-03-02T10:05:00+01:00') and are shown as that wall clock; the operator history comes in UTC ('…Z') and is
// shown on the company's clock by its timezone. Intl does the wording, so no translation keys are needed.
import { formattingLocale } from '../../i18n/locale.ts';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?([+-]\d{2}:?\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormatter(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'short', timeStyle: 'short', timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date and time as `dd.mm.yyyy, hh:mm` in the language's style. A time written with an offset shows the wall clock
 * it states; one in UTC is put on `timeZone` (the company's). Null or unreadable gives an empty text.
 */
export function formatDateTime(iso: string | null, language: string, timeZone: string): string {
  if (!iso) return '';
  const wall = WALL_CLOCK.exec(iso);
  if (wall) {
    const [, year, month, day, hour, minute, second] = wall;
    return dateTimeFormatter(language, 'UTC').format(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0)));
  }
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  try {
    return dateTimeFormatter(language, timeZone).format(instant);
  } catch {
    // An unknown timezone name (an old browser's list): UTC rather than nothing.
    return dateTimeFormatter(language, 'UTC').format(instant);
  }
}

const percentFormatters = new Map<string, Intl.NumberFormat>();

/** A whole percentage (productivity 87 → '87%' or '87 %' as the language writes it). */
export function formatPercent(value: number, language: string): string {
  let formatter = percentFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(formattingLocale(language), { style: 'percent', maximumFractionDigits: 0 });
    percentFormatters.set(language, formatter);
  }
  return formatter.format(value / 100);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A local date (YYYY-MM-DD, already the company's) as the language writes a short date; the text itself otherwise. */
export function formatLocalDate(date: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  let formatter = dateFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'short', timeZone: 'UTC' });
    dateFormatters.set(language, formatter);
  }
  return formatter.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

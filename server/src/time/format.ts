import { FORMATTING_LOCALES } from '@gearwatch/contracts';
import { textLanguage } from '../i18n/translator.ts';

/**
 * The server's one way to write a date or a time for a person (mails): in the reader's language, as the client writes
 * it on screen (contracts FORMATTING_LOCALES, short styles: en 27/11/2026, 10:00; pl 27.11.2026, 10:00), and on the
 * company's clock. One format per purpose: a calendar date, or an instant as date and time.
 */

/** Where a time is written: the reader's language and the company's IANA time zone. */
export interface DateFormat {
  language: string;
  timeZone: string;
}

// Building an Intl.DateTimeFormat is far slower than using one, and a mail to many people formats the same few times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = FORMATTING_LOCALES[textLanguage(language)];
  const key = `${locale}|${timeZone}|${options.timeStyle ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (`YYYY-MM-DD`, a day of the company already) as the language writes it; anything else as it is. */
export function formatDate(date: string, language: string): string {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return date;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatter(language, 'UTC', { dateStyle: 'short' }).format(day);
}

/** An instant as the date and time on the company's clock, in the language. */
export function formatDateTime(at: Date | string | number, { language, timeZone }: DateFormat): string {
  return formatter(language, timeZone, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
}

// Times of the administration lists. The API sends these instants in UTC ('…Z'), and they belong to rows of many
// companies in many timezones, so they are shown on the browser's own clock.
import { formattingLocale } from '../../../i18n/locale.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as a short date and time on the browser's clock. */
export function formatInstant(iso: string, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'short', timeStyle: 'short' });
    formatters.set(language, formatter);
  }
  return formatter.format(new Date(iso));
}

/** Today's date (YYYY-MM-DD) on the browser's clock, to compare a warranty's last day with. */
export function localToday(now: number = Date.now()): string {
  const date = new Date(now);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

import { formattingLocale } from '../../../i18n/locale.ts';

/**
 * A task's deadline or reminder: a short date and time in the company's time zone, in the formatting locale every
 * other screen uses (en: 26/11/2026, 17:15; pl: 26.11.2026, 17:15).
 */
export function formatDeadline(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));
}

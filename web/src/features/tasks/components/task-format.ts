/** A task's deadline or reminder: a short date and time in the company's time zone. */
export function formatDeadline(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));
}

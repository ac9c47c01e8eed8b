/**
 * Local calendar dates without a timezone. Inside computations a date is a day number (days since 1970-01-01 in the
 * proleptic Gregorian calendar), so "the next day" and "the weekday" are plain arithmetic; at the edges (contracts,
 * the database's `::date::text`) it is YYYY-MM-DD text.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type DayNumber = number;

const pad2 = (n: number) => String(n).padStart(2, '0');

export function dayNumber(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** The day number of a YYYY-MM-DD text; throws for any other text. */
export function parseDate(text: string): DayNumber {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${text}`);
  return dayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** YYYY-MM-DD of a day number. */
export function dateText(day: DayNumber): string {
  const d = new Date(day * DAY_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

export function addDays(text: string, days: number): string {
  return dateText(parseDate(text) + days);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function inclusiveDays(from: string, to: string): number {
  return parseDate(to) - parseDate(from) + 1;
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(day: DayNumber): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** A week counter that turns over on Mondays, for rotas. */
export function weekIndex(day: DayNumber): number {
  return Math.floor((day + 3) / 7);
}

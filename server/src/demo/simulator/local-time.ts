// Wall-clock time in a company's timezone without a date library. Local dates are day numbers (days since
// 1970-01-01 in the civil calendar), which makes "the next day" and "the weekday" plain arithmetic; instants are
// epoch milliseconds.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type DayNumber = number;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets per zone and UTC hour: EU zones change at whole UTC hours, and the simulator asks for the same hours often. */
const offsetCache = new Map<string, Map<number, number>>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (Warsaw in summer: +7,200,000). */
export function zoneOffsetMs(timezone: string, instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let byHour = offsetCache.get(timezone);
  if (!byHour) {
    byHour = new Map();
    offsetCache.set(timezone, byHour);
  }
  const cached = byHour.get(hour);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(new Date(hour * HOUR_MS))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  const offset = wall - hour * HOUR_MS;
  byHour.set(hour, offset);
  return offset;
}

export function dayNumber(year: number, month: number, day: number): DayNumber {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** Parses YYYY-MM-DD. */
export function parseDay(text: string): DayNumber {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${text}`);
  return dayNumber(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function formatDay(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(day: DayNumber): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** A week counter that turns over on Mondays, for rotas. */
export function weekIndex(day: DayNumber): number {
  return Math.floor((day + 3) / 7);
}

/** The local date of an instant. */
export function localDayOf(timezone: string, instant: number): DayNumber {
  return Math.floor((instant + zoneOffsetMs(timezone, instant)) / DAY_MS);
}

/** Minutes since local midnight of an instant (0 … 1439). */
export function localMinuteOfDay(timezone: string, instant: number): number {
  const local = instant + zoneOffsetMs(timezone, instant);
  return Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/**
 * The instant of a local wall time; `minutes` may exceed a day (22:00 + 8 h is 06:00 the next day). A wall time
 * skipped by a spring-forward change resolves to the instant one hour later, as clocks do.
 */
export function localToInstant(timezone: string, day: DayNumber, minutes: number): number {
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  const first = wall - zoneOffsetMs(timezone, wall);
  const second = wall - zoneOffsetMs(timezone, first);
  return zoneOffsetMs(timezone, second) === wall - second ? second : Math.max(first, second);
}

/** Local midnight starting the day. */
export function startOfLocalDay(timezone: string, day: DayNumber): number {
  return localToInstant(timezone, day, 0);
}

// Time zone arithmetic for the formatters in format.ts and the screens that lay out days (the geo monitor's slider):
// what a zone's wall clock reads at an instant, and when a zone's day starts. Intl knows the zones' rules, so the
// client carries no tz database. Together with format.ts, the only place the client calls Intl.DateTimeFormat.

// Building an Intl.DateTimeFormat is far slower than using one; a list asks for the same zone again and again.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    // en-US only names the parts; nothing of it is shown.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at the instant `ms`. An unknown zone name throws a RangeError. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall time (epoch ms of the wall clock read as UTC) is in `timeZone`. The offset is read twice, the
 * second time at the first guess, so a wall time whose offset differs from the one at the same UTC time (near a clock
 * change) still lands right.
 */
export function zonedInstant(wall: number, timeZone: string): number {
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(guess, timeZone);
}

/** The instant the local day `date` ('YYYY-MM-DD') starts in `timeZone` (a day of 23 or 25 hours too). */
export function localMidnightMs(date: string, timeZone: string): number {
  return zonedInstant(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))), timeZone);
}

const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?([+-])(\d{2}):?(\d{2})$/;

/**
 * A time as the wall clock it is shown on, in epoch ms of that wall time read as UTC, with the offset that clock had
 * from UTC. A time the API wrote with an offset ('2026-03-02T10:05:00+01:00', the device company's clock) keeps the
 * clock it states; an instant in UTC ('…Z', or epoch ms) is put on `timeZone`. An unknown zone name gives UTC rather
 * than nothing; an unreadable text gives null.
 */
export function wallClock(value: string | number, timeZone: string): { wall: number; offset: number } | null {
  if (typeof value === 'string') {
    const match = WITH_OFFSET.exec(value);
    if (match) {
      const [, year, month, day, hour, minute, second, sign, offsetHours, offsetMinutes] = match;
      const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0));
      return { wall, offset: (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 };
    }
  }
  const instant = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(instant)) return null;
  let offset = 0;
  try {
    offset = zoneOffsetMs(instant, timeZone);
  } catch {
    // An unknown timezone name (an old browser's list): UTC.
  }
  return { wall: instant + offset, offset };
}

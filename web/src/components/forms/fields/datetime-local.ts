// The browser's datetime-local input speaks wall-clock text ('2025-03-30T14:05'); the form protocol speaks ISO
// instants. These convert between them on the company's clock, the one every screen shows times on, not the
// browser's.
import { wallClock, zonedInstant } from '../../dates/zone.ts';

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An ISO instant as datetime-local text on `timeZone`'s clock; '' for none or an unreadable value. */
export function toLocalInput(value: unknown, timeZone: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const clock = wallClock(value, timeZone);
  return clock ? new Date(clock.wall).toISOString().slice(0, 16) : '';
}

/** datetime-local text (a time on `timeZone`'s clock) as an ISO instant; null when empty or incomplete. */
export function fromLocalInput(text: string, timeZone: string): string | null {
  const match = LOCAL_INPUT.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second ?? 0));
  try {
    return new Date(zonedInstant(wall, timeZone)).toISOString();
  } catch {
    // An unknown timezone name (an old browser's list): UTC.
    return new Date(wall).toISOString();
  }
}

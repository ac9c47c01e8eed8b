import { describe, expect, it } from 'vitest';
import { formatDay, isoWeekday, localDayOf, localMinuteOfDay, localToInstant, parseDay, startOfLocalDay, weekIndex } from './local-time.ts';

const utc = (text: string) => Date.parse(text);

describe('local time', () => {
  it('converts wall times on ordinary days and on both clock changes in Warsaw', () => {
    // 2026-03-29: 02:00 CET becomes 03:00 CEST; 2026-10-25: 03:00 CEST becomes 02:00 CET.
    expect(localToInstant('Europe/Warsaw', parseDay('2026-03-28'), 22 * 60)).toBe(utc('2026-03-28T21:00:00Z'));
    expect(localToInstant('Europe/Warsaw', parseDay('2026-03-28'), 30 * 60)).toBe(utc('2026-03-29T04:00:00Z'));
    expect(localToInstant('Europe/Warsaw', parseDay('2026-03-29'), 6 * 60)).toBe(utc('2026-03-29T04:00:00Z'));
    expect(localToInstant('Europe/Warsaw', parseDay('2026-10-24'), 22 * 60)).toBe(utc('2026-10-24T20:00:00Z'));
    expect(localToInstant('Europe/Warsaw', parseDay('2026-10-24'), 30 * 60)).toBe(utc('2026-10-25T05:00:00Z'));
    expect(startOfLocalDay('Europe/Riga', parseDay('2026-07-01'))).toBe(utc('2026-06-30T21:00:00Z'));
    // A wall time the spring change skips lands an hour later, as clocks do.
    expect(localToInstant('Europe/Warsaw', parseDay('2026-03-29'), 2 * 60 + 30)).toBe(utc('2026-03-29T01:30:00Z'));
  });

  it('reads the local date and minute of an instant', () => {
    expect(formatDay(localDayOf('Europe/Warsaw', utc('2026-03-28T23:30:00Z')))).toBe('2026-03-29');
    expect(formatDay(localDayOf('Europe/Warsaw', utc('2026-07-31T21:59:00Z')))).toBe('2026-07-31');
    expect(formatDay(localDayOf('Europe/Warsaw', utc('2026-07-31T22:00:00Z')))).toBe('2026-08-01');
    expect(localMinuteOfDay('Europe/Riga', utc('2026-01-15T07:05:00Z'))).toBe(9 * 60 + 5);
  });

  it('counts weekdays and Monday-based weeks', () => {
    expect(isoWeekday(parseDay('2026-11-23'))).toBe(1);
    expect(isoWeekday(parseDay('2026-11-29'))).toBe(7);
    expect(weekIndex(parseDay('2026-11-29'))).toBe(weekIndex(parseDay('2026-11-23')));
    expect(weekIndex(parseDay('2026-11-30'))).toBe(weekIndex(parseDay('2026-11-23')) + 1);
    expect(() => parseDay('2026-1-5')).toThrow('YYYY-MM-DD');
  });
});

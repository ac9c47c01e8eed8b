import { describe, expect, it } from 'vitest';
import { addDays, dateText, dayNumber, inclusiveDays, isoWeekday, parseDate, weekIndex } from './calendar.ts';

describe('calendar', () => {
  it('reads and writes YYYY-MM-DD dates as day numbers', () => {
    expect(parseDate('1970-01-01')).toBe(0);
    expect(parseDate('2026-03-29')).toBe(dayNumber(2026, 3, 29));
    expect(dateText(parseDate('2028-02-29'))).toBe('2028-02-29');
    expect(dateText(-1)).toBe('1969-12-31');
    expect(() => parseDate('2026-1-5')).toThrow('YYYY-MM-DD');
  });

  it('adds days across months and years and counts inclusive days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(inclusiveDays('2026-01-15', '2026-01-15')).toBe(1);
    expect(inclusiveDays('2026-03-01', '2026-03-31')).toBe(31);
    expect(inclusiveDays('2028-01-01', '2028-12-31')).toBe(366);
  });

  it('counts weekdays and Monday-based weeks', () => {
    expect(isoWeekday(parseDate('2026-11-23'))).toBe(1);
    expect(isoWeekday(parseDate('2026-11-29'))).toBe(7);
    expect(isoWeekday(parseDate('1969-12-29'))).toBe(1);
    expect(weekIndex(parseDate('2026-11-29'))).toBe(weekIndex(parseDate('2026-11-23')));
    expect(weekIndex(parseDate('2026-11-30'))).toBe(weekIndex(parseDate('2026-11-23')) + 1);
  });
});

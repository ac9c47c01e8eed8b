import { describe, expect, it } from 'vitest';
import { localMidnightMs, wallClock, zoneOffsetMs } from './zone.ts';

const HOUR_MS = 3_600_000;

describe('localMidnightMs', () => {
  it.each([
    ['2026-03-02', 'Europe/Warsaw', '2026-03-02T00:00:00+01:00'],
    ['2026-07-15', 'Europe/Warsaw', '2026-07-15T00:00:00+02:00'],
    ['2026-03-02', 'America/New_York', '2026-03-02T00:00:00-05:00'],
    ['2026-03-02', 'Asia/Kolkata', '2026-03-02T00:00:00+05:30'],
    ['2026-03-02', 'UTC', '2026-03-02T00:00:00Z'],
  ])('starts %s in %s at %s', (date, timezone, expected) => {
    expect(localMidnightMs(date, timezone)).toBe(Date.parse(expected));
  });

  it('makes the Warsaw days of the clock changes 23 and 25 hours long', () => {
    expect(localMidnightMs('2026-03-30', 'Europe/Warsaw') - localMidnightMs('2026-03-29', 'Europe/Warsaw')).toBe(23 * HOUR_MS);
    expect(localMidnightMs('2026-10-26', 'Europe/Warsaw') - localMidnightMs('2026-10-25', 'Europe/Warsaw')).toBe(25 * HOUR_MS);
  });
});

describe('zoneOffsetMs', () => {
  it('reads the offset before and after the Warsaw clocks go forward', () => {
    expect(zoneOffsetMs(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Warsaw')).toBe(HOUR_MS);
    expect(zoneOffsetMs(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Warsaw')).toBe(2 * HOUR_MS);
  });
});

describe('wallClock', () => {
  it('keeps the clock and offset a text states', () => {
    expect(wallClock('2026-03-02T10:05:00.250-05:30', 'Europe/Warsaw')).toEqual({ wall: Date.UTC(2026, 2, 2, 10, 5), offset: -5.5 * HOUR_MS });
  });

  it('puts an instant on the zone, keeping its milliseconds', () => {
    expect(wallClock('2026-07-02T09:05:00.250Z', 'Europe/Warsaw')).toEqual({ wall: Date.UTC(2026, 6, 2, 11, 5, 0, 250), offset: 2 * HOUR_MS });
  });

  it('gives null for an unreadable text', () => {
    expect(wallClock('soon', 'Europe/Warsaw')).toBeNull();
  });
});

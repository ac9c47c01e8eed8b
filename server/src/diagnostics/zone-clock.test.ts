import { describe, expect, it } from 'vitest';
import { ZoneClock, addDays, inclusiveDays } from './zone-clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('ZoneClock', () => {
  const warsaw = new ZoneClock('Europe/Warsaw');

  it('knows the offset in winter and summer', () => {
    expect(warsaw.offsetMs(at('2026-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(warsaw.offsetMs(at('2026-07-15T12:00:00Z'))).toBe(7_200_000);
    expect(warsaw.offsetMs(at('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(warsaw.offsetMs(at('2026-03-29T01:00:00Z'))).toBe(7_200_000);
  });

  it('finds where local days start, also on the days the clocks change', () => {
    expect(warsaw.startOf('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(warsaw.startOf('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(warsaw.startOf('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(warsaw.startOf('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(warsaw.startOf('2026-10-25', 24).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('reads a skipped wall time with the offset before the change and a repeated one as the later instant, as PostgreSQL does', () => {
    expect(warsaw.startOf('2026-03-29', 2).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(warsaw.startOf('2026-10-25', 2).toISOString()).toBe('2026-10-25T01:00:00.000Z');
  });

  it('writes local wall times, repeating the hour that occurs twice, and ISO times with the offset in force', () => {
    expect(warsaw.format(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25 02:30');
    expect(warsaw.format(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30');
    expect(warsaw.format(at('2026-01-15T07:02:03Z'), true)).toBe('2026-01-15 08:02:03');
    expect(warsaw.isoWithOffset(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(warsaw.isoWithOffset(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
    expect(new ZoneClock('America/New_York').isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T07:00:00-05:00');
    expect(new ZoneClock('Asia/Kolkata').isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T17:30:00+05:30');
  });

  it('refuses a name that is not a timezone', () => {
    expect(() => new ZoneClock('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('local date arithmetic', () => {
  it('adds days across months and years and counts inclusive days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(inclusiveDays('2026-01-15', '2026-01-15')).toBe(1);
    expect(inclusiveDays('2026-03-01', '2026-03-31')).toBe(31);
    expect(inclusiveDays('2028-01-01', '2028-12-31')).toBe(366);
  });
});

describe('wholeHourOffsets', () => {
  const year = [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)] as const;

  it('holds in zones whose offsets are whole hours all year, clock changes included', () => {
    expect(new ZoneClock('Europe/Warsaw').wholeHourOffsets(...year)).toBe(true);
    expect(new ZoneClock('UTC').wholeHourOffsets(...year)).toBe(true);
  });

  it('fails where an offset is a half or quarter hour for part of the range or all of it', () => {
    expect(new ZoneClock('Asia/Kathmandu').wholeHourOffsets(...year)).toBe(false);
    // Lord Howe Island: +10:30 in winter, +11 in summer (a half-hour clock change).
    expect(new ZoneClock('Australia/Lord_Howe').wholeHourOffsets(...year)).toBe(false);
    expect(new ZoneClock('Australia/Lord_Howe').wholeHourOffsets(Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 20))).toBe(true);
  });
});

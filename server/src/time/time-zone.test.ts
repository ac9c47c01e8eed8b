import { describe, expect, it } from 'vitest';
import { HOUR_MS, dateText, parseDate } from './calendar.ts';
import { TimeZone, timeZone } from './time-zone.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
/** A wall time written as if it were UTC. */
const wall = (text: string) => Date.parse(`${text}Z`);
const warsaw = timeZone('Europe/Warsaw');
const newYork = timeZone('America/New_York');

describe('offsets', () => {
  it('knows the offset in winter and summer, to the second of the change', () => {
    expect(warsaw.offsetMs(at('2026-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(warsaw.offsetMs(at('2026-07-15T12:00:00Z'))).toBe(7_200_000);
    expect(warsaw.offsetMs(at('2026-03-29T00:59:59.999Z'))).toBe(3_600_000);
    expect(warsaw.offsetMs(at('2026-03-29T01:00:00Z'))).toBe(7_200_000);
    expect(newYork.offsetMs(at('2026-03-08T06:59:59Z'))).toBe(-5 * HOUR_MS);
    expect(newYork.offsetMs(at('2026-03-08T07:00:00Z'))).toBe(-4 * HOUR_MS);
    expect(timeZone('UTC').offsetMs(at('2026-07-15T12:00:00Z'))).toBe(0);
  });

  it('knows half-hour and 45-minute zones, and clock changes in the middle of a UTC hour', () => {
    expect(timeZone('Asia/Kolkata').offsetMs(at('2026-07-15T12:00:00Z'))).toBe(5.5 * HOUR_MS);
    expect(timeZone('Asia/Kathmandu').offsetMs(at('2026-07-15T12:00:00Z'))).toBe(5.75 * HOUR_MS);
    // Adelaide goes from +09:30 to +10:30 at 02:00 local on 2026-10-04, which is 16:30 UTC: inside an hour.
    const adelaide = new TimeZone('Australia/Adelaide');
    expect(adelaide.offsetMs(at('2026-10-03T16:00:00Z'))).toBe(9.5 * HOUR_MS);
    expect(adelaide.offsetMs(at('2026-10-03T16:29:59Z'))).toBe(9.5 * HOUR_MS);
    expect(adelaide.offsetMs(at('2026-10-03T16:30:00Z'))).toBe(10.5 * HOUR_MS);
    expect(adelaide.offsetMs(at('2026-10-03T16:45:00Z'))).toBe(10.5 * HOUR_MS);
  });

  it('gives the same offsets whatever order the instants are asked in', () => {
    const instants = Array.from({ length: 200 }, (_, i) => at('2026-10-03T00:00:00Z') + i * 7 * 60_000);
    const forward = new TimeZone('Australia/Adelaide');
    const backward = new TimeZone('Australia/Adelaide');
    const inOrder = instants.map((t) => forward.offsetMs(t));
    const reversed = [...instants].reverse().map((t) => backward.offsetMs(t));
    expect(reversed.reverse()).toEqual(inOrder);
  });

  it('finds historical changes at instants that are not on a quarter hour', () => {
    // Warsaw left its mean time (+01:24) for CET at local midnight of 1915-08-05, which was 22:36 UTC.
    const old = new TimeZone('Europe/Warsaw');
    expect(old.offsetMs(at('1915-08-04T22:35:59Z'))).toBe(84 * 60_000);
    expect(old.offsetMs(at('1915-08-04T22:36:00Z'))).toBe(HOUR_MS);
  });
});

describe('wall times', () => {
  it('reads ordinary wall times as exact', () => {
    expect(warsaw.readWallTime(wall('2026-03-28T22:00'))).toEqual({ kind: 'exact', instant: at('2026-03-28T21:00:00Z') });
    expect(timeZone('Asia/Kathmandu').readWallTime(wall('2026-01-15T00:00'))).toEqual({ kind: 'exact', instant: at('2026-01-14T18:15:00Z') });
  });

  it('says a wall time is skipped when clocks go forward, with the change and the reading PostgreSQL makes', () => {
    // Warsaw, last Sunday of March: 02:00 CET becomes 03:00 CEST.
    expect(warsaw.readWallTime(wall('2026-03-29T02:30'))).toEqual({ kind: 'skipped', instant: at('2026-03-29T01:30:00Z'), change: at('2026-03-29T01:00:00Z') });
    // New York, second Sunday of March: 02:00 EST becomes 03:00 EDT.
    expect(newYork.readWallTime(wall('2026-03-08T02:30'))).toEqual({
      kind: 'skipped',
      instant: at('2026-03-08T07:30:00Z'),
      change: at('2026-03-08T07:00:00Z'),
    });
    // Adelaide skips 02:00–03:00 on 2026-10-04 (+09:30 → +10:30).
    expect(timeZone('Australia/Adelaide').readWallTime(wall('2026-10-04T02:15'))).toEqual({
      kind: 'skipped',
      instant: at('2026-10-03T16:45:00Z'),
      change: at('2026-10-03T16:30:00Z'),
    });
  });

  it('says a wall time is repeated when clocks go back, with both instants', () => {
    // Warsaw, last Sunday of October: 03:00 CEST becomes 02:00 CET.
    expect(warsaw.readWallTime(wall('2026-10-25T02:30'))).toEqual({ kind: 'repeated', earlier: at('2026-10-25T00:30:00Z'), later: at('2026-10-25T01:30:00Z') });
    // New York, first Sunday of November: 02:00 EDT becomes 01:00 EST.
    expect(newYork.readWallTime(wall('2026-11-01T01:30'))).toEqual({
      kind: 'repeated',
      earlier: at('2026-11-01T05:30:00Z'),
      later: at('2026-11-01T06:30:00Z'),
    });
    // Lord Howe goes back half an hour: 02:00 +11:00 becomes 01:30 +10:30.
    expect(timeZone('Australia/Lord_Howe').readWallTime(wall('2026-04-05T01:45'))).toEqual({
      kind: 'repeated',
      earlier: at('2026-04-04T14:45:00Z'),
      later: at('2026-04-04T15:15:00Z'),
    });
  });

  it('resolves skipped wall times with the offset before and repeated ones as the later instant, as PostgreSQL does', () => {
    expect(iso(warsaw.instantOf(wall('2026-03-29T02:00')))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(warsaw.instantOf(wall('2026-10-25T02:00')))).toBe('2026-10-25T01:00:00.000Z');
    expect(iso(newYork.instantOf(wall('2026-03-08T02:30')))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(newYork.instantOf(wall('2026-11-01T01:30')))).toBe('2026-11-01T06:30:00.000Z');
  });

  it('places wall times of a date, also past midnight', () => {
    expect(iso(warsaw.instantAt(parseDate('2026-03-28'), 30 * 60))).toBe('2026-03-29T04:00:00.000Z');
    expect(iso(warsaw.instantAt(parseDate('2026-03-29'), 6 * 60))).toBe('2026-03-29T04:00:00.000Z');
    expect(iso(warsaw.instantAt(parseDate('2026-10-24'), 22 * 60))).toBe('2026-10-24T20:00:00.000Z');
    expect(iso(timeZone('Europe/Riga').startOfDay(parseDate('2026-07-01')))).toBe('2026-06-30T21:00:00.000Z');
    expect(iso(warsaw.instantAt(parseDate('2026-10-24'), 30 * 60))).toBe('2026-10-25T05:00:00.000Z');
    expect(iso(timeZone('Asia/Kolkata').instantAt(parseDate('2026-01-15'), 9 * 60))).toBe('2026-01-15T03:30:00.000Z');
  });

  it('writes the wall time of an instant', () => {
    expect(iso(warsaw.wallMs(at('2026-07-31T21:59:00Z')))).toBe('2026-07-31T23:59:00.000Z');
    expect(iso(timeZone('Asia/Kathmandu').wallMs(at('2026-07-31T21:59:00Z')))).toBe('2026-08-01T03:44:00.000Z');
  });
});

describe('local days', () => {
  const start = (zone: TimeZone, date: string) => iso(zone.startOfDay(parseDate(date)));
  const hours = (zone: TimeZone, date: string) => zone.dayLengthMs(parseDate(date)) / HOUR_MS;

  it('starts and ends local days, also on the days the clocks change', () => {
    expect(start(warsaw, '2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(warsaw.endOfDay(parseDate('2026-03-29')))).toBe('2026-03-29T22:00:00.000Z');
    expect(start(warsaw, '2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
    expect(iso(warsaw.endOfDay(parseDate('2026-10-25')))).toBe('2026-10-25T23:00:00.000Z');
    expect(start(newYork, '2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(start(timeZone('Asia/Kolkata'), '2026-01-15')).toBe('2026-01-14T18:30:00.000Z');
    expect(start(timeZone('Asia/Kathmandu'), '2026-01-15')).toBe('2026-01-14T18:15:00.000Z');
    expect(start(timeZone('Australia/Adelaide'), '2026-10-04')).toBe('2026-10-03T14:30:00.000Z');
    expect(start(timeZone('UTC'), '2026-01-15')).toBe('2026-01-15T00:00:00.000Z');
  });

  it('starts a date whose midnight clocks skip at its first instant', () => {
    // Havana goes from 00:00 -05:00 to 01:00 -04:00 on 2026-03-08.
    expect(start(timeZone('America/Havana'), '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(timeZone('America/Havana').format(timeZone('America/Havana').startOfDay(parseDate('2026-03-08')))).toBe('2026-03-08 01:00');
  });

  it('measures days of 23, 24 and 25 hours', () => {
    expect(hours(warsaw, '2026-03-29')).toBe(23);
    expect(hours(warsaw, '2026-03-30')).toBe(24);
    expect(hours(warsaw, '2026-10-25')).toBe(25);
    expect(hours(newYork, '2026-03-08')).toBe(23);
    expect(hours(newYork, '2026-11-01')).toBe(25);
    expect(hours(timeZone('Australia/Adelaide'), '2026-10-04')).toBe(23);
    expect(hours(timeZone('Australia/Lord_Howe'), '2026-04-05')).toBe(24.5);
    expect(hours(timeZone('Asia/Kolkata'), '2026-03-29')).toBe(24);
    expect(hours(timeZone('UTC'), '2026-03-29')).toBe(24);
  });

  it('reads the local date and minute of an instant', () => {
    expect(dateText(warsaw.dayOf(at('2026-03-28T23:30:00Z')))).toBe('2026-03-29');
    expect(dateText(warsaw.dayOf(at('2026-07-31T21:59:00Z')))).toBe('2026-07-31');
    expect(dateText(warsaw.dayOf(at('2026-07-31T22:00:00Z')))).toBe('2026-08-01');
    expect(dateText(newYork.dayOf(at('2026-07-01T03:59:00Z')))).toBe('2026-06-30');
    expect(dateText(timeZone('Asia/Kathmandu').dayOf(at('2026-07-31T18:15:00Z')))).toBe('2026-08-01');
    expect(timeZone('Europe/Riga').minuteOfDay(at('2026-01-15T07:05:00Z'))).toBe(9 * 60 + 5);
    expect(timeZone('Asia/Kolkata').minuteOfDay(at('2026-01-15T07:05:00Z'))).toBe(12 * 60 + 35);
    expect(newYork.minuteOfDay(at('2026-01-15T04:59:00Z'))).toBe(23 * 60 + 59);
  });
});

describe('texts', () => {
  it('writes local wall times, repeating the hour that occurs twice, and ISO times with the offset in force', () => {
    expect(warsaw.format(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25 02:30');
    expect(warsaw.format(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30');
    expect(warsaw.format(at('2026-01-15T07:02:03Z'), true)).toBe('2026-01-15 08:02:03');
    expect(warsaw.isoWithOffset(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(warsaw.isoWithOffset(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
    expect(newYork.isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T07:00:00-05:00');
    expect(timeZone('Asia/Kolkata').isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T17:30:00+05:30');
    expect(timeZone('Asia/Kathmandu').isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T17:45:00+05:45');
    expect(timeZone('America/St_Johns').isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T08:30:00-03:30');
    expect(timeZone('UTC').isoWithOffset(at('2026-01-15T12:00:00Z'))).toBe('2026-01-15T12:00:00+00:00');
  });

  it('writes with the ISO writer what isoWithOffset writes, across clock changes and in any order', () => {
    for (const zone of [warsaw, newYork, timeZone('Australia/Lord_Howe'), timeZone('Asia/Kathmandu')]) {
      const instants = Array.from({ length: 400 }, (_, i) => at('2026-10-24T12:00:00Z') + i * 377_000);
      instants.push(at('2026-04-04T14:45:00Z'), at('2026-04-04T15:15:00Z'), at('2026-01-01T00:00:00Z'));
      const writer = zone.isoWriter();
      expect(instants.map((t) => writer.write(t))).toEqual(instants.map((t) => zone.isoWithOffset(t)));
    }
  });

  it('writes texts that parse back to their instant', () => {
    for (const zone of [warsaw, newYork, timeZone('Asia/Kathmandu')]) {
      for (const t of [at('2026-10-25T00:30:00Z'), at('2026-10-25T01:30:00Z'), at('2026-11-01T05:30:00Z'), at('2026-11-01T06:30:00Z')]) {
        expect(Date.parse(zone.isoWithOffset(t))).toBe(t);
      }
    }
  });
});

describe('whole-hour offsets', () => {
  const year = [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)] as const;

  it('hold in zones whose offsets are whole hours all year, clock changes included', () => {
    expect(warsaw.offsetsAreWholeHours(...year)).toBe(true);
    expect(newYork.offsetsAreWholeHours(...year)).toBe(true);
    expect(timeZone('UTC').offsetsAreWholeHours(...year)).toBe(true);
  });

  it('fail where an offset is a half or quarter hour for part of the range or all of it', () => {
    expect(timeZone('Asia/Kathmandu').offsetsAreWholeHours(...year)).toBe(false);
    expect(timeZone('Asia/Kolkata').offsetsAreWholeHours(...year)).toBe(false);
    // Lord Howe Island: +10:30 in winter, +11 in summer (a half-hour clock change).
    expect(timeZone('Australia/Lord_Howe').offsetsAreWholeHours(...year)).toBe(false);
    expect(timeZone('Australia/Lord_Howe').offsetsAreWholeHours(Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 20))).toBe(true);
  });
});

describe('timeZone', () => {
  it('shares one TimeZone per name and refuses a name that is not a timezone', () => {
    expect(timeZone('Europe/Warsaw')).toBe(warsaw);
    expect(() => timeZone('Mars/Olympus')).toThrow(RangeError);
    expect(() => new TimeZone('Mars/Olympus')).toThrow(RangeError);
  });
});

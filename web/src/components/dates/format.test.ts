import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatRecentTime, formatRelativeTime, formatShortDate, formatTime } from './format.ts';

const WARSAW = { language: 'en', timeZone: 'Europe/Warsaw' };

describe('formatDateTime', () => {
  it.each([
    ['pl', '27.11.2026, 10:00'],
    ['en', '27/11/2026, 10:00'],
    ['lv', '27.11.26 10:00'],
    ['ru', '27.11.2026, 10:00'],
  ])('writes a short date and time the %s way', (language, text) => {
    expect(formatDateTime('2026-11-27T09:00:00Z', { language, timeZone: 'Europe/Warsaw' })).toBe(text);
  });

  it.each([
    ['pl', '27 lis 2026, 10:00:30'],
    ['en', '27 Nov 2026, 10:00:30'],
    ['lv', '2026. gada 27. nov. 10:00:30'],
    ['ru', '27 нояб. 2026 г., 10:00:30'],
  ])('writes the full date and time of a tooltip the %s way', (language, text) => {
    expect(formatDateTime('2026-11-27T09:00:30Z', { language, timeZone: 'Europe/Warsaw' }, 'full')).toBe(text);
  });

  it('puts a UTC instant on the company clock, winter and summer', () => {
    expect(formatDateTime('2026-03-02T09:05:00.000Z', WARSAW)).toBe('02/03/2026, 10:05');
    expect(formatDateTime('2026-07-02T09:05:00Z', WARSAW)).toBe('02/07/2026, 11:05');
    expect(formatDateTime(Date.parse('2026-07-02T09:05:00Z'), WARSAW)).toBe('02/07/2026, 11:05');
  });

  it('changes the offset within the day the Warsaw clocks go forward', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST, so 00:30Z and 01:30Z are an hour apart and two hours apart on the clock.
    expect(formatDateTime('2026-03-29T00:30:00Z', WARSAW)).toBe('29/03/2026, 01:30');
    expect(formatDateTime('2026-03-29T01:30:00Z', WARSAW)).toBe('29/03/2026, 03:30');
  });

  it('shows the hour the Warsaw clocks go back twice, at two instants', () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(formatTime('2026-10-25T00:30:00Z', WARSAW)).toBe('02:30');
    expect(formatTime('2026-10-25T01:30:00Z', WARSAW)).toBe('02:30');
  });

  it('keeps the wall clock a time written with an offset states, whatever the zone given', () => {
    expect(formatDateTime('2026-03-02T10:05:30+01:00', { language: 'en', timeZone: 'America/New_York' })).toBe('02/03/2026, 10:05');
    expect(formatDateTime('2026-03-02T23:59:00.000-05:00', WARSAW)).toBe('02/03/2026, 23:59');
  });

  it('writes a calendar date as a date', () => {
    expect(formatDateTime('2026-03-02', WARSAW)).toBe('02/03/2026');
  });

  it('gives nothing for no time, the text for an unreadable one, and UTC for an unknown zone', () => {
    expect(formatDateTime(null, WARSAW)).toBe('');
    expect(formatDateTime('nonsense', WARSAW)).toBe('nonsense');
    expect(formatDateTime('2026-03-02T09:05:00Z', { language: 'en', timeZone: 'Not/AZone' })).toBe('02/03/2026, 09:05');
  });
});

describe('a company zone other than the browser zone', () => {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Los_Angeles';
  });
  afterAll(() => {
    process.env.TZ = original;
  });

  it('shows the company clock, not the browser clock', () => {
    const instant = '2026-11-27T09:00:00Z';
    // The browser here is in Los Angeles, where this instant is 01:00 (this guards the test itself).
    expect(new Date(instant).getHours()).toBe(1);
    expect(formatDateTime(instant, WARSAW)).toBe('27/11/2026, 10:00');
    expect(formatDateTime(instant, { language: 'pl', timeZone: 'Asia/Tokyo' })).toBe('27.11.2026, 18:00');
    expect(formatDate('2026-11-26T23:30:00Z', WARSAW)).toBe('27/11/2026');
  });

  it('tells a recent time of another company day, where the browser day is the same', () => {
    // 23:30 on 26 November in Warsaw, and now 00:10 on the 27th there; in Los Angeles both are on the 26th.
    expect(formatRecentTime('2026-11-26T22:30:00Z', Date.parse('2026-11-26T23:10:00Z'), WARSAW)).toBe('26/11/2026, 23:30');
  });
});

describe('formatDate and formatShortDate', () => {
  it.each([
    ['pl', '27.11.2026'],
    ['en', '27/11/2026'],
    ['lv', '27.11.26'],
    ['ru', '27.11.2026'],
  ])('writes a short date the %s way', (language, text) => {
    expect(formatShortDate('2026-11-27', language)).toBe(text);
    expect(formatDate('2026-11-27', { language, timeZone: 'Pacific/Kiritimati' })).toBe(text);
  });

  it('puts the date of an instant on the company clock', () => {
    expect(formatDate('2026-11-26T23:30:00Z', WARSAW)).toBe('27/11/2026');
    expect(formatDate('2026-11-26T23:30:00Z', { language: 'en', timeZone: 'UTC' })).toBe('26/11/2026');
  });
});

describe('formatTime', () => {
  it('writes the hour and minute in 24 hours, with seconds when asked', () => {
    expect(formatTime('2026-11-27T13:00:05Z', WARSAW)).toBe('14:00');
    expect(formatTime('2026-11-27T13:00:05Z', { language: 'ru', timeZone: 'Europe/Riga' }, { seconds: true })).toBe('15:00:05');
  });
});

describe('formatRecentTime', () => {
  // 10:05 on the company clock (UTC+1), whatever the browser's own timezone is.
  const iso = '2026-03-02T10:05:30+01:00';

  it('shows only the time on the company day of now, the date too on another day', () => {
    expect(formatRecentTime(iso, Date.parse('2026-03-02T20:00:00+01:00'), WARSAW)).toBe('10:05');
    expect(formatRecentTime(iso, Date.parse('2026-03-03T00:30:00+01:00'), WARSAW)).toBe('02/03/2026, 10:05');
  });

  it('tells the company day of a UTC instant by the company zone', () => {
    // 23:30 UTC is 00:30 the next day in Warsaw: the same day as 08:00 there, not as 23:50 UTC.
    expect(formatRecentTime('2026-03-02T23:30:00Z', Date.parse('2026-03-03T07:00:00Z'), WARSAW)).toBe('00:30');
    expect(formatRecentTime('2026-03-02T23:30:00Z', Date.parse('2026-03-02T23:50:00Z'), { language: 'en', timeZone: 'UTC' })).toBe('23:30');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says now under a minute, also for a time slightly ahead of the browser clock', () => {
    expect(formatRelativeTime(ago(0), now, WARSAW)).toBe('now');
    expect(formatRelativeTime(ago(59), now, WARSAW)).toBe('now');
    expect(formatRelativeTime(ago(-20), now, WARSAW)).toBe('now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatRelativeTime(ago(5 * 60 + 59), now, WARSAW)).toMatch(/^5 min\.? ago$/);
    expect(formatRelativeTime(ago(3 * 3600 + 120), now, WARSAW)).toMatch(/^3 hr\.? ago$/);
    expect(formatRelativeTime(ago(30 * 3600), now, WARSAW)).toBe('1 day ago');
    expect(formatRelativeTime(ago(3 * 86_400), now, WARSAW)).toBe('3 days ago');
  });

  it('reads a time written with an offset as the same instant', () => {
    expect(formatRelativeTime('2026-03-02T12:55:00+01:00', now, WARSAW)).toMatch(/^5 min\.? ago$/);
  });

  it('speaks the interface language', () => {
    expect(formatRelativeTime(ago(5 * 60), now, { language: 'pl' })).toBe('5 min temu');
    expect(formatRelativeTime(ago(0), now, { language: 'pl' })).toBe('teraz');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:00'],
    [60, '0:01'],
    [3725, '1:02'],
    [36_000, '10:00'],
    [86_400, '24:00'],
    [90_000, '25:00'],
    [451_800, '125:30'],
  ])('shows %i s as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows nothing negative or not a number as 0:00', () => {
    expect(formatDuration(-30)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it('keeps the seconds in the exact form', () => {
    expect(formatDuration(1_830, { seconds: true })).toBe('0:30:30');
    expect(formatDuration(90_061, { seconds: true })).toBe('25:01:01');
    expect(formatDuration(59.9, { seconds: true })).toBe('0:00:59');
    expect(formatDuration(-30, { seconds: true })).toBe('0:00:00');
  });
});

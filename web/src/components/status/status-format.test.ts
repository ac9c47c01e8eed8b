import { describe, expect, it } from 'vitest';
import { formatDuration, formatReading, fullTime, relativeTime, shortTime } from './status-format.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:00'],
    [60, '0:01'],
    [3725, '1:02'],
    [36_000, '10:00'],
    [90_000, '25:00'],
  ])('shows %i s as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('shows nothing negative or not a number as 0:00', () => {
    expect(formatDuration(-30)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says now under a minute, also for a time slightly ahead of the browser clock', () => {
    expect(relativeTime(ago(0), now, 'en')).toBe('now');
    expect(relativeTime(ago(59), now, 'en')).toBe('now');
    expect(relativeTime(ago(-20), now, 'en')).toBe('now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(relativeTime(ago(5 * 60 + 59), now, 'en')).toMatch(/^5 min\.? ago$/);
    expect(relativeTime(ago(3 * 3600 + 120), now, 'en')).toMatch(/^3 hr\.? ago$/);
    expect(relativeTime(ago(30 * 3600), now, 'en')).toBe('1 day ago');
    expect(relativeTime(ago(3 * 86_400), now, 'en')).toBe('3 days ago');
  });

  it('reads a time written with an offset as the same instant', () => {
    expect(relativeTime('2026-03-02T12:55:00+01:00', now, 'en')).toMatch(/^5 min\.? ago$/);
  });

  it('speaks the interface language', () => {
    expect(relativeTime(ago(5 * 60), now, 'pl')).toBe('5 min temu');
    expect(relativeTime(ago(0), now, 'pl')).toBe('teraz');
  });
});

describe('shortTime and fullTime', () => {
  // 10:05 on the company clock (UTC+1), whatever the browser's own timezone is.
  const iso = '2026-03-02T10:05:30+01:00';

  it('shows only the time on the company day of now, the date too on another day', () => {
    expect(shortTime(iso, Date.parse('2026-03-02T20:00:00+01:00'), 'en-GB')).toBe('10:05');
    expect(shortTime(iso, Date.parse('2026-03-03T00:30:00+01:00'), 'en-GB')).toBe('02/03/2026, 10:05');
  });

  it('gives the full date and time for tooltips', () => {
    expect(fullTime(iso, 'en-GB')).toBe('2 Mar 2026, 10:05:30');
    expect(fullTime('2026-03-02T23:59:00-05:00', 'en-GB')).toBe('2 Mar 2026, 23:59:00');
  });
});

describe('formatReading', () => {
  it('rounds to at most 2 decimals in the interface language and adds the unit', () => {
    expect(formatReading(12.3456, 'V', 'en')).toBe('12.35 V');
    expect(formatReading(12.3456, 'V', 'pl')).toBe('12,35 V');
    expect(formatReading(24, null, 'en')).toBe('24');
  });
});

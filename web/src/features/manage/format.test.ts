import { describe, expect, it } from 'vitest';
import { formatDateTime, formatPercent } from './format.ts';

describe('formatDateTime', () => {
  it('shows the wall clock a time with an offset states, whatever the zone given', () => {
    expect(formatDateTime('2026-03-02T10:05:30+01:00', 'en-GB', 'America/New_York')).toBe('02/03/2026, 10:05');
    expect(formatDateTime('2026-03-02T23:59:00.000-05:00', 'en-GB', 'Europe/Warsaw')).toBe('02/03/2026, 23:59');
  });

  it('puts a UTC time on the company clock', () => {
    expect(formatDateTime('2026-03-02T09:05:00.000Z', 'en-GB', 'Europe/Warsaw')).toBe('02/03/2026, 10:05');
    expect(formatDateTime('2026-07-02T09:05:00Z', 'en-GB', 'Europe/Warsaw')).toBe('02/07/2026, 11:05');
  });

  it('gives nothing for no time and survives an unknown zone', () => {
    expect(formatDateTime(null, 'en', 'Europe/Warsaw')).toBe('');
    expect(formatDateTime('nonsense', 'en', 'Europe/Warsaw')).toBe('');
    expect(formatDateTime('2026-03-02T09:05:00Z', 'en-GB', 'Not/AZone')).toBe('02/03/2026, 09:05');
  });
});

describe('formatPercent', () => {
  it('writes a whole percentage in the language', () => {
    expect(formatPercent(87, 'en')).toBe('87%');
    expect(formatPercent(87, 'pl')).toBe('87%');
  });
});

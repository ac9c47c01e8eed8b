import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  const at = new Date('2025-07-01T10:05:00Z');

  it('writes an instant on the company clock in the reader language, as the client does', () => {
    expect(formatDateTime(at, { language: 'pl', timeZone: 'Europe/Riga' })).toBe('1.07.2025, 13:05');
    expect(formatDateTime(at, { language: 'en', timeZone: 'Europe/Riga' })).toBe('01/07/2025, 13:05');
    expect(formatDateTime(at, { language: 'ru', timeZone: 'Europe/Warsaw' })).toBe('01.07.2025, 12:05');
    expect(formatDateTime(at.toISOString(), { language: 'en', timeZone: 'America/New_York' })).toBe('01/07/2025, 06:05');
  });

  it('writes a language the product lacks in Polish', () => {
    expect(formatDateTime(at, { language: 'de', timeZone: 'UTC' })).toBe('1.07.2025, 10:05');
  });

  it('puts the clocks-back hour on the zone it is in', () => {
    expect(formatDateTime(new Date('2026-10-25T00:30:00Z'), { language: 'en', timeZone: 'Europe/Warsaw' })).toBe('25/10/2026, 02:30');
    expect(formatDateTime(new Date('2026-10-25T01:30:00Z'), { language: 'en', timeZone: 'Europe/Warsaw' })).toBe('25/10/2026, 02:30');
  });
});

describe('formatDate', () => {
  it('writes a calendar date as the language does, whatever the server zone', () => {
    expect(formatDate('2026-10-01', 'en')).toBe('01/10/2026');
    expect(formatDate('2026-10-01', 'pl')).toBe('1.10.2026');
    expect(formatDate('2026-12-31', 'ru')).toBe('31.12.2026');
  });

  it('keeps a text that is not a date as it is', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

import { describe, expect, it } from 'vitest';
import { formattingLocale, initialLanguage, storeLanguage } from './locale.ts';

describe('initialLanguage', () => {
  it('uses the stored choice first', () => {
    storeLanguage('lv');
    expect(initialLanguage(window.localStorage, ['en-GB'])).toBe('lv');
  });

  it('falls back to the first browser language the product has', () => {
    expect(initialLanguage(window.localStorage, ['de-DE', 'ru-RU', 'en'])).toBe('ru');
  });

  it('ignores a stored value that is not a language and defaults to Polish', () => {
    window.localStorage.setItem('locale', 'xx');
    expect(initialLanguage(window.localStorage, ['de', 'fr'])).toBe('pl');
  });
});

describe('formatting locale', () => {
  it('formats English dates day-first with 24-hour times, as the other languages do', () => {
    const at = new Date(Date.UTC(2026, 10, 24, 14, 5));
    const short = (language: string) =>
      new Intl.DateTimeFormat(formattingLocale(language), { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(at);
    expect(short('en')).toBe('24/11/2026, 14:05');
    expect(short('pl')).toBe('24.11.2026, 14:05');
    expect(short('ru')).toMatch(/^24\.11\.2026,? 14:05$/);
    expect(short('lv')).toMatch(/^24\.11\.(20)?26\.?,? 14:05$/);
    expect(formattingLocale('xx')).toBe('pl-PL');
  });
});

import { describe, expect, it } from 'vitest';
import { initialLanguage, storeLanguage } from './locale.ts';

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

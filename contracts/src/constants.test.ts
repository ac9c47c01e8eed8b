import { describe, expect, it } from 'vitest';
import { LANGUAGES, DEFAULT_LANGUAGE, SCREEN_SIZES } from './constants.ts';

describe('constants', () => {
  it('has Polish as the default among the four languages', () => {
    expect(LANGUAGES).toContain(DEFAULT_LANGUAGE);
    expect(DEFAULT_LANGUAGE).toBe('pl');
  });
  it('orders screen-size bounds ascending', () => {
    const bounds = Object.values(SCREEN_SIZES);
    expect([...bounds].sort((a, b) => a - b)).toEqual(bounds);
  });
});

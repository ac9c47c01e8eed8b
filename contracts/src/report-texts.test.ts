import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants.ts';
import { REPORT_TEXTS } from './report-texts.ts';

const reference = REPORT_TEXTS[DEFAULT_LANGUAGE];

describe('report texts', () => {
  it('exist for every language of the product', () => {
    expect(Object.keys(REPORT_TEXTS).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(reference).length).toBeGreaterThan(20);
  });

  it.each(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE))('%s has exactly the keys of the Polish file, none empty', (language) => {
    const texts = REPORT_TEXTS[language];
    expect(Object.keys(texts).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, value] of Object.entries(texts)) expect(value.trim(), key).not.toBe('');
  });

  it('names only column and section titles and the alert codes a cell shows', () => {
    expect(Object.keys(reference).filter((key) => !/^reports\.(column|section|alert-type|importance)\.[a-z-]+$/.test(key))).toEqual([]);
  });
});

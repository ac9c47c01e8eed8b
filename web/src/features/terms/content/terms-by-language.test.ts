import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@gearwatch/contracts';
import { TERMS_BY_LANGUAGE } from './terms-by-language.ts';

const english = TERMS_BY_LANGUAGE.en;
// The shape of a document: its numbered sections and how many paragraphs each has.
const outline = (language: keyof typeof TERMS_BY_LANGUAGE) =>
  TERMS_BY_LANGUAGE[language].sections.map((section) => ({ number: /^(\d+)\. \S/.exec(section.heading)?.[1], paragraphs: section.paragraphs.length }));

describe('the terms documents', () => {
  it('exist in every language of the product, each in its own language', () => {
    expect(Object.keys(TERMS_BY_LANGUAGE).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(TERMS_BY_LANGUAGE[language].language).toBe(language);
  });

  it.each(LANGUAGES)('%s has the sections of the English text, numbered alike, with as many paragraphs', (language) => {
    expect(outline(language)).toEqual(outline('en'));
    expect(outline(language).every((section) => section.number !== undefined)).toBe(true);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s is translated: no heading, paragraph or label left in English', (language) => {
    const terms = TERMS_BY_LANGUAGE[language];
    const texts = (document: typeof terms) => [
      document.title,
      document.updated,
      document.back,
      ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
    ];
    const englishTexts = new Set(texts(english));
    for (const text of texts(terms)) {
      expect(text.trim(), language).not.toBe('');
      expect(englishTexts.has(text), text).toBe(false);
    }
  });
});

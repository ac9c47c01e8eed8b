import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOGIN_MESSAGE_KEYS, MESSAGE_KEYS, REPORT_TYPES, RULE_TEXTS } from '@gearwatch/contracts';
import en from './locales/en.json';
import lv from './locales/lv.json';
import pl from './locales/pl.json';
import ru from './locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// Every key the sources name literally: t('…') calls and the translation keys held in route and menu tables.
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const KEY_PATTERNS = [/\bt\(\s*'([a-z0-9.-]+)'/g, /'((?:nav|reports\.type|profile|login|reset|support|impersonate|tour|brand)\.[a-z0-9.-]+)'/g];

function keysUsedInSources(): Set<string> {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const pattern of KEY_PATTERNS) for (const match of text.matchAll(pattern)) if (match[1]) keys.add(match[1]);
  }
  // Route titles built from the contracts' list: reports.type.<type>.
  for (const type of REPORT_TYPES) keys.add(`reports.type.${type}`);
  return keys;
}

describe('translations', () => {
  it('has a file for every language of the product', () => {
    expect(Object.keys(bundles).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(['pl', 'lv', 'ru'])('%s has exactly the keys of the English file, none empty', (language) => {
    const bundle = bundles[language] ?? {};
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(bundle)) expect(value.trim(), key).not.toBe('');
  });

  it('translates every key the sources use and every message key of the contracts', () => {
    const used = [...keysUsedInSources(), ...Object.values(MESSAGE_KEYS), ...Object.values(LOGIN_MESSAGE_KEYS)];
    expect(used.length).toBeGreaterThan(50);
    // The alert rules' descriptions and the words they name are loaded with each language from contracts' rule-texts.
    const missing = used.filter((key) => !(key in en) && !(key in RULE_TEXTS.en));
    expect(missing).toEqual([]);
  });

  it('keeps the same interpolation placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    for (const language of ['pl', 'lv', 'ru']) {
      for (const [key, value] of Object.entries(en)) expect(placeholders(bundles[language]?.[key] ?? ''), `${language} ${key}`).toEqual(placeholders(value));
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, RULE_TEXTS } from '@gearwatch/contracts';
import { LOCALE_BUNDLES } from './translator.ts';

const SOURCE_ROOT = join(import.meta.dirname, '..');
const reference = LOCALE_BUNDLES[DEFAULT_LANGUAGE];

// Every key the server's sources name literally; keys are written out in full, never assembled, so this finds them all.
function keysUsedInSources(): Set<string> {
  const keys = new Set<string>();
  const files = readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const source = readFileSync(join(SOURCE_ROOT, file), 'utf8');
    for (const match of source.matchAll(/'((?:mail|spreadsheet|reports)\.[a-z0-9.-]+)'/g)) if (match[1]) keys.add(match[1]);
  }
  return keys;
}

describe('server locale files', () => {
  it('exist for every language of the product', () => {
    expect(Object.keys(LOCALE_BUNDLES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE))('%s has exactly the keys of the Polish file, none empty', (language) => {
    const bundle = LOCALE_BUNDLES[language];
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, value] of Object.entries(bundle)) expect(value.trim(), key).not.toBe('');
  });

  it('keeps the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((match) => match[1]).sort();
    for (const language of LANGUAGES) {
      for (const [key, value] of Object.entries(reference))
        expect(placeholders(LOCALE_BUNDLES[language][key as keyof typeof reference]), `${language} ${key}`).toEqual(placeholders(value));
    }
  });

  it('has every key the server uses, and no key it does not', () => {
    const used = keysUsedInSources();
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((key) => !(key in reference))).toEqual([]);
    // A rule's generated description is written by contracts' describeAlertRule, which builds its keys from the rule.
    const ruleTexts = new Set(Object.keys(RULE_TEXTS[DEFAULT_LANGUAGE]));
    expect(Object.keys(reference).filter((key) => !used.has(key) && !ruleTexts.has(key))).toEqual([]);
  });

  // A mail's sentences stand after the greeting's own line ("Dzień dobry, Anna!", "Hello Anna,") or open the mail
  // (a report sent to a typed-in address has no greeting): each begins with a capital letter, in every language. The
  // words put inside other sentences (an importance, a task type, a requirement's name) are written as they read there.
  const IN_SENTENCE = /^(mail\.importance\.|mail\.task\.type\.|mail\.alert\.requirement$)/;
  it.each(LANGUAGES)('%s: every sentence of a mail begins with a capital letter', (language) => {
    const bundle = LOCALE_BUNDLES[language];
    const lowercase = Object.entries(bundle)
      .filter(([key]) => (key.startsWith('mail.') || key.startsWith('reports.mail.')) && !IN_SENTENCE.test(key))
      .filter(([, text]) => /^\p{Ll}/u.test(text))
      .map(([key]) => key);
    expect(lowercase).toEqual([]);
  });
});

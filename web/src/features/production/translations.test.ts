import { describe, expect, it } from 'vitest';
import { LANGUAGES, PRODUCTION_FIXED_PARAMETERS, PRODUCTION_LINE_STATUSES, PRODUCTION_VIEW_MESSAGE_KEYS, PRODUCTION_VIEW_TYPES } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';
import { fixedParameterKey, statusKey, viewTypeDescriptionKey, viewTypeKey } from './api/words.ts';
import { WIZARD_STEPS } from './hooks/wizard-rules.ts';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The keys the production screens name literally, and those they build from the contracts' lists.
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
const KEY = /['"]((?:production|productionview|form|list|common|delete)\.[a-z0-9.-]+)['"]/g;

function keysOfSources(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return [...keys];
}

const builtKeys = [
  ...PRODUCTION_VIEW_TYPES.flatMap((type) => [viewTypeKey(type), viewTypeDescriptionKey(type)]),
  ...PRODUCTION_LINE_STATUSES.map(statusKey),
  ...PRODUCTION_FIXED_PARAMETERS.map(fixedParameterKey),
  ...WIZARD_STEPS.map((step) => `production.wizard.step.${step}`),
  ...['availability', 'performance', 'quality', 'oee'].map((name) => `production.live.oee.${name}`),
  ...Object.values(PRODUCTION_VIEW_MESSAGE_KEYS),
];

describe('translations of the production views', () => {
  it('reads its keys from the sources', () => {
    expect(keysOfSources().length).toBeGreaterThan(80);
  });

  it.each([...LANGUAGES])('%s has every key the screens use and every production message key, none empty', (language) => {
    const bundle = bundles[language] ?? {};
    const missing = [...keysOfSources(), ...builtKeys].filter((key) => !(bundle[key] ?? '').trim());
    expect(missing).toEqual([]);
  });

  it.each(['pl', 'lv', 'ru'])('%s words the statuses and the message keys in its own language', (language) => {
    const bundle = bundles[language] ?? {};
    const english = [
      ...PRODUCTION_LINE_STATUSES.map(statusKey),
      ...Object.values(PRODUCTION_VIEW_MESSAGE_KEYS).filter((key) => key.startsWith('productionview.')),
    ].filter((key) => bundle[key] === (en as Record<string, string>)[key]);
    expect(english).toEqual([]);
  });
});

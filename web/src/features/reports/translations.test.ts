import { describe, expect, it } from 'vitest';
import { LANGUAGES, REPORT_DATE_PRESETS, REPORT_INTERVALS, REPORT_TYPES } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';
import { intervalLabelKey, presetLabelKey } from './screens/ReportFilters.tsx';
import { reportDescriptionKey, reportTitleKey } from './screens/report-types.ts';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The keys the report screens name literally, and those they build from the contracts' lists (each type's title and
// description, the intervals, the presets).
const sources = import.meta.glob(['./screens/**/*.{ts,tsx}', './hooks/**/*.{ts,tsx}', './api/report-data.ts', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const KEY = /['"]((?:reports\.screen|dates\.preset|common)\.[a-z0-9.-]+)['"]/g;

function keysOfSources(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return [...keys];
}

const builtKeys = [
  ...REPORT_TYPES.map(reportTitleKey),
  ...REPORT_TYPES.map(reportDescriptionKey),
  ...REPORT_INTERVALS.map(intervalLabelKey),
  ...REPORT_DATE_PRESETS.map(presetLabelKey),
];

describe('translations of the report screens', () => {
  it('finds the keys of the sources', () => {
    expect(keysOfSources().length).toBeGreaterThan(25);
  });

  it.each([...LANGUAGES])('%s has every key the screens use', (language) => {
    const bundle = bundles[language] ?? {};
    const missing = [...keysOfSources(), ...builtKeys].filter((key) => !bundle[key]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(['pl', 'lv', 'ru'])('%s words each screen text in its own language, not in English', (language) => {
    const bundle = bundles[language] ?? {};
    const english = [...keysOfSources(), ...builtKeys].filter(
      (key) => key.startsWith('reports.screen.description.') && bundle[key] === en[key as keyof typeof en],
    );
    expect(english).toEqual([]);
  });
});

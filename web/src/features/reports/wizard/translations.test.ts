import { describe, expect, it } from 'vitest';
import { LANGUAGES, REPORT_FILE_STATUSES, REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_INTERVALS, REPORT_MESSAGE_KEYS, REPORT_TYPES } from '@gearwatch/contracts';
import en from '../../../i18n/locales/en.json';
import lv from '../../../i18n/locales/lv.json';
import pl from '../../../i18n/locales/pl.json';
import ru from '../../../i18n/locales/ru.json';
import { WIZARD_STEPS } from './wizard-rules.ts';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The keys the wizard and the two lists name literally, and those they build from the contracts' lists.
const sources = import.meta.glob(['../{wizard,configurations,files,api}/**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const KEY = /['"]((?:report|reports|form|list|common)\.[a-z0-9.-]+)['"]/g;

function keysOfSources(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return [...keys];
}

const builtKeys = [
  ...REPORT_TYPES.map((type) => `reports.type.${type}`),
  ...WIZARD_STEPS.map((step) => `report.wizard.step.${step}`),
  ...REPORT_INTERVALS.map((interval) => `report.wizard.interval.${interval}`),
  ...REPORT_FREQUENCIES.map((frequency) => `report.wizard.frequency.${frequency}`),
  ...REPORT_FREQUENCIES.map((frequency) => `reports.configurations.frequency.${frequency}`),
  ...REPORT_FORMATS.map((format) => `report.wizard.format.${format}`),
  ...REPORT_FILE_STATUSES.map((status) => `reports.list.status.${status.toLowerCase()}`),
  ...['files', 'configurations'].map((tab) => `reports.list.tab.${tab}`),
  ...Object.values(REPORT_MESSAGE_KEYS),
];

describe('the report wizard and lists translations', () => {
  it('reads its keys from the sources', () => {
    expect(keysOfSources().length).toBeGreaterThan(60);
  });

  it.each([...LANGUAGES])('%s has every key the wizard and lists use, none empty', (language) => {
    const bundle = bundles[language] ?? {};
    const missing = [...keysOfSources(), ...builtKeys].filter((key) => !(bundle[key] ?? '').trim());
    expect(missing).toEqual([]);
  });
});

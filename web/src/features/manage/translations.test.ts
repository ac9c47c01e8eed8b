import { describe, expect, it } from 'vitest';
import { BATTERY_CYCLE_STATES, DEVICE_POWER_STATES, DEVICE_STATUSES, FORM_TEXT_KEYS, LANGUAGES } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The keys this feature names: t('…') calls, and the keys its tables and props hold (column headers, titles),
// which the app-wide test of src/i18n does not look for.
const sources = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./test/**'], { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;
const KEY = /['"]((?:manage|device|form|list|common|status|delete)\.[a-z0-9.-]+)['"]/g;

function keysOfSources(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) for (const match of text.matchAll(KEY)) if (match[1]) keys.add(match[1]);
  return [...keys];
}

// Keys built from a constant list (`device.status.${status}`), and the labels and help texts the server's forms of the
// four /manage resources send, which the server may take only from the contracts' FORM_TEXT_KEYS.
const builtKeys = [
  ...DEVICE_STATUSES.map((status) => `device.status.${status}`),
  ...DEVICE_POWER_STATES.map((state) => `device.power-state.${state}`),
  ...BATTERY_CYCLE_STATES.map((state) => `manage.cycles.state.${state}`),
];
const serverFormKeys = [...FORM_TEXT_KEYS.device, ...FORM_TEXT_KEYS.shared];

describe('translations of the /manage pages', () => {
  it('finds the keys of the sources', () => {
    expect(keysOfSources().length).toBeGreaterThan(80);
  });

  it.each([...LANGUAGES])('%s has every key the pages and the server’s forms use', (language) => {
    const bundle = bundles[language] ?? {};
    const missing = [...keysOfSources(), ...builtKeys, ...serverFormKeys].filter((key) => !bundle[key]?.trim());
    expect(missing).toEqual([]);
  });
});

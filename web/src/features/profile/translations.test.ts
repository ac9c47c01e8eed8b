import { describe, expect, it } from 'vitest';
import { LANGUAGES, PROFILE_MESSAGE_KEYS } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The server's profile errors: the sources never spell them as t('…'), so the locales test cannot see them.
describe('translations of the profile errors', () => {
  it.each([...LANGUAGES])('%s has every message key of the profile calls', (language) => {
    const bundle = bundles[language] ?? {};
    expect(Object.values(PROFILE_MESSAGE_KEYS).filter((key) => !bundle[key]?.trim())).toEqual([]);
  });
});

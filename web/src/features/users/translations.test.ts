import { describe, expect, it } from 'vitest';
import { FORM_TEXT_KEYS, LANGUAGES, USER_MESSAGE_KEYS } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The labels the server's user form sends (the server may take them only from the contracts' FORM_TEXT_KEYS) and its
// root errors: the sources never spell them as t('…'), so the locales test cannot see them.
const keys = [...FORM_TEXT_KEYS.user, ...Object.values(USER_MESSAGE_KEYS)];

describe('translations of the user form', () => {
  it.each([...LANGUAGES])('%s has every label and root error of the user form', (language) => {
    const bundle = bundles[language] ?? {};
    expect(keys.filter((key) => !bundle[key]?.trim())).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEPENDENT_ACTIONS, ENTITY_MESSAGE_KEYS, FORM_MESSAGE_KEYS, LANGUAGES } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';
import { DEPENDENT_ACTION_KEYS, DEPENDENT_KIND_KEYS, OTHER_DEPENDENTS_KEY } from '../dialogs/dependents.ts';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

// The keys these components receive from the server or build from tables, which the sources never spell as t('…').
const keys = [
  ...Object.values(FORM_MESSAGE_KEYS),
  ...Object.values(ENTITY_MESSAGE_KEYS),
  ...Object.values(DEPENDENT_KIND_KEYS),
  ...Object.values(DEPENDENT_ACTION_KEYS),
  OTHER_DEPENDENTS_KEY,
];

describe('translations of the shared form, list and dialog keys', () => {
  it.each([...LANGUAGES])('%s has every form, entity and dependents key', (language) => {
    const bundle = bundles[language] ?? {};
    expect(keys.filter((key) => !bundle[key]?.trim())).toEqual([]);
  });

  it('names a heading for every dependent kind and a label for every action of the contracts', () => {
    expect(Object.keys(DEPENDENT_KIND_KEYS).sort()).toEqual(Object.keys(DEPENDENT_ACTIONS).sort());
    expect(Object.keys(DEPENDENT_ACTION_KEYS).sort()).toEqual([...new Set(Object.values(DEPENDENT_ACTIONS))].sort());
  });

  it('says the spec’s texts in English', () => {
    expect(en[ENTITY_MESSAGE_KEYS.rfidInUse]).toBe('This RFID is already in use.');
    expect(en[FORM_MESSAGE_KEYS.areaNotClosed]).toBe('The area has not been closed.');
    expect(en[ENTITY_MESSAGE_KEYS.phone]).toBe('Phone number must start with + and an area code');
    expect(en[ENTITY_MESSAGE_KEYS.tooManyOperators]).toBe('A device can have at most 16 operators');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEVICE_STATUSES,
  FORM_TEXT_KEYS,
  LANGUAGES,
  OPCUA_MACHINE_ERROR_KEYS,
  OPCUA_PRESET_ROLES,
  OPCUA_PRESETS,
  PARAMETER_AGGREGATIONS,
  PARAMETER_CHARTS,
  PARAMETER_DATA_TYPES,
  SUBSCRIPTION_TYPES,
  TELTONIKA_PARAMETER_PRESETS,
} from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

const prefixed = (prefix: string, names: readonly string[]) => names.map((name) => `${prefix}.${name}`);

// The labels and help texts the server's administration forms send (the server may take them only from the
// contracts' FORM_TEXT_KEYS), and the choice keys the forms and lists build from the contracts' constants: the sources
// never spell them as t('…'), so the locales test cannot see them.
const keys = [
  ...FORM_TEXT_KEYS.sensor,
  ...FORM_TEXT_KEYS.company,
  ...FORM_TEXT_KEYS.subscriber,
  ...FORM_TEXT_KEYS.deviceType,
  ...FORM_TEXT_KEYS.parameter,
  ...prefixed('company.subscription-type', SUBSCRIPTION_TYPES),
  ...prefixed('parameter.aggregation', PARAMETER_AGGREGATIONS),
  ...prefixed('parameter.data-type', PARAMETER_DATA_TYPES),
  ...prefixed('parameter.chart', PARAMETER_CHARTS),
  ...prefixed('device.status', DEVICE_STATUSES),
  // The Teltonika presets' names in the parameters panel's preset menu.
  ...prefixed(
    'teltonika.preset',
    TELTONIKA_PARAMETER_PRESETS.map((preset) => preset.key),
  ),
  // The OPC UA tools: the presets and their roles by name, and the machine errors the browse and preset calls answer.
  ...prefixed('opcua.preset', OPCUA_PRESETS),
  ...prefixed(
    'opcua.preset.role',
    OPCUA_PRESETS.flatMap((preset) => OPCUA_PRESET_ROLES[preset].map((role) => role.role)),
  ),
  ...Object.values(OPCUA_MACHINE_ERROR_KEYS),
];

describe('translations of the administration forms and lists', () => {
  it.each([...LANGUAGES])('%s has every label, help and choice key', (language) => {
    const bundle = bundles[language] ?? {};
    expect(keys.filter((key) => !bundle[key]?.trim())).toEqual([]);
  });
});

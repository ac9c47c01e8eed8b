import { describe, expect, it } from 'vitest';
import { DEVICE_STATUSES, LANGUAGES, PARAMETER_AGGREGATIONS, PARAMETER_CHARTS, PARAMETER_DATA_TYPES, SUBSCRIPTION_TYPES } from '@gearwatch/contracts';
import en from '../../i18n/locales/en.json';
import lv from '../../i18n/locales/lv.json';
import pl from '../../i18n/locales/pl.json';
import ru from '../../i18n/locales/ru.json';

const bundles: Record<string, Record<string, string>> = { en, pl, lv, ru };

const prefixed = (prefix: string, names: readonly string[]) => names.map((name) => `${prefix}.${name}`);

// The labels, help texts and translated choices the server's administration forms send (server/src/sensors,
// companies, subscribers, device-types), and the choice keys the lists build from the contracts' constants: the
// sources never spell them as t('…'), so the locales test cannot see them.
const keys = [
  ...prefixed('sensor.field', [
    'company',
    'name',
    'serial-number',
    'security-code',
    'type',
    'description',
    'device',
    'timezone',
    'subscription',
    'sim-card-number',
    'version',
    'software-version',
    'owner',
    'dealer',
    'active',
    'warranty-to',
    'peripherals',
  ]),
  ...prefixed('sensor.help', ['security-code', 'device', 'peripherals']),
  ...prefixed('company.field', ['name', 'subscriber', 'timezone', 'subscription-type', 'automatic-operator-registration']),
  'company.help.timezone-locked',
  ...prefixed('company.subscription-type', SUBSCRIPTION_TYPES),
  ...prefixed('subscriber.field', ['name', 'tax-number', 'address', 'city', 'email']),
  ...prefixed('devicetype.field', ['name', 'description']),
  ...prefixed('parameter.field', ['device-type', 'number', 'name', 'description', 'tags', 'unit', 'aggregation', 'data-type', 'chart', 'formula', 'public']),
  'parameter.help.tags',
  ...prefixed('parameter.aggregation', PARAMETER_AGGREGATIONS),
  ...prefixed('parameter.data-type', PARAMETER_DATA_TYPES),
  ...prefixed('parameter.chart', PARAMETER_CHARTS),
  ...prefixed('device.status', DEVICE_STATUSES),
];

describe('translations of the administration forms and lists', () => {
  it.each([...LANGUAGES])('%s has every label, help and choice key', (language) => {
    const bundle = bundles[language] ?? {};
    expect(keys.filter((key) => !bundle[key]?.trim())).toEqual([]);
  });
});

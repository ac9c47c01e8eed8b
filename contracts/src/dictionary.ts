/**
 * The dictionary rows the product ships (issue 32 item 2): units, the demo's device types and their parameters. Each
 * shipped row carries a stable `key` (migration 036), and every reader shows it in the reader's language by that key
 * (`dictionary.<kind>.<key>.<field>`, in the server's and the client's locale files); a row someone added or renamed
 * has no key and is shown as typed. The names here are the English ones the rows were stored with, which the
 * migration and the demo seed match to give the keys.
 */

export const DICTIONARY_UNITS = {
  volt: 'volt',
  millivolt: 'millivolt',
  ampere: 'ampere',
  hours: 'hours',
  minutes: 'minutes',
  seconds: 'seconds',
  percent: 'percent',
  bar: 'bar',
  litre: 'litre',
  kwh: 'kWh',
  kilometre: 'kilometre',
  'kilometres-per-hour': 'kilometres per hour',
  'gps-position': 'GPS position',
  pieces: 'pieces',
  'on-off': 'on/off',
} as const;

export const DICTIONARY_DEVICE_TYPES = {
  'electric-forklift': 'Electric forklift',
  'diesel-forklift': 'Diesel forklift',
  'diesel-forklift-teltonika': 'Diesel forklift (Teltonika)',
  'production-machine': 'Production machine',
} as const;

/** Parameters are keyed only on a keyed (shipped) device type: a name alone on someone's own type is theirs. */
export const DICTIONARY_PARAMETERS = {
  work: 'work',
  active: 'active',
  counter: 'counter',
  'battery-voltage': 'battery voltage',
  'supply-voltage': 'supply voltage',
  'motor-hours': 'motor hours',
  'fuel-level': 'fuel level',
  'hydraulic-pressure': 'hydraulic pressure',
  'motor-current': 'motor current',
  'fuel-consumption': 'fuel consumption',
  'charging-quantity': 'charging quantity',
  internal: 'internal',
  'tracker-battery': 'tracker battery',
  odometer: 'odometer',
  speed: 'speed',
  'gsm-signal': 'GSM signal',
} as const;

export type DictionaryUnitKey = keyof typeof DICTIONARY_UNITS;
export type DictionaryDeviceTypeKey = keyof typeof DICTIONARY_DEVICE_TYPES;
export type DictionaryParameterKey = keyof typeof DICTIONARY_PARAMETERS;

export const DICTIONARY = { unit: DICTIONARY_UNITS, 'device-type': DICTIONARY_DEVICE_TYPES, parameter: DICTIONARY_PARAMETERS } as const;
export type DictionaryKind = keyof typeof DICTIONARY;
export const DICTIONARY_KINDS = ['unit', 'device-type', 'parameter'] as const satisfies readonly DictionaryKind[];

/** The texts each kind has in the locale files: a unit's symbol and word, a type's or parameter's name. */
export const DICTIONARY_FIELDS = { unit: ['short', 'long'], 'device-type': ['name'], parameter: ['name'] } as const;
export type DictionaryField<K extends DictionaryKind> = (typeof DICTIONARY_FIELDS)[K][number];

/** Every locale key the dictionary needs, for the locale files' tests. */
export function dictionaryTextKeys(): string[] {
  return (Object.keys(DICTIONARY) as DictionaryKind[]).flatMap((kind) =>
    Object.keys(DICTIONARY[kind]).flatMap((key) => DICTIONARY_FIELDS[kind].map((field) => `dictionary.${kind}.${key}.${field}`)),
  );
}

const isKey = <K extends DictionaryKind>(kind: K, key: string | null | undefined): key is string & keyof (typeof DICTIONARY)[K] =>
  typeof key === 'string' && Object.hasOwn(DICTIONARY[kind], key);

/** The key a shipped row of `kind` named `name` gets (the migration's and the seed's rule); null for any other name. */
export function shippedKey(kind: DictionaryKind, name: string): string | null {
  const entry = Object.entries(DICTIONARY[kind]).find(([, shipped]) => shipped === name);
  return entry ? entry[0] : null;
}

/**
 * A dictionary row's text as the reader reads it: the translation of its key, or `typed` (what is stored) when the
 * row has no key, the key is unknown, or the locale lacks it (`t` returns the key itself then).
 */
export function dictionaryText<K extends DictionaryKind>(
  t: (key: string) => string,
  kind: K,
  key: string | null | undefined,
  field: DictionaryField<K>,
  typed: string,
): string {
  if (!isKey(kind, key)) return typed;
  const textKey = `dictionary.${kind}.${key}.${field}`;
  const text = t(textKey);
  return text && text !== textKey ? text : typed;
}

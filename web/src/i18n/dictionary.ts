// The rows the product ships (units, device types, parameters) in the reader's language (issue 32 item 2): a row with
// a dictionary key reads its key's text from the locale files, one without reads as stored — a name someone typed
// stays as typed. One place, so every list, picker and chart names them alike.
import { dictionaryText } from '@gearwatch/contracts';

type Translate = (key: string) => string;

/** What the API answers for a dictionary row: its stored text and, for a shipped row, its key. */
export interface Keyed {
  name: string;
  key?: string | null;
}

export interface KeyedUnit {
  short: string;
  long?: string;
  key?: string | null;
}

export const deviceTypeName = (t: Translate, type: Keyed): string => dictionaryText(t, 'device-type', type.key, 'name', type.name);

export const parameterName = (t: Translate, parameter: Keyed): string => dictionaryText(t, 'parameter', parameter.key, 'name', parameter.name);

/** A unit's symbol ('V', 'szt.'); '' stays ''. */
export const unitShort = (t: Translate, unit: KeyedUnit): string => (unit.short ? dictionaryText(t, 'unit', unit.key, 'short', unit.short) : '');

/** A unit's word ('volt', 'sztuki'). */
export const unitLong = (t: Translate, unit: KeyedUnit): string => dictionaryText(t, 'unit', unit.key, 'long', unit.long ?? unit.short);

/** A stored unit symbol with its key (a reading's, a message's), as the reader writes it. */
export const unitSymbol = (t: Translate, short: string | null, key: string | null | undefined): string | null =>
  short === null ? null : unitShort(t, { short, key });

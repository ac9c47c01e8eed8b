import { describe, expect, it } from 'vitest';
import { DICTIONARY_PARAMETERS, dictionaryText, dictionaryTextKeys, shippedKey } from './dictionary.ts';

const polish: Record<string, string> = { 'dictionary.parameter.battery-voltage.name': 'Napięcie akumulatora', 'dictionary.unit.pieces.short': 'szt.' };
// As i18next answers a missing key: the key itself.
const t = (key: string) => polish[key] ?? key;

describe('dictionary texts', () => {
  it('reads a shipped row by its key in the reader language', () => {
    expect(dictionaryText(t, 'parameter', 'battery-voltage', 'name', 'battery voltage')).toBe('Napięcie akumulatora');
    expect(dictionaryText(t, 'unit', 'pieces', 'short', 'pcs')).toBe('szt.');
  });

  it('shows a typed row, an unknown key and a missing text as stored', () => {
    expect(dictionaryText(t, 'parameter', null, 'name', 'my sensor')).toBe('my sensor');
    expect(dictionaryText(t, 'parameter', 'no-such-key', 'name', 'my sensor')).toBe('my sensor');
    expect(dictionaryText(t, 'parameter', 'speed', 'name', 'speed')).toBe('speed');
    // A key of another kind is not this kind's.
    expect(dictionaryText(t, 'unit', 'battery-voltage', 'short', 'V')).toBe('V');
  });

  it('gives the shipped names their keys and nothing else', () => {
    expect(shippedKey('device-type', 'Production machine')).toBe('production-machine');
    expect(shippedKey('unit', 'on/off')).toBe('on-off');
    expect(shippedKey('parameter', 'Battery Voltage')).toBeNull();
    expect(shippedKey('device-type', 'Press line 3')).toBeNull();
  });

  it('lists a locale key for every field of every shipped row', () => {
    const keys = dictionaryTextKeys();
    expect(keys).toContain('dictionary.unit.kwh.long');
    expect(keys).toContain('dictionary.device-type.electric-forklift.name');
    expect(keys.filter((key) => key.startsWith('dictionary.parameter.'))).toHaveLength(Object.keys(DICTIONARY_PARAMETERS).length);
  });
});

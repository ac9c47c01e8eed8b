import { describe, expect, it } from 'vitest';
import { TELTONIKA_IO, TELTONIKA_IO_PRESETS, teltonikaIoPreset } from './teltonika.ts';

describe('TELTONIKA_IO_PRESETS', () => {
  it('has one preset for each named AVL ID, and no id twice', () => {
    expect(TELTONIKA_IO_PRESETS.map((p) => p.key).sort()).toEqual(Object.keys(TELTONIKA_IO).sort());
    expect(new Set(TELTONIKA_IO_PRESETS.map((p) => p.id)).size).toBe(TELTONIKA_IO_PRESETS.length);
    for (const p of TELTONIKA_IO_PRESETS) expect(p.id, p.key).toBe(TELTONIKA_IO[p.key]);
  });

  it('scales raw values as the AVL ID list states them', () => {
    const scaled = (id: number, raw: number) => {
      const p = teltonikaIoPreset(id)!;
      return { value: raw * p.multiplier + p.offset, unit: p.unit };
    };
    expect(scaled(66, 12961)).toEqual({ value: 12.961, unit: 'V' });
    expect(scaled(67, 4067).unit).toBe('V');
    expect(scaled(84, 455)).toEqual({ value: 45.5, unit: 'l' });
    expect(scaled(102, 90)).toEqual({ value: 1.5, unit: 'h' });
    expect(teltonikaIoPreset(239)?.kind).toBe('flag');
    expect(teltonikaIoPreset(207)?.kind).toBe('identifier');
    expect(teltonikaIoPreset(9999)).toBeUndefined();
  });
});

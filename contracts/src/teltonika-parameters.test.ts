import { describe, expect, it } from 'vitest';
import { TELTONIKA_IO, TELTONIKA_IO_PRESETS } from './teltonika.ts';
import { TELTONIKA_PARAMETER_PRESETS } from './teltonika-parameters.ts';

describe('TELTONIKA_PARAMETER_PRESETS', () => {
  it('offers every measurement, each with an aggregation, and no flag or card', () => {
    const measurements = TELTONIKA_IO_PRESETS.filter((p) => p.kind === 'value').map((p) => p.key);
    expect(TELTONIKA_PARAMETER_PRESETS.map((p) => p.key)).toEqual(measurements);
    const offered = TELTONIKA_PARAMETER_PRESETS.map((p) => p.id);
    for (const id of [TELTONIKA_IO.ignition, TELTONIKA_IO.movement, TELTONIKA_IO.iButton, TELTONIKA_IO.rfid]) expect(offered).not.toContain(id);
  });

  it('averages levels and keeps the last value of counters', () => {
    const of = (id: number) => TELTONIKA_PARAMETER_PRESETS.find((p) => p.id === id);
    expect(of(66)).toMatchObject({ unit: 'V', multiplier: 0.001, offset: 0, aggregation: 'avg' });
    expect(of(67)).toMatchObject({ unit: 'V', aggregation: 'avg' });
    expect(of(16)).toMatchObject({ unit: 'km', aggregation: 'last' });
    expect(of(102)).toMatchObject({ unit: 'h', aggregation: 'last' });
  });
});

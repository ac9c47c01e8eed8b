import { describe, expect, it } from 'vitest';
import { TELTONIKA_PARAMETER_PRESETS } from '@gearwatch/contracts';
import { nextFreeParameterNumber, presetFormValues } from './teltonika-presets.ts';

const preset = (id: number) => TELTONIKA_PARAMETER_PRESETS.find((p) => p.id === id)!;
const units = {
  unit: [
    { value: 70, label: 'second (s)', unit: 's' },
    { value: 71, label: 'volt (V)', unit: 'V' },
    { value: 72, label: 'hour' },
  ],
};

describe('Teltonika parameter presets', () => {
  it('numbers a preset’s parameter one above the highest ordinary number, never work or active', () => {
    expect(nextFreeParameterNumber([])).toBe(3);
    expect(nextFreeParameterNumber([1, 2])).toBe(3);
    expect(nextFreeParameterNumber([1, 2, 3, 12])).toBe(13);
    // A gap is not reused (a deleted parameter's readings are kept by its number); the internal numbers do not count.
    expect(nextFreeParameterNumber([1, 5, 10000, 10003])).toBe(6);
  });

  it('fills the form from a preset, with the unit of that short name', () => {
    expect(presetFormValues(preset(66), { deviceTypeId: 40, numbers: [1, 2, 12], name: 'Napięcie zewnętrzne' }, { choices: units })).toEqual({
      deviceType: 40,
      number: 13,
      name: 'Napięcie zewnętrzne',
      unit: 71,
      aggregation: 'avg',
      teltonikaIoId: 66,
      teltonikaMultiplier: 0.001,
      teltonikaOffset: 0,
    });
    // No unit of that short name in the dictionary, or a preset without a unit: none.
    expect(presetFormValues(preset(16), { deviceTypeId: 40, numbers: [], name: 'Odometer' }, { choices: units })).toMatchObject({
      unit: null,
      aggregation: 'last',
      teltonikaIoId: 16,
    });
    expect(presetFormValues(preset(21), { deviceTypeId: 40, numbers: [], name: 'GSM' }, { choices: units })).toMatchObject({ unit: null, teltonikaIoId: 21 });
  });
});

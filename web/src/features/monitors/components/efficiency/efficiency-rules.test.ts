import { describe, expect, it } from 'vitest';
import { EFFICIENCY_UNIT, PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { DeviceDiagnosticsResponse } from '@gearwatch/contracts';
import { deviceGroups, devices, deviceTypes } from '../../test/fixtures.ts';
import { efficiencyDeviceIds, efficiencyOffer, wholeEfficiency } from './efficiency-rules.ts';

const numbers = (offer: { number: number }[] | null) => offer?.map((parameter) => parameter.number) ?? null;

describe('efficiencyDeviceIds', () => {
  it('keeps only the chosen devices of the first chosen device type', () => {
    expect(efficiencyDeviceIds({ byGroups: false, devices: [1, 3, 2], deviceGroups: [] }, devices, deviceGroups)).toEqual([1, 2]);
    expect(efficiencyDeviceIds({ byGroups: false, devices: [99, 3, 1], deviceGroups: [] }, devices, deviceGroups)).toEqual([3]);
  });

  it('takes every device of the chosen groups, whatever their types', () => {
    expect(efficiencyDeviceIds({ byGroups: true, devices: [4], deviceGroups: [10, 11] }, devices, deviceGroups)).toEqual([1, 2, 3]);
  });

  it('is unknown while the list it needs loads', () => {
    expect(efficiencyDeviceIds({ byGroups: false, devices: [1], deviceGroups: [] }, undefined, deviceGroups)).toBeNull();
    expect(efficiencyDeviceIds({ byGroups: true, devices: [], deviceGroups: [10] }, devices, undefined)).toBeNull();
  });
});

describe('efficiencyOffer', () => {
  it('leads with efficiency when work and active are both common parameters', () => {
    expect(numbers(efficiencyOffer([1, 2], devices, deviceTypes))).toEqual([PARAMETER_NUMBERS.efficiency, 1, 2, 3, 5]);
    expect(numbers(efficiencyOffer([1, 3], devices, deviceTypes))).toEqual([PARAMETER_NUMBERS.efficiency, 1, 2]);
  });

  it('offers no efficiency without work and active, and nothing for a type without parameters', () => {
    expect(numbers(efficiencyOffer([4], devices, deviceTypes))).toEqual([]);
    const onlyWork = [{ id: 100, parameters: deviceTypes[0]?.parameters.filter((parameter) => parameter.number !== 2) ?? [] }];
    expect(numbers(efficiencyOffer([1], devices, onlyWork))).toEqual([1, 3, 5]);
  });

  it('is unknown while the lists load', () => {
    expect(efficiencyOffer(null, devices, deviceTypes)).toBeNull();
    expect(efficiencyOffer([1], devices, undefined)).toBeNull();
  });
});

describe('wholeEfficiency', () => {
  it('rounds efficiency to whole numbers, 0 where undefined, and leaves other parameters as answered', () => {
    const seconds = { short: 's', long: 'seconds', min: null, max: null };
    const response: DeviceDiagnosticsResponse = {
      interval: 'hour',
      categories: ['a', 'b', 'c'],
      parameters: [],
      units: [EFFICIENCY_UNIT, seconds],
      data: [
        {
          device: { id: 1, name: 'Forklift A' },
          parameters: [
            { number: 0, name: 'efficiency', unit: EFFICIENCY_UNIT, axis: 0, values: [87.5, null, 33.333] },
            { number: 1, name: 'Work time', unit: seconds, axis: 1, values: [12.5, null, 1.25] },
          ],
        },
      ],
    };
    const parameters = wholeEfficiency(response).data[0]?.parameters;
    expect(parameters?.map((parameter) => parameter.values)).toEqual([
      [88, 0, 33],
      [12.5, null, 1.25],
    ]);
  });
});

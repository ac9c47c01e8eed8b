import { describe, expect, it } from 'vitest';
import type { DiagnosticsUnit } from '../diagnostics.ts';
import type { MonitorDeviceType, SelectableParameter } from './parameters.ts';
import {
  applyEfficiencyChoice,
  devicesOfGroups,
  efficiencyChosenDevices,
  efficiencySelectableDevices,
  efficiencySelectableParameters,
  PARAMETER_TAGS,
  reconcileEfficiencyParameters,
  reconcileParameters,
  selectableParameters,
} from './parameters.ts';

const seconds: DiagnosticsUnit = { short: 's', long: 'seconds', min: null, max: null };
const volt: DiagnosticsUnit = { short: 'V', long: 'volt', min: null, max: null };
const p = (number: number, name: string, tags: string[] = [], unit = volt): SelectableParameter => ({ number, name, tags, unit });

const work = p(1, 'work', [PARAMETER_TAGS.work], seconds);
const active = p(2, 'active', [PARAMETER_TAGS.active], seconds);
const counter = p(3, 'counter');
const battery = p(20, 'battery voltage');
const supply = p(21, 'supply voltage');
const fuel = p(23, 'fuel level');
const internal = p(10000, 'internal');

const types: MonitorDeviceType[] = [
  { id: 1, parameters: [work, active, battery, supply, internal] }, // electric
  { id: 2, parameters: [work, active, supply, fuel, internal] }, // diesel
  { id: 3, parameters: [counter, fuel] }, // no work, no activity
];
const devices = [
  { id: 11, deviceType: { id: 1 } },
  { id: 12, deviceType: { id: 1 } },
  { id: 21, deviceType: { id: 2 } },
  { id: 31, deviceType: { id: 3 } },
];
const numbers = (list: readonly SelectableParameter[]) => list.map((parameter) => parameter.number);

describe('selectableParameters', () => {
  it("offers one device's parameters without 10000", () => {
    expect(numbers(selectableParameters([11], devices, types))).toEqual([1, 2, 20, 21]);
  });
  it('offers only the parameters every chosen device has', () => {
    expect(numbers(selectableParameters([11, 21], devices, types))).toEqual([1, 2, 21]);
    expect(numbers(selectableParameters([11, 12], devices, types))).toEqual([1, 2, 20, 21]);
    expect(numbers(selectableParameters([21, 31], devices, types))).toEqual([23]);
    expect(numbers(selectableParameters([11, 31], devices, types))).toEqual([]);
  });
  it('offers nothing for no device and ignores ids it does not know', () => {
    expect(selectableParameters([], devices, types)).toEqual([]);
    expect(selectableParameters([99], devices, types)).toEqual([]);
    expect(numbers(selectableParameters([99, 21], devices, types))).toEqual([1, 2, 21, 23]);
  });
});

describe('devicesOfGroups', () => {
  it('expands groups into their devices, each once', () => {
    const groups = [
      { id: 5, devices: [{ id: 11 }, { id: 21 }] },
      { id: 6, devices: [{ id: 21 }, { id: 31 }] },
      { id: 7, devices: [] },
    ];
    expect(devicesOfGroups([5, 6], groups)).toEqual([11, 21, 31]);
    expect(devicesOfGroups([7, 99], groups)).toEqual([]);
  });
});

describe('efficiency device rule', () => {
  it('offers every device until one is chosen, then only those of its type', () => {
    expect(efficiencySelectableDevices([], devices)).toEqual(devices);
    expect(efficiencySelectableDevices([12], devices).map((d) => d.id)).toEqual([11, 12]);
    expect(efficiencySelectableDevices([21, 11], devices).map((d) => d.id)).toEqual([21]);
    expect(efficiencySelectableDevices([99, 31], devices).map((d) => d.id)).toEqual([31]);
  });
  it('keeps only the chosen devices of the first chosen type', () => {
    expect(efficiencyChosenDevices([11, 21, 12], devices)).toEqual([11, 12]);
    expect(efficiencyChosenDevices([21, 11], devices)).toEqual([21]);
  });
});

describe('efficiencySelectableParameters', () => {
  it('leads with efficiency when work and active are both offered', () => {
    const offered = efficiencySelectableParameters(selectableParameters([11], devices, types));
    expect(numbers(offered)).toEqual([0, 1, 2, 20, 21]);
    expect(offered[0]?.unit.short).toBe('%');
  });
  it('offers no efficiency with only one of work and active, or neither', () => {
    expect(numbers(efficiencySelectableParameters([work, battery]))).toEqual([1, 20]);
    expect(numbers(efficiencySelectableParameters([active]))).toEqual([2]);
    expect(numbers(efficiencySelectableParameters([counter, fuel]))).toEqual([3, 23]);
    expect(efficiencySelectableParameters([])).toEqual([]);
  });
});

describe('reconcileParameters (spec 02 §4 dropping rule)', () => {
  it('keeps the chosen parameters still offered and drops the others', () => {
    expect(reconcileParameters([20, 21, 1], [work, active, supply])).toEqual([21, 1]);
  });
  it('chooses the effective work time parameter when nothing chosen remains', () => {
    expect(reconcileParameters([20], [active, work, supply])).toEqual([1]);
    expect(reconcileParameters([], [supply, work])).toEqual([1]);
  });
  it('chooses the first offered parameter when none is tagged effective work time', () => {
    expect(reconcileParameters([20], [fuel, counter])).toEqual([23]);
  });
  it('chooses nothing when nothing is offered', () => {
    expect(reconcileParameters([1, 2], [])).toEqual([]);
  });
});

describe('efficiency rules', () => {
  it('leaves only efficiency when it is chosen with other parameters', () => {
    expect(applyEfficiencyChoice([1, 0, 20])).toEqual([0]);
    expect(applyEfficiencyChoice([0])).toEqual([0]);
    expect(applyEfficiencyChoice([1, 20])).toEqual([1, 20]);
    expect(applyEfficiencyChoice([])).toEqual([]);
  });
  it('drops efficiency once it is no longer offered', () => {
    const electric = efficiencySelectableParameters(selectableParameters([11], devices, types));
    expect(reconcileEfficiencyParameters([0], electric)).toEqual([0]);
    expect(reconcileEfficiencyParameters([0, 23], [counter, fuel])).toEqual([23]);
  });
  it('chooses work when nothing is left', () => {
    expect(reconcileEfficiencyParameters([0], [supply, active, work])).toEqual([1]);
    expect(reconcileEfficiencyParameters([], [supply, work])).toEqual([1]);
  });
  it('falls back to the general rule without a work parameter', () => {
    expect(reconcileEfficiencyParameters([0], [fuel, counter])).toEqual([23]);
    expect(reconcileEfficiencyParameters([0], [])).toEqual([]);
  });
  it('keeps only efficiency of what remains chosen', () => {
    const offered = efficiencySelectableParameters([work, active, supply]);
    expect(reconcileEfficiencyParameters([0, 21, 99], offered)).toEqual([0]);
    expect(reconcileEfficiencyParameters([21, 99], offered)).toEqual([21]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DiagnosticsUnit } from '../diagnostics.ts';
import { MONITOR_KINDS, monitorSchema, defaultMonitorSettings } from './settings.ts';
import { PARAMETER_TAGS } from './parameters.ts';
import type { MonitorDeviceType, SelectableParameter } from './parameters.ts';
import { startingMonitorSettings } from './starting-selection.ts';
import type { StartingModel } from './starting-selection.ts';

const seconds: DiagnosticsUnit = { short: 's', long: 'seconds', min: null, max: null };
const volt: DiagnosticsUnit = { short: 'V', long: 'volt', min: null, max: null };
const p = (number: number, name: string, tags: string[] = [], unit = volt): SelectableParameter => ({ number, name, tags, unit });
const work = p(1, 'work', [PARAMETER_TAGS.work], seconds);
const active = p(2, 'active', [PARAMETER_TAGS.active], seconds);
const counter = p(3, 'counter');
const battery = p(20, 'battery voltage');

const deviceTypes: MonitorDeviceType[] = [
  { id: 1, parameters: [battery, work, active] },
  { id: 3, parameters: [counter] },
];
const model: StartingModel = {
  // Listed by name: an empty group first, then the group to start on.
  deviceGroups: [
    { id: 7, devices: [] },
    { id: 5, devices: [{ id: 12 }, { id: 11 }] },
    { id: 6, devices: [{ id: 31 }] },
  ],
  devices: [
    { id: 11, deviceType: { id: 1 } },
    { id: 12, deviceType: { id: 1 } },
    { id: 31, deviceType: { id: 3 } },
  ],
  deviceTypes,
  operatorGroups: [
    { id: 40, operators: [] },
    { id: 41, operators: [{ id: 1 }] },
  ],
};

describe('startingMonitorSettings', () => {
  it('starts device monitors on the first group that has devices, with the work parameter chosen', () => {
    expect(startingMonitorSettings('device-parameter', model)).toMatchObject({ byGroups: true, deviceGroups: [5], devices: [], parameters: [1], edited: true });
    expect(startingMonitorSettings('work-activity', model)).toMatchObject({ byGroups: true, deviceGroups: [5] });
    expect(startingMonitorSettings('work-activity-shift', model)).toMatchObject({ byGroups: true, deviceGroups: [5] });
    expect(startingMonitorSettings('geo', model)).toMatchObject({ byGroups: true, deviceGroups: [5], agps: true });
  });

  it('starts the efficiency monitor on the work parameter (spec 02 §4), else on the first offered', () => {
    expect(startingMonitorSettings('efficiency', model).parameters).toEqual([1]);
    const counters: StartingModel = { ...model, deviceGroups: [{ id: 6, devices: [{ id: 31 }] }] };
    expect(startingMonitorSettings('efficiency', counters).parameters).toEqual([3]);
  });

  it('starts the operator monitor on the first operator group that has operators', () => {
    expect(startingMonitorSettings('device-operator', model)).toMatchObject({ byGroups: true, deviceOperatorsGroups: [41], deviceOperators: [] });
  });

  it('starts the async monitor on the first device of that group, with its work parameter', () => {
    expect(startingMonitorSettings('async', model)).toMatchObject({ device: 12, parameters: [1] });
  });

  it('falls back to the first device when no group has devices', () => {
    const noGroups: StartingModel = { ...model, deviceGroups: [{ id: 7, devices: [] }] };
    expect(startingMonitorSettings('device-parameter', noGroups)).toMatchObject({ byGroups: false, devices: [11], deviceGroups: [], parameters: [1] });
  });

  it('ignores group members the client does not know (deleted or of another list)', () => {
    const stale: StartingModel = { ...model, deviceGroups: [{ id: 9, devices: [{ id: 999 }] }, ...model.deviceGroups] };
    expect(startingMonitorSettings('geo', stale).deviceGroups).toEqual([5]);
  });

  it('keeps the empty defaults when there is nothing to choose from or the lists are not loaded', () => {
    const empty: StartingModel = { deviceGroups: [], devices: [], deviceTypes: [], operatorGroups: [] };
    for (const kind of MONITOR_KINDS) {
      expect(startingMonitorSettings(kind, empty)).toEqual(defaultMonitorSettings(kind));
      expect(startingMonitorSettings(kind, null)).toEqual(defaultMonitorSettings(kind));
    }
  });

  it('gives settings a saved board accepts for every kind', () => {
    for (const kind of MONITOR_KINDS) {
      expect(monitorSchema.safeParse({ id: 'monitor-1', kind, settings: startingMonitorSettings(kind, model) }).success, kind).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { DiagnosticsUnit } from '../diagnostics.ts';
import type { SelectableParameter } from './parameters.ts';
import { defaultMonitorSettings } from './settings.ts';
import type { MonitorKind, MonitorSettings } from './settings.ts';
import type { MonitorValidityContext } from './validity.ts';
import { isMonitorValid, MONITOR_MESSAGE_KEYS as K, monitorValidity, monitorWarning } from './validity.ts';

const unit: DiagnosticsUnit = { short: 's', long: 'seconds', min: null, max: null };
const offered: SelectableParameter[] = [
  { number: 1, name: 'work', tags: ['effective work time'], unit },
  { number: 2, name: 'active', tags: ['device active'], unit },
];
const context = (overrides: Partial<MonitorValidityContext> = {}): MonitorValidityContext => ({
  range: { from: '2026-03-10', to: '2026-03-10' },
  selectableParameters: offered,
  selectedDeviceCount: 1,
  shiftsDefined: 3,
  ...overrides,
});
const settingsOf = <T extends MonitorKind>(kind: T, overrides: Partial<MonitorSettings<T>>): MonitorSettings<T> => ({
  ...defaultMonitorSettings(kind),
  ...overrides,
});

describe('device parameter monitor', () => {
  const valid = settingsOf('device-parameter', { devices: [1], parameters: [1] });
  it('is valid with a device, a parameter, dates and an interval', () => {
    expect(monitorValidity('device-parameter', valid, context())).toEqual({ valid: true, warning: null });
  });
  it('asks for devices, or for groups when grouping is on', () => {
    expect(monitorWarning('device-parameter', { ...valid, devices: [] }, context())).toBe(K.noDevices);
    expect(monitorWarning('device-parameter', { ...valid, byGroups: true }, context())).toBe(K.noDeviceGroups);
    expect(monitorWarning('device-parameter', { ...valid, devices: [], byGroups: true, deviceGroups: [4] }, context())).toBeNull();
  });
  it('says when nothing can be chosen, for one device and for several', () => {
    expect(monitorWarning('device-parameter', valid, context({ selectableParameters: [] }))).toBe(K.noParameter);
    expect(monitorWarning('device-parameter', { ...valid, devices: [1, 2] }, context({ selectableParameters: [], selectedDeviceCount: 2 }))).toBe(
      K.noCommonParameters,
    );
  });
  it('asks for a parameter when none is chosen', () => {
    expect(monitorWarning('device-parameter', { ...valid, parameters: [] }, context())).toBe(K.noParameters);
    // While the device lists load nothing is known of the offer; the choice still counts.
    expect(monitorWarning('device-parameter', { ...valid, parameters: [] }, context({ selectableParameters: null }))).toBe(K.noParameters);
    expect(isMonitorValid('device-parameter', valid, context({ selectableParameters: null }))).toBe(true);
  });
  it('gives the first warning that applies', () => {
    expect(monitorWarning('device-parameter', { ...valid, devices: [], parameters: [] }, context({ shiftsDefined: 0 }))).toBe(K.noDevices);
    expect(monitorWarning('device-parameter', { ...valid, parameters: [], interval: 'shifts' }, context({ shiftsDefined: 0 }))).toBe(K.noParameters);
  });
  it('needs company shifts for the interval shifts', () => {
    expect(monitorWarning('device-parameter', { ...valid, interval: 'shifts' }, context({ shiftsDefined: 0 }))).toBe(K.noShiftsDefined);
    expect(isMonitorValid('device-parameter', { ...valid, interval: 'shifts' }, context({ shiftsDefined: 1 }))).toBe(true);
    expect(isMonitorValid('device-parameter', valid, context({ shiftsDefined: 0 }))).toBe(true);
  });
  it('waits without a warning while only one date is picked', () => {
    expect(monitorValidity('device-parameter', valid, context({ range: null }))).toEqual({ valid: false, warning: null });
  });
  it('refuses a range longer than the server answers, either way round', () => {
    expect(monitorWarning('device-parameter', valid, context({ range: { from: '2025-01-01', to: '2026-01-02' } }))).toBe(K.rangeTooLong);
    expect(monitorWarning('device-parameter', valid, context({ range: { from: '2026-01-02', to: '2025-01-01' } }))).toBe(K.rangeTooLong);
    expect(isMonitorValid('device-parameter', valid, context({ range: { from: '2025-01-01', to: '2026-01-01' } }))).toBe(true);
  });
  it('still fetches a fine interval over a long range: the server answers coarser', () => {
    expect(isMonitorValid('device-parameter', { ...valid, interval: '5min' }, context({ range: { from: '2026-01-01', to: '2026-03-01' } }))).toBe(true);
  });
});

describe('device operator monitor', () => {
  const valid = settingsOf('device-operator', { deviceOperators: [7] });
  it('is valid with an operator, dates and an interval', () => {
    expect(isMonitorValid('device-operator', valid, context({ selectableParameters: [] }))).toBe(true);
  });
  it('asks for operators, or operator groups in group mode', () => {
    expect(monitorWarning('device-operator', { ...valid, deviceOperators: [] }, context())).toBe(K.noDeviceOperators);
    expect(monitorWarning('device-operator', { ...valid, byGroups: true }, context())).toBe(K.noDeviceOperatorsGroups);
    expect(isMonitorValid('device-operator', { ...valid, byGroups: true, deviceOperatorsGroups: [2] }, context())).toBe(true);
  });
  it('needs both dates', () => {
    expect(isMonitorValid('device-operator', valid, context({ range: null }))).toBe(false);
  });
});

describe('work/activity charts', () => {
  it('need devices or groups and dates, not parameters', () => {
    const chart = settingsOf('work-activity', { devices: [1] });
    expect(isMonitorValid('work-activity', chart, context({ selectableParameters: [] }))).toBe(true);
    expect(monitorWarning('work-activity', { ...chart, devices: [] }, context())).toBe(K.noDevices);
    expect(monitorWarning('work-activity', { ...chart, byGroups: true }, context())).toBe(K.noDeviceGroups);
    expect(isMonitorValid('work-activity', chart, context({ shiftsDefined: 0 }))).toBe(true);
  });
  it('need company shifts for the shift chart', () => {
    const shifts = settingsOf('work-activity-shift', { byGroups: true, deviceGroups: [3] });
    expect(isMonitorValid('work-activity-shift', shifts, context())).toBe(true);
    expect(monitorWarning('work-activity-shift', shifts, context({ shiftsDefined: 0 }))).toBe(K.noShiftsDefined);
    expect(monitorWarning('work-activity-shift', { ...shifts, deviceGroups: [] }, context({ shiftsDefined: 0 }))).toBe(K.noDeviceGroups);
  });
});

describe('efficiency monitor', () => {
  const valid = settingsOf('efficiency', { devices: [1], parameters: [0] });
  it('needs a device and a parameter', () => {
    expect(isMonitorValid('efficiency', valid, context())).toBe(true);
    expect(monitorWarning('efficiency', { ...valid, devices: [] }, context())).toBe(K.noDevices);
    expect(monitorWarning('efficiency', { ...valid, parameters: [] }, context())).toBe(K.noParameters);
    expect(monitorWarning('efficiency', valid, context({ selectableParameters: [] }))).toBe(K.noParameter);
  });
  it('allows months only from the first day of a month', () => {
    const monthly = { ...valid, interval: 'month' as const };
    expect(isMonitorValid('efficiency', monthly, context({ range: { from: '2026-03-01', to: '2026-05-31' } }))).toBe(true);
    expect(monitorValidity('efficiency', monthly, context({ range: { from: '2026-03-02', to: '2026-05-31' } }))).toEqual({ valid: false, warning: null });
    expect(isMonitorValid('efficiency', monthly, context({ range: { from: '2026-05-31', to: '2026-03-01' } }))).toBe(true);
  });
});

describe('geo monitor', () => {
  it('needs a device or group and dates, with its own warning keys', () => {
    const geo = settingsOf('geo', { devices: [1] });
    expect(isMonitorValid('geo', geo, context({ selectableParameters: [] }))).toBe(true);
    expect(monitorWarning('geo', { ...geo, devices: [] }, context())).toBe(K.geoNoDevices);
    expect(monitorWarning('geo', { ...geo, byGroups: true }, context())).toBe(K.geoNoDeviceGroups);
    expect(isMonitorValid('geo', geo, context({ range: null }))).toBe(false);
  });
});

describe('async monitor', () => {
  const valid = settingsOf('async', { device: 5, parameters: [20] });
  it('needs one device, parameters and dates', () => {
    expect(isMonitorValid('async', valid, context())).toBe(true);
    expect(monitorWarning('async', { ...valid, device: null }, context())).toBe(K.noDevices);
    expect(monitorWarning('async', { ...valid, parameters: [] }, context())).toBe(K.noParameters);
    expect(isMonitorValid('async', valid, context({ range: null }))).toBe(false);
  });
  it('says there is nothing to choose for its one device', () => {
    expect(monitorWarning('async', valid, context({ selectableParameters: [], selectedDeviceCount: 3 }))).toBe(K.noParameter);
  });
});

describe('message keys', () => {
  it('are the keys of spec 02 §5', () => {
    expect(K.noShiftsDefined).toBe('monitor.message.no-shifts-defined');
    expect(K.noCommonParameters).toBe('monitor.message.no-common-parameters');
    expect(K.noDeviceOperatorsGroups).toBe('device-operator-monitor.message.no-device-operators-groups');
    expect(K.geoNoDeviceGroups).toBe('geo-monitor.message.no-device-groups');
    expect(K.groupWithoutOperators).toBe('device-operator-group.no-device-operators');
  });
});

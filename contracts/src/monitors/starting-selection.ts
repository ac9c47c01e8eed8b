import { PARAMETER_NUMBERS } from '../constants.ts';
import { devicesOfGroups, efficiencySelectableParameters, reconcileEfficiencyParameters, reconcileParameters, selectableParameters } from './parameters.ts';
import type { MonitorDeviceGroupRef, MonitorDeviceRef, MonitorDeviceType } from './parameters.ts';
import { defaultMonitorSettings } from './settings.ts';
import type { MonitorKind, MonitorSettings, MonitorSettingsMap } from './settings.ts';

/**
 * What a monitor just added starts on, so it shows data at once instead of "None of devices were selected": the
 * first device group that has devices (the groups in the order the client lists them, by name), else the first
 * device; the first operator group that has operators; and the parameters the monitor would choose itself for that
 * selection (spec 02 §4: the work parameter, else the first offered). With nothing to choose from (a company with no
 * devices yet) the monitor starts empty, as before.
 */
export interface StartingModel {
  deviceGroups: readonly MonitorDeviceGroupRef[];
  devices: readonly MonitorDeviceRef[];
  deviceTypes: readonly MonitorDeviceType[];
  operatorGroups: readonly { id: number; operators: readonly { id: number }[] }[];
}

interface DeviceStart {
  selection: { devices: number[]; deviceGroups: number[]; byGroups: boolean };
  deviceIds: number[];
}

function deviceStart(model: StartingModel): DeviceStart | null {
  const known = new Set(model.devices.map((device) => device.id));
  const group = model.deviceGroups.find((entry) => entry.devices.some((device) => known.has(device.id)));
  if (group) {
    const deviceIds = devicesOfGroups([group.id], model.deviceGroups).filter((id) => known.has(id));
    return { selection: { devices: [], deviceGroups: [group.id], byGroups: true }, deviceIds };
  }
  const first = model.devices[0];
  return first ? { selection: { devices: [first.id], deviceGroups: [], byGroups: false }, deviceIds: [first.id] } : null;
}

/** The settings of a new monitor of `kind`: its defaults, started on the model's first group and its parameters. */
export function startingMonitorSettings<K extends MonitorKind>(kind: K, model: StartingModel | null): MonitorSettings<K> {
  const defaults: MonitorSettingsMap = {
    'device-parameter': defaultMonitorSettings('device-parameter'),
    'device-operator': defaultMonitorSettings('device-operator'),
    'work-activity': defaultMonitorSettings('work-activity'),
    'work-activity-shift': defaultMonitorSettings('work-activity-shift'),
    efficiency: defaultMonitorSettings('efficiency'),
    geo: defaultMonitorSettings('geo'),
    async: defaultMonitorSettings('async'),
    'activity-summary': defaultMonitorSettings('activity-summary'),
    'efficiency-summary': defaultMonitorSettings('efficiency-summary'),
    'operator-summary': defaultMonitorSettings('operator-summary'),
    'shift-work-summary': defaultMonitorSettings('shift-work-summary'),
    'devices-with-alerts': defaultMonitorSettings('devices-with-alerts'),
    'devices-summary': defaultMonitorSettings('devices-summary'),
    'newest-alerts': defaultMonitorSettings('newest-alerts'),
    'newest-tasks': defaultMonitorSettings('newest-tasks'),
    'hourly-work-distribution': defaultMonitorSettings('hourly-work-distribution'),
  };
  if (!model) return defaults[kind];
  const start = deviceStart(model);
  const offered = (ids: readonly number[]) => selectableParameters(ids, model.devices, model.deviceTypes);
  const operatorGroup = model.operatorGroups.find((group) => group.operators.length > 0);

  const started: MonitorSettingsMap = {
    'device-parameter': start
      ? { ...defaults['device-parameter'], ...start.selection, parameters: reconcileParameters([], offered(start.deviceIds)) }
      : defaults['device-parameter'],
    'device-operator': operatorGroup
      ? { ...defaults['device-operator'], deviceOperatorsGroups: [operatorGroup.id], byGroups: true, parameter: PARAMETER_NUMBERS.work }
      : defaults['device-operator'],
    'work-activity': start ? { ...defaults['work-activity'], ...start.selection } : defaults['work-activity'],
    'work-activity-shift': start ? { ...defaults['work-activity-shift'], ...start.selection } : defaults['work-activity-shift'],
    efficiency: start
      ? { ...defaults.efficiency, ...start.selection, parameters: reconcileEfficiencyParameters([], efficiencySelectableParameters(offered(start.deviceIds))) }
      : defaults.efficiency,
    geo: start ? { ...defaults.geo, ...start.selection } : defaults.geo,
    async: (() => {
      const device = start?.deviceIds[0];
      return device === undefined ? defaults.async : { ...defaults.async, device, parameters: reconcileParameters([], offered([device])) };
    })(),
    'activity-summary': start ? { ...defaults['activity-summary'], ...start.selection } : defaults['activity-summary'],
    'efficiency-summary': start ? { ...defaults['efficiency-summary'], ...start.selection } : defaults['efficiency-summary'],
    'operator-summary': operatorGroup
      ? { ...defaults['operator-summary'], deviceOperatorsGroups: [operatorGroup.id], byGroups: true }
      : defaults['operator-summary'],
    'shift-work-summary': start ? { ...defaults['shift-work-summary'], ...start.selection } : defaults['shift-work-summary'],
    // The device summaries read the whole company until devices are chosen; the hourly distribution needs them.
    'devices-with-alerts': defaults['devices-with-alerts'],
    'devices-summary': defaults['devices-summary'],
    'newest-alerts': defaults['newest-alerts'],
    'newest-tasks': defaults['newest-tasks'],
    'hourly-work-distribution': start ? { ...defaults['hourly-work-distribution'], ...start.selection } : defaults['hourly-work-distribution'],
  };
  return started[kind];
}

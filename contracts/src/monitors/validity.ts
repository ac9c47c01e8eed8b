import { DIAGNOSTICS_LIMITS, DIAGNOSTICS_MESSAGE_KEYS } from '../diagnostics-query.ts';
import type { DiagnosticsInterval } from '../diagnostics-query.ts';
import { daysInclusive, normaliseRange } from './dates.ts';
import type { DateRange } from './dates.ts';
import { availableIntervals } from './intervals.ts';
import type { SelectableParameter } from './parameters.ts';
import type { MonitorKind, MonitorSettings } from './settings.ts';

/** The warning banner's messages (spec 02 §5), translated by the client. */
export const MONITOR_MESSAGE_KEYS = {
  noDevices: 'monitor.message.no-devices',
  noDeviceGroups: 'monitor.message.no-device-groups',
  /** Nothing can be chosen for the one device (or nothing is known of the selection). */
  noParameter: 'monitor.message.no-parameter',
  /** Several devices whose types share no parameter. */
  noCommonParameters: 'monitor.message.no-common-parameters',
  noParameters: 'monitor.message.no-parameters',
  noShiftsDefined: DIAGNOSTICS_MESSAGE_KEYS.noShiftsDefined,
  noDeviceOperators: 'device-operator-monitor.message.no-device-operators',
  noDeviceOperatorsGroups: 'device-operator-monitor.message.no-device-operators-groups',
  geoNoDevices: 'geo-monitor.message.no-devices',
  geoNoDeviceGroups: 'geo-monitor.message.no-device-groups',
  /** More days than the diagnostics calls answer (the server's 400 on `to`). */
  rangeTooLong: DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong,
  /** The operator call's 400 for a group without operators (spec 02 §8): shown from the answer, not from settings. */
  groupWithoutOperators: DIAGNOSTICS_MESSAGE_KEYS.noDeviceOperators,
} as const;
export type MonitorMessageKey = (typeof MONITOR_MESSAGE_KEYS)[keyof typeof MONITOR_MESSAGE_KEYS];

/** What validity needs besides the settings: the state of the page around the monitor. */
export interface MonitorValidityContext {
  /** Both dates, or null while only one is picked. */
  range: DateRange | null;
  /**
   * The parameters offered for the current selection (`selectableParameters`, for the efficiency monitor
   * `efficiencySelectableParameters`), or null while the device lists load: then no parameter warning is given.
   */
  selectableParameters: readonly SelectableParameter[] | null;
  /** How many devices the selection covers: the chosen devices, or the devices of the chosen groups. */
  selectedDeviceCount: number;
  /** The company's production shifts (interval shifts and the shift chart need at least one). */
  shiftsDefined: number;
}

/**
 * Valid settings may be drawn and fetched. Invalid ones carry the banner's key, or null when the settings are only
 * waiting for the user: a range with one date picked, or an interval the range does not allow (the client keeps
 * the interval fitted with `fitInterval`).
 */
export type MonitorValidity = { valid: true; warning: null } | { valid: false; warning: MonitorMessageKey | null };

const VALID: MonitorValidity = { valid: true, warning: null };
const invalid = (warning: MonitorMessageKey | null): MonitorValidity => ({ valid: false, warning });

interface DeviceSelection {
  devices: readonly number[];
  deviceGroups: readonly number[];
  byGroups: boolean;
}

function selectionWarning(selection: DeviceSelection, keys: { devices: MonitorMessageKey; groups: MonitorMessageKey }): MonitorMessageKey | null {
  if (selection.byGroups) return selection.deviceGroups.length === 0 ? keys.groups : null;
  return selection.devices.length === 0 ? keys.devices : null;
}

const DEVICE_KEYS = { devices: MONITOR_MESSAGE_KEYS.noDevices, groups: MONITOR_MESSAGE_KEYS.noDeviceGroups };
const GEO_KEYS = { devices: MONITOR_MESSAGE_KEYS.geoNoDevices, groups: MONITOR_MESSAGE_KEYS.geoNoDeviceGroups };
const OPERATOR_KEYS = { devices: MONITOR_MESSAGE_KEYS.noDeviceOperators, groups: MONITOR_MESSAGE_KEYS.noDeviceOperatorsGroups };

function parameterWarning(chosen: readonly number[], context: MonitorValidityContext): MonitorMessageKey | null {
  if (context.selectableParameters !== null && context.selectableParameters.length === 0) {
    return context.selectedDeviceCount > 1 ? MONITOR_MESSAGE_KEYS.noCommonParameters : MONITOR_MESSAGE_KEYS.noParameter;
  }
  return chosen.length === 0 ? MONITOR_MESSAGE_KEYS.noParameters : null;
}

/** Dates, their length and the interval they allow, then the shifts an interval of shifts needs. */
function timeValidity(kind: MonitorKind, interval: DiagnosticsInterval | null, context: MonitorValidityContext): MonitorValidity {
  if (context.range === null) return invalid(null);
  const range = normaliseRange(context.range.from, context.range.to);
  if (daysInclusive(range) > DIAGNOSTICS_LIMITS.maxRangeDays) return invalid(MONITOR_MESSAGE_KEYS.rangeTooLong);
  // Only the range's start limits the choice here (efficiency months): a range too long for a fine interval is
  // still fetched, the server answers a coarser one and the selection follows it.
  if (interval !== null && !availableIntervals(kind, { from: range.from, to: range.from }).includes(interval)) return invalid(null);
  if ((interval === 'shifts' || kind === 'work-activity-shift') && context.shiftsDefined < 1) return invalid(MONITOR_MESSAGE_KEYS.noShiftsDefined);
  return VALID;
}

function first(...checks: (() => MonitorMessageKey | null)[]): MonitorValidity | null {
  for (const check of checks) {
    const warning = check();
    if (warning !== null) return invalid(warning);
  }
  return null;
}

type KindAndSettings = { [K in MonitorKind]: { kind: K; settings: MonitorSettings<K> } }[MonitorKind];

function validityOf(monitor: KindAndSettings, context: MonitorValidityContext): MonitorValidity {
  switch (monitor.kind) {
    case 'device-parameter':
    case 'efficiency': {
      const { kind, settings } = monitor;
      return (
        first(
          () => selectionWarning(settings, DEVICE_KEYS),
          () => parameterWarning(settings.parameters, context),
        ) ?? timeValidity(kind, settings.interval, context)
      );
    }
    case 'device-operator': {
      const { settings } = monitor;
      const selection = { devices: settings.deviceOperators, deviceGroups: settings.deviceOperatorsGroups, byGroups: settings.byGroups };
      return first(() => selectionWarning(selection, OPERATOR_KEYS)) ?? timeValidity(monitor.kind, settings.interval, context);
    }
    case 'work-activity':
    case 'work-activity-shift':
      return first(() => selectionWarning(monitor.settings, DEVICE_KEYS)) ?? timeValidity(monitor.kind, null, context);
    // The summaries: devices by status, the alert and task widgets need no choice; the hourly distribution its devices.
    case 'devices-with-alerts':
    case 'devices-summary':
    case 'newest-alerts':
    case 'newest-tasks':
      return VALID;
    case 'hourly-work-distribution':
      return first(() => selectionWarning(monitor.settings, DEVICE_KEYS)) ?? VALID;
    case 'geo':
      return first(() => selectionWarning(monitor.settings, GEO_KEYS)) ?? timeValidity(monitor.kind, null, context);
    // The work summaries show a period of their own (no date range): only their selection and, for shifts, the
    // company's shifts are needed.
    case 'activity-summary':
    case 'efficiency-summary':
      return first(() => selectionWarning(monitor.settings, DEVICE_KEYS)) ?? VALID;
    case 'shift-work-summary':
      return (
        first(
          () => selectionWarning(monitor.settings, DEVICE_KEYS),
          () => (context.shiftsDefined < 1 ? MONITOR_MESSAGE_KEYS.noShiftsDefined : null),
        ) ?? VALID
      );
    case 'operator-summary': {
      const { settings } = monitor;
      const selection = { devices: settings.deviceOperators, deviceGroups: settings.deviceOperatorsGroups, byGroups: settings.byGroups };
      return first(() => selectionWarning(selection, OPERATOR_KEYS)) ?? VALID;
    }
    case 'async': {
      const { settings } = monitor;
      return (
        first(
          () => (settings.device === null ? MONITOR_MESSAGE_KEYS.noDevices : null),
          () => parameterWarning(settings.parameters, { ...context, selectedDeviceCount: 1 }),
        ) ?? timeValidity(monitor.kind, null, context)
      );
    }
  }
}

/** Spec 02 §5: whether the settings can be drawn and fetched, and the first warning that applies. */
export function monitorValidity<K extends MonitorKind>(kind: K, settings: MonitorSettings<K>, context: MonitorValidityContext): MonitorValidity {
  // The generic pair cannot be narrowed to one member of the union; it is one by the signature.
  return validityOf({ kind, settings } as KindAndSettings, context);
}

/** The first warning of spec 02 §5 that applies, or null (valid, or only waiting for the user). */
export function monitorWarning<K extends MonitorKind>(kind: K, settings: MonitorSettings<K>, context: MonitorValidityContext): MonitorMessageKey | null {
  return monitorValidity(kind, settings, context).warning;
}

export function isMonitorValid<K extends MonitorKind>(kind: K, settings: MonitorSettings<K>, context: MonitorValidityContext): boolean {
  return monitorValidity(kind, settings, context).valid;
}

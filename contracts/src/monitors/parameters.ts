import { PARAMETER_NUMBERS } from '../constants.ts';
import { EFFICIENCY_PARAMETER_NAME, EFFICIENCY_UNIT } from '../diagnostics.ts';
import type { DiagnosticsUnit } from '../diagnostics.ts';

/**
 * Which parameters a monitor offers for the chosen devices, and how a choice follows when that offer changes
 * (spec 02 §4, §5). Devices are given as the client lists them (Device: id and deviceType.id) and device types as
 * the `devicetypes_monitor` context lists them (DeviceTypeMonitorEntry).
 */

/** Parameter tags with a meaning to the monitors (spec 02 §3 "Reference entities"). */
export const PARAMETER_TAGS = {
  work: 'effective work time',
  active: 'device active',
  efficiency: 'efficiency',
} as const;

/** What the parameter selectors need of a parameter; DeviceTypeMonitorEntry parameters fit it. */
export interface SelectableParameter {
  number: number;
  name: string;
  tags: readonly string[];
  unit: DiagnosticsUnit;
}

export interface MonitorDeviceRef {
  id: number;
  deviceType: { id: number };
}

export interface MonitorDeviceType {
  id: number;
  parameters: readonly SelectableParameter[];
}

export interface MonitorDeviceGroupRef {
  id: number;
  devices: readonly { id: number }[];
}

/** The efficiency pseudo-parameter as the selectors offer it; the client shows its own translated name. */
export const EFFICIENCY_PARAMETER: SelectableParameter = {
  number: PARAMETER_NUMBERS.efficiency,
  name: EFFICIENCY_PARAMETER_NAME,
  tags: [PARAMETER_TAGS.efficiency],
  unit: EFFICIENCY_UNIT,
};

/** The ids of the devices of the chosen groups, each once, in group order; unknown groups add nothing. */
export function devicesOfGroups(groupIds: readonly number[], groups: readonly MonitorDeviceGroupRef[]): number[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  return [...new Set(groupIds.flatMap((id) => byId.get(id)?.devices.map((device) => device.id) ?? []))];
}

/**
 * The parameters common to the device types of every chosen device (by number), in the order of the first chosen
 * device's type; never the internal 10000. Chosen ids that are not among `devices` (deleted, or not loaded yet)
 * are ignored; no known device gives no parameters.
 */
export function selectableParameters(
  deviceIds: readonly number[],
  devices: readonly MonitorDeviceRef[],
  deviceTypes: readonly MonitorDeviceType[],
): SelectableParameter[] {
  const typeOfDevice = new Map(devices.map((device) => [device.id, device.deviceType.id]));
  const typesById = new Map(deviceTypes.map((type) => [type.id, type]));
  const typeIds = [...new Set(deviceIds.map((id) => typeOfDevice.get(id)).filter((id): id is number => id !== undefined))];
  const [firstTypeId, ...otherTypeIds] = typeIds;
  if (firstTypeId === undefined) return [];
  const numbersOf = (typeId: number) => new Set(typesById.get(typeId)?.parameters.map((parameter) => parameter.number) ?? []);
  const others = otherTypeIds.map(numbersOf);
  return (typesById.get(firstTypeId)?.parameters ?? []).filter(
    (parameter) => parameter.number !== PARAMETER_NUMBERS.internal && others.every((numbers) => numbers.has(parameter.number)),
  );
}

/**
 * The devices the efficiency monitor offers (spec 02 §2): every device until one is chosen, then only those of the
 * same device type as the first chosen device.
 */
export function efficiencySelectableDevices<D extends MonitorDeviceRef>(chosenIds: readonly number[], devices: readonly D[]): D[] {
  const first = chosenIds.map((id) => devices.find((device) => device.id === id)).find((device) => device !== undefined);
  return first === undefined ? [...devices] : devices.filter((device) => device.deviceType.id === first.deviceType.id);
}

/** The chosen device ids the efficiency monitor keeps: those of the first known chosen device's type. */
export function efficiencyChosenDevices(chosenIds: readonly number[], devices: readonly MonitorDeviceRef[]): number[] {
  const offered = new Set(efficiencySelectableDevices(chosenIds, devices).map((device) => device.id));
  return chosenIds.filter((id) => offered.has(id));
}

/**
 * The efficiency monitor's offer: the common parameters, led by the efficiency pseudo-parameter 0 when more than one
 * of work (1) and active (2) is among them (efficiency is work / active).
 */
export function efficiencySelectableParameters(common: readonly SelectableParameter[]): SelectableParameter[] {
  const numbers = new Set(common.map((parameter) => parameter.number));
  const inputs = [PARAMETER_NUMBERS.work, PARAMETER_NUMBERS.active].filter((number) => numbers.has(number));
  return inputs.length > 1 ? [EFFICIENCY_PARAMETER, ...common] : [...common];
}

/**
 * The choice to keep when the offer changes (spec 02 §4): chosen parameters no longer offered are dropped; if none
 * remains, the parameter tagged 'effective work time' is chosen if offered, else the first offered one, else none.
 * Apply it when the offer changes, not when the user clears the choice.
 */
export function reconcileParameters(chosen: readonly number[], offered: readonly SelectableParameter[]): number[] {
  const numbers = new Set(offered.map((parameter) => parameter.number));
  const kept = [...new Set(chosen.filter((number) => numbers.has(number)))];
  if (kept.length > 0) return kept;
  const fallback = offered.find((parameter) => parameter.tags.includes(PARAMETER_TAGS.work)) ?? offered[0];
  return fallback === undefined ? [] : [fallback.number];
}

/** The efficiency choice rule (spec 02 §4): efficiency (0) chosen together with other parameters leaves only 0. */
export function applyEfficiencyChoice(chosen: readonly number[]): number[] {
  const unique = [...new Set(chosen)];
  return unique.includes(PARAMETER_NUMBERS.efficiency) && unique.length > 1 ? [PARAMETER_NUMBERS.efficiency] : unique;
}

/**
 * `reconcileParameters` for the efficiency monitor: the efficiency rule applies to what is kept, and when nothing
 * is kept the work parameter (1) is chosen if offered, before the general fallback.
 */
export function reconcileEfficiencyParameters(chosen: readonly number[], offered: readonly SelectableParameter[]): number[] {
  const numbers = new Set(offered.map((parameter) => parameter.number));
  const kept = applyEfficiencyChoice(chosen.filter((number) => numbers.has(number)));
  if (kept.length > 0) return kept;
  return numbers.has(PARAMETER_NUMBERS.work) ? [PARAMETER_NUMBERS.work] : reconcileParameters([], offered);
}

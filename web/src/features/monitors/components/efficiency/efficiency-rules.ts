import { devicesOfGroups, efficiencyChosenDevices, efficiencySelectableParameters, PARAMETER_NUMBERS, selectableParameters } from '@gearwatch/contracts';
import type {
  DeviceDiagnosticsResponse,
  EfficiencySettings,
  MonitorDeviceGroupRef,
  MonitorDeviceRef,
  MonitorDeviceType,
  SelectableParameter,
} from '@gearwatch/contracts';

type Selection = Pick<EfficiencySettings, 'devices' | 'deviceGroups' | 'byGroups'>;

/**
 * The device ids the efficiency monitor asks about: the devices of the chosen groups, or the chosen devices that
 * share the first chosen device's type (the only ones it offers, spec 02 §2 item 5). Null while a list needed for
 * that is still loading.
 */
export function efficiencyDeviceIds(
  selection: Selection,
  devices: readonly MonitorDeviceRef[] | undefined,
  groups: readonly MonitorDeviceGroupRef[] | undefined,
): number[] | null {
  if (selection.byGroups) return groups ? devicesOfGroups(selection.deviceGroups, groups) : null;
  return devices ? efficiencyChosenDevices(selection.devices, devices) : null;
}

/**
 * What the efficiency monitor offers for the devices: their common parameters, led by efficiency (0) when both work
 * and active are among them. Null while the lists load.
 */
export function efficiencyOffer(
  deviceIds: readonly number[] | null,
  devices: readonly MonitorDeviceRef[] | undefined,
  deviceTypes: readonly MonitorDeviceType[] | undefined,
): SelectableParameter[] | null {
  if (deviceIds === null || !devices || !deviceTypes) return null;
  return efficiencySelectableParameters(selectableParameters(deviceIds, devices, deviceTypes));
}

/**
 * Spec 02 §9: efficiency is shown as a whole number, 0 where it is undefined. The server already answers so; the
 * chart and its CSV hold to the rule whatever an answer says.
 */
export function wholeEfficiency(response: DeviceDiagnosticsResponse): DeviceDiagnosticsResponse {
  return {
    ...response,
    data: response.data.map((entry) => ({
      ...entry,
      parameters: entry.parameters.map((parameter) =>
        parameter.number === PARAMETER_NUMBERS.efficiency
          ? { ...parameter, values: parameter.values.map((value) => (value === null || !Number.isFinite(value) ? 0 : Math.round(value))) }
          : parameter,
      ),
    })),
  };
}

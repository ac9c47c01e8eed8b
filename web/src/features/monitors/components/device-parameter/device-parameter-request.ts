import { deviceDiagnosticsResponseSchema, devicesOfGroups, fitInterval, monitorValidity, selectableParameters } from '@gearwatch/contracts';
import type {
  DateRange,
  Device,
  DeviceDiagnosticsResponse,
  DeviceParameterInterval,
  DeviceParameterSettings,
  DeviceTypeMonitorEntry,
  MonitorDeviceGroupRef,
  SelectableParameter,
} from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { WAITING } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/** The query of `GET /api/devices/diagnostics/multiple` (spec 02 §7); the arrays are sent comma-separated. */
export interface DeviceParameterRequest extends Record<string, unknown> {
  devices: number[];
  parameterNumber: number[];
  interval: DeviceParameterSettings['interval'];
  from: string;
  to: string;
}

/**
 * The device ids the selection covers: the chosen devices, or the devices of the chosen groups (the call takes
 * device ids); null while the groups needed for that are still loading.
 */
export function selectedDeviceIds(
  settings: Pick<DeviceParameterSettings, 'devices' | 'deviceGroups' | 'byGroups'>,
  groups: readonly MonitorDeviceGroupRef[] | undefined,
): number[] | null {
  if (!settings.byGroups) return settings.devices;
  return groups ? devicesOfGroups(settings.deviceGroups, groups) : null;
}

/** The call for valid settings; null when there is nothing to ask for. */
export function deviceParameterRequest(
  deviceIds: readonly number[] | null,
  settings: Pick<DeviceParameterSettings, 'parameters' | 'interval'>,
  range: DateRange,
): DeviceParameterRequest | null {
  if (deviceIds === null || deviceIds.length === 0 || settings.parameters.length === 0) return null;
  return { devices: [...deviceIds], parameterNumber: [...settings.parameters], interval: settings.interval, from: range.from, to: range.to };
}

export async function fetchDeviceDiagnostics(request: DeviceParameterRequest, { api, signal }: MonitorFetchContext): Promise<DeviceDiagnosticsResponse> {
  const { devices, parameterNumber, interval, from, to } = request;
  return deviceDiagnosticsResponseSchema.parse(await api.get('/api/devices/diagnostics/multiple', { devices, parameterNumber, interval, from, to }, signal));
}

/** The parameters the selection's devices share; null while a list needed for that is still loading. */
export function deviceParameterOffer(
  deviceIds: readonly number[] | null,
  devices: readonly Device[] | undefined,
  deviceTypes: readonly DeviceTypeMonitorEntry[] | undefined,
): SelectableParameter[] | null {
  return devices && deviceTypes && deviceIds ? selectableParameters(deviceIds, devices, deviceTypes) : null;
}

/**
 * Nothing is asked for before the offer is known (the chosen parameters may no longer exist), nor, at the shifts
 * interval, before the company's shifts are. The interval asked for is the one fitted to the range: the saved one
 * follows when the user changes the dates.
 */
export const deviceParameterData: MonitorData<'device-parameter', DeviceParameterRequest, DeviceDiagnosticsResponse> = {
  plan: (settings, { range, devices, deviceGroups, deviceTypes, shifts }) => {
    if (settings.interval === 'shifts' && shifts === undefined) return { validity: WAITING, request: null };
    const deviceIds = selectedDeviceIds(settings, deviceGroups);
    const offered = deviceParameterOffer(deviceIds, devices, deviceTypes);
    const validity = monitorValidity('device-parameter', settings, {
      range,
      selectableParameters: offered,
      selectedDeviceCount: deviceIds?.length ?? 0,
      shiftsDefined: shifts?.length ?? 0,
    });
    const interval = fitInterval('device-parameter', settings.interval, range) as DeviceParameterInterval;
    return {
      validity,
      request: validity.valid && offered !== null ? deviceParameterRequest(deviceIds, { parameters: settings.parameters, interval }, range) : null,
    };
  },
  fetch: fetchDeviceDiagnostics,
};

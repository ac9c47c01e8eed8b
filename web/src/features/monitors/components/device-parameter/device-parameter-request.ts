import { deviceDiagnosticsResponseSchema, devicesOfGroups } from '@gearwatch/contracts';
import type { DateRange, DeviceDiagnosticsResponse, DeviceParameterSettings, MonitorDeviceGroupRef } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';

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
export function selectedDeviceIds(settings: Pick<DeviceParameterSettings, 'devices' | 'deviceGroups' | 'byGroups'>, groups: readonly MonitorDeviceGroupRef[] | undefined): number[] | null {
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

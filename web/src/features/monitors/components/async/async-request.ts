import { asyncDiagnosticsResponseSchema, monitorValidity, selectableParameters } from '@gearwatch/contracts';
import type { AsyncDiagnosticsResponse, AsyncSettings, DateRange, Device, DeviceTypeMonitorEntry, SelectableParameter } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { SETTINGS_ONLY } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/** The query of `GET /api/devices/diagnostics/async/multiple` (spec 02 §7): one device, its parameters, the dates. */
export interface AsyncRequest extends Record<string, unknown> {
  devices: number[];
  parameterNumber: number[];
  from: string;
  to: string;
}

/** The call for the settings; null when there is nothing to ask for (no device or no parameter). */
export function asyncRequest(settings: Pick<AsyncSettings, 'device' | 'parameters'>, range: DateRange): AsyncRequest | null {
  if (settings.device === null || settings.parameters.length === 0) return null;
  return { devices: [settings.device], parameterNumber: [...settings.parameters], from: range.from, to: range.to };
}

export async function fetchAsyncDiagnostics(request: AsyncRequest, { api, signal }: MonitorFetchContext): Promise<AsyncDiagnosticsResponse> {
  const { devices, parameterNumber, from, to } = request;
  return asyncDiagnosticsResponseSchema.parse(await api.get('/api/devices/diagnostics/async/multiple', { devices, parameterNumber, from, to }, signal));
}

/** The parameters the chosen device offers: none without a device, null while the lists load. */
export function asyncOffer(
  device: number | null,
  devices: readonly Device[] | undefined,
  deviceTypes: readonly DeviceTypeMonitorEntry[] | undefined,
): SelectableParameter[] | null {
  if (device === null) return [];
  return devices && deviceTypes ? selectableParameters([device], devices, deviceTypes) : null;
}

/** Nothing is asked for before the offer is known: the chosen parameters may no longer exist. */
export const asyncData: MonitorData<'async', AsyncRequest, AsyncDiagnosticsResponse> = {
  plan: (settings, { range, devices, deviceTypes }) => {
    const offered = asyncOffer(settings.device, devices, deviceTypes);
    const validity = monitorValidity('async', settings, {
      ...SETTINGS_ONLY,
      range,
      selectableParameters: offered,
      selectedDeviceCount: settings.device === null ? 0 : 1,
    });
    return { validity, request: validity.valid && offered !== null ? asyncRequest(settings, range) : null };
  },
  fetch: fetchAsyncDiagnostics,
};

import { EFFICIENCY_INTERVALS, fitInterval, monitorValidity } from '@gearwatch/contracts';
import type { DateRange, DeviceDiagnosticsResponse, DiagnosticsInterval, EfficiencyInterval } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { deviceParameterRequest, fetchDeviceDiagnostics } from '../device-parameter/device-parameter-request.ts';
import type { DeviceParameterRequest } from '../device-parameter/device-parameter-request.ts';
import type { MonitorData } from '../types.ts';
import { efficiencyDeviceIds, efficiencyOffer, wholeEfficiency } from './efficiency-rules.ts';

/**
 * The efficiency monitor asks the device diagnostics call (spec 02 §7) like the parameter monitor does, with
 * efficiency (0) among the parameter numbers; its answer is read with efficiency as whole numbers.
 */
export async function fetchEfficiencyDiagnostics(request: DeviceParameterRequest, context: MonitorFetchContext): Promise<DeviceDiagnosticsResponse> {
  return wholeEfficiency(await fetchDeviceDiagnostics(request, context));
}

export function isEfficiencyInterval(interval: DiagnosticsInterval): interval is EfficiencyInterval {
  return (EFFICIENCY_INTERVALS as readonly string[]).includes(interval);
}

/**
 * The interval shown and asked for: a saved month does not fit a range that starts on another day than the 1st
 * (the monitor opens on today), so the fitted one is used, and saved only when the user changes the interval or dates.
 */
export function efficiencyInterval(saved: EfficiencyInterval, range: DateRange): EfficiencyInterval {
  const fitted = fitInterval('efficiency', saved, range);
  return isEfficiencyInterval(fitted) ? fitted : saved;
}

/** Nothing is asked for before the offer is known: the chosen parameters may no longer exist. */
export const efficiencyData: MonitorData<'efficiency', DeviceParameterRequest, DeviceDiagnosticsResponse> = {
  plan: (settings, { range, devices, deviceGroups, deviceTypes }) => {
    const interval = efficiencyInterval(settings.interval, range);
    const deviceIds = efficiencyDeviceIds(settings, devices, deviceGroups);
    const offered = efficiencyOffer(deviceIds, devices, deviceTypes);
    const validity = monitorValidity(
      'efficiency',
      { ...settings, interval },
      { range, selectableParameters: offered, selectedDeviceCount: deviceIds?.length ?? 0, shiftsDefined: 0 },
    );
    return {
      validity,
      request: validity.valid && offered !== null ? deviceParameterRequest(deviceIds, { parameters: settings.parameters, interval }, range) : null,
    };
  },
  fetch: fetchEfficiencyDiagnostics,
};

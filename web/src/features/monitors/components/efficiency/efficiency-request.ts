import type { DeviceDiagnosticsResponse } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { fetchDeviceDiagnostics } from '../device-parameter/device-parameter-request.ts';
import type { DeviceParameterRequest } from '../device-parameter/device-parameter-request.ts';
import { wholeEfficiency } from './efficiency-rules.ts';

/**
 * The efficiency monitor asks the device diagnostics call (spec 02 §7) like the parameter monitor does, with
 * efficiency (0) among the parameter numbers; its answer is read with efficiency as whole numbers.
 */
export async function fetchEfficiencyDiagnostics(request: DeviceParameterRequest, context: MonitorFetchContext): Promise<DeviceDiagnosticsResponse> {
  return wholeEfficiency(await fetchDeviceDiagnostics(request, context));
}

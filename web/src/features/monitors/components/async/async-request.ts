import { asyncDiagnosticsResponseSchema } from '@gearwatch/contracts';
import type { AsyncDiagnosticsResponse, AsyncSettings, DateRange } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';

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

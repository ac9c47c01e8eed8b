import { devicesSummaryResponseSchema, hourlyWorkResponseSchema } from '@gearwatch/contracts';
import type { DevicesSummaryResponse, HourlyWorkResponse } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';

interface Selection {
  devices: readonly number[];
  deviceGroups: readonly number[];
  byGroups: boolean;
}

/** The selection as the summaries' query: the chosen devices, or the chosen groups; nothing while none is chosen. */
export function selectionQuery({ devices, deviceGroups, byGroups }: Selection): { devices?: string; deviceGroups?: string } {
  if (byGroups) return deviceGroups.length > 0 ? { deviceGroups: deviceGroups.join(',') } : {};
  return devices.length > 0 ? { devices: devices.join(',') } : {};
}

export async function fetchDevicesSummary(request: { devices?: string; deviceGroups?: string }, { api, signal }: MonitorFetchContext): Promise<DevicesSummaryResponse> {
  return devicesSummaryResponseSchema.parse(await api.get('/api/summaries/devices-summary', request, signal));
}

export async function fetchHourlyWork(request: Record<string, string | number>, { api, signal }: MonitorFetchContext): Promise<HourlyWorkResponse> {
  return hourlyWorkResponseSchema.parse(await api.get('/api/summaries/hourly-work', request, signal));
}

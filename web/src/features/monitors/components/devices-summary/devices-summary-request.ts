import { devicesSummaryResponseSchema, hourlyWorkResponseSchema, monitorValidity } from '@gearwatch/contracts';
import type { DevicesSummaryResponse, HourlyWorkResponse } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { ALWAYS_VALID, planWhenValid, SETTINGS_ONLY } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

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

export async function fetchDevicesSummary(
  request: { devices?: string; deviceGroups?: string },
  { api, signal }: MonitorFetchContext,
): Promise<DevicesSummaryResponse> {
  return devicesSummaryResponseSchema.parse(await api.get('/api/summaries/devices-summary', request, signal));
}

export async function fetchHourlyWork(request: Record<string, string | number>, { api, signal }: MonitorFetchContext): Promise<HourlyWorkResponse> {
  return hourlyWorkResponseSchema.parse(await api.get('/api/summaries/hourly-work', request, signal));
}

/** No selection counts the company's every device. */
export const devicesSummaryData: MonitorData<'devices-summary', { devices?: string; deviceGroups?: string }, DevicesSummaryResponse> = {
  plan: (settings) => ({ validity: ALWAYS_VALID, request: selectionQuery(settings) }),
  fetch: fetchDevicesSummary,
};

export const hourlyWorkData: MonitorData<'hourly-work-distribution', Record<string, string | number>, HourlyWorkResponse> = {
  plan: (settings) =>
    planWhenValid(monitorValidity('hourly-work-distribution', settings, SETTINGS_ONLY), () => ({
      ...selectionQuery(settings),
      period: settings.period,
      intervalHours: settings.intervalHours,
    })),
  fetch: fetchHourlyWork,
};

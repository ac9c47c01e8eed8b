import { devicesWithAlertsResponseSchema } from '@gearwatch/contracts';
import type { DevicesWithAlertsResponse, DevicesWithAlertsSettings } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { ALWAYS_VALID } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

export const DEVICES_WITH_ALERTS_PATH = '/api/summaries/devices-with-alerts';

/** The call's query: the period and the order; the columns are only shown or hidden, so they ask for nothing. */
export function devicesWithAlertsRequest(settings: Pick<DevicesWithAlertsSettings, 'period' | 'sort'>): { period: string; sort: string } {
  return { period: settings.period, sort: settings.sort };
}

export async function fetchDevicesWithAlerts(
  request: { period: string; sort: string },
  { api, signal }: MonitorFetchContext,
): Promise<DevicesWithAlertsResponse> {
  return devicesWithAlertsResponseSchema.parse(await api.get(DEVICES_WITH_ALERTS_PATH, request, signal));
}

/** Every saved period and order can be asked for. */
export const devicesWithAlertsData: MonitorData<'devices-with-alerts', { period: string; sort: string }, DevicesWithAlertsResponse> = {
  plan: (settings) => ({ validity: ALWAYS_VALID, request: devicesWithAlertsRequest(settings) }),
  fetch: fetchDevicesWithAlerts,
};

import { factoryDeviceChartResponseSchema, monitorValidity, WORK_ACTIVITY_INTERVAL } from '@gearwatch/contracts';
import type { DateRange, FactoryDeviceChartResponse, TimeInterval, WorkActivitySettings } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { FACTORY_DATA_PATH, factoryFileQuery } from './factory-report.ts';
import type { FactoryFileQuery } from './factory-report.ts';
import { planWhenValid, SETTINGS_ONLY } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/**
 * The query of `GET /api/reports/factory/data?type=device-work-device-chart` (spec 02 §7): the file query plus the
 * interval, always 5 minutes (the chart has no interval field); the server answers a long range more coarsely.
 * The chosen parameter is not part of it: the answer holds work, activity and counter alike.
 */
export type WorkActivityRequest = FactoryFileQuery & { interval: TimeInterval };

export function workActivityRequest(settings: Pick<WorkActivitySettings, 'devices' | 'deviceGroups' | 'byGroups'>, range: DateRange): WorkActivityRequest {
  return { ...factoryFileQuery('device-work-device-chart', settings, range), interval: WORK_ACTIVITY_INTERVAL };
}

/** The spreadsheet's query: the data call's without the interval (the server uses the chart's default). */
export function workActivityFileQuery(request: WorkActivityRequest): FactoryFileQuery {
  const { interval: _interval, ...query } = request;
  return query;
}

export async function fetchWorkActivity(request: WorkActivityRequest, { api, signal }: MonitorFetchContext): Promise<FactoryDeviceChartResponse> {
  return factoryDeviceChartResponseSchema.parse(await api.get(FACTORY_DATA_PATH, request, signal));
}

export const workActivityData: MonitorData<'work-activity', WorkActivityRequest, FactoryDeviceChartResponse> = {
  plan: (settings, { range }) =>
    planWhenValid(monitorValidity('work-activity', settings, { ...SETTINGS_ONLY, range }), () => workActivityRequest(settings, range)),
  fetch: fetchWorkActivity,
};

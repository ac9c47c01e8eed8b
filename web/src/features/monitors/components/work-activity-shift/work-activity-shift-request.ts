import { factoryShiftChartResponseSchema } from '@gearwatch/contracts';
import type { DateRange, FactoryShiftChartResponse, WorkActivityShiftSettings } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { FACTORY_DATA_PATH, factoryFileQuery } from '../work-activity/factory-report.ts';
import type { FactoryFileQuery } from '../work-activity/factory-report.ts';

/**
 * The query of `GET /api/reports/factory/data?type=device-work-shift-chart` (spec 02 §7): the selection and the
 * dates, no interval; the spreadsheet takes the same query. The chosen sum is not part of it: the answer has all three.
 */
export function workActivityShiftRequest(settings: Pick<WorkActivityShiftSettings, 'devices' | 'deviceGroups' | 'byGroups'>, range: DateRange): FactoryFileQuery {
  return factoryFileQuery('device-work-shift-chart', settings, range);
}

export async function fetchWorkActivityShift(request: FactoryFileQuery, { api, signal }: MonitorFetchContext): Promise<FactoryShiftChartResponse> {
  return factoryShiftChartResponseSchema.parse(await api.get(FACTORY_DATA_PATH, request, signal));
}

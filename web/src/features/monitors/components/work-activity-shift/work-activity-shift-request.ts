import { factoryShiftChartResponseSchema, monitorValidity } from '@gearwatch/contracts';
import type { DateRange, FactoryShiftChartResponse, WorkActivityShiftSettings } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { FACTORY_DATA_PATH, factoryFileQuery } from '../work-activity/factory-report.ts';
import type { FactoryFileQuery } from '../work-activity/factory-report.ts';
import { planWhenValid, SETTINGS_ONLY, WAITING } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/**
 * The query of `GET /api/reports/factory/data?type=device-work-shift-chart` (spec 02 §7): the selection and the
 * dates, no interval; the spreadsheet takes the same query. The chosen sum is not part of it: the answer has all three.
 */
export function workActivityShiftRequest(
  settings: Pick<WorkActivityShiftSettings, 'devices' | 'deviceGroups' | 'byGroups'>,
  range: DateRange,
): FactoryFileQuery {
  return factoryFileQuery('device-work-shift-chart', settings, range);
}

export async function fetchWorkActivityShift(request: FactoryFileQuery, { api, signal }: MonitorFetchContext): Promise<FactoryShiftChartResponse> {
  return factoryShiftChartResponseSchema.parse(await api.get(FACTORY_DATA_PATH, request, signal));
}

/** Whether the company has shifts is not known before its list arrives: no warning and no call until then. */
export const workActivityShiftData: MonitorData<'work-activity-shift', FactoryFileQuery, FactoryShiftChartResponse> = {
  plan: (settings, { range, shifts }) =>
    shifts === undefined
      ? { validity: WAITING, request: null }
      : planWhenValid(monitorValidity('work-activity-shift', settings, { ...SETTINGS_ONLY, range, shiftsDefined: shifts.length }), () =>
          workActivityShiftRequest(settings, range),
        ),
  fetch: fetchWorkActivityShift,
};

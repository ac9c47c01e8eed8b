import {
  monitorValidity,
  WORK_SUMMARY_PATHS,
  efficiencySummaryResponseSchema,
  shiftWorkSummaryResponseSchema,
  workSummaryResponseSchema,
} from '@gearwatch/contracts';
import type {
  EfficiencySummaryResponse,
  OperatorSummarySettings,
  ShiftWorkSummaryResponse,
  SummaryPeriod,
  WorkSummaryResponse,
  SummarySort,
} from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import type { DeviceSelection } from '../fields/DeviceSelectionField.tsx';
import { planWhenValid, SETTINGS_ONLY, WAITING } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/** A summary call's query: the chosen ids as comma lists, the period and (but for shifts) the order. */
export type SummaryRequest = Record<string, string>;

/** The devices, or the groups (one row each), of a device selection; the period's date is the server's today. */
export function deviceSummaryRequest(selection: DeviceSelection, period: SummaryPeriod, sort?: SummarySort): SummaryRequest {
  const request: SummaryRequest = selection.byGroups ? { groups: selection.deviceGroups.join(',') } : { devices: selection.devices.join(',') };
  request.period = period;
  if (sort) request.sort = sort;
  return request;
}

export function operatorSummaryRequest(
  settings: Pick<OperatorSummarySettings, 'byGroups' | 'deviceOperators' | 'deviceOperatorsGroups' | 'period' | 'sort'>,
): SummaryRequest {
  const request: SummaryRequest = settings.byGroups
    ? { deviceOperatorsGroups: settings.deviceOperatorsGroups.join(',') }
    : { deviceOperators: settings.deviceOperators.join(',') };
  return { ...request, period: settings.period, sort: settings.sort };
}

export async function fetchActivitySummary(request: SummaryRequest, { api, signal }: MonitorFetchContext): Promise<WorkSummaryResponse> {
  return workSummaryResponseSchema.parse(await api.get(WORK_SUMMARY_PATHS.activity, request, signal));
}

export async function fetchEfficiencySummary(request: SummaryRequest, { api, signal }: MonitorFetchContext): Promise<EfficiencySummaryResponse> {
  return efficiencySummaryResponseSchema.parse(await api.get(WORK_SUMMARY_PATHS.efficiency, request, signal));
}

export async function fetchOperatorSummary(request: SummaryRequest, { api, signal }: MonitorFetchContext): Promise<WorkSummaryResponse> {
  return workSummaryResponseSchema.parse(await api.get(WORK_SUMMARY_PATHS.operators, request, signal));
}

export async function fetchShiftWorkSummary(request: SummaryRequest, { api, signal }: MonitorFetchContext): Promise<ShiftWorkSummaryResponse> {
  return shiftWorkSummaryResponseSchema.parse(await api.get(WORK_SUMMARY_PATHS.shiftWork, request, signal));
}

export const activitySummaryData: MonitorData<'activity-summary', SummaryRequest, WorkSummaryResponse> = {
  plan: (settings) =>
    planWhenValid(monitorValidity('activity-summary', settings, SETTINGS_ONLY), () => deviceSummaryRequest(settings, settings.period, settings.sort)),
  fetch: fetchActivitySummary,
};

export const operatorSummaryData: MonitorData<'operator-summary', SummaryRequest, WorkSummaryResponse> = {
  plan: (settings) => planWhenValid(monitorValidity('operator-summary', settings, SETTINGS_ONLY), () => operatorSummaryRequest(settings)),
  fetch: fetchOperatorSummary,
};

export const efficiencySummaryData: MonitorData<'efficiency-summary', SummaryRequest, EfficiencySummaryResponse> = {
  plan: (settings) =>
    planWhenValid(monitorValidity('efficiency-summary', settings, SETTINGS_ONLY), () => deviceSummaryRequest(settings, settings.period, settings.sort)),
  fetch: fetchEfficiencySummary,
};

/** Whether the company has shifts is not known before its list arrives: no warning and no call until then. */
export const shiftWorkSummaryData: MonitorData<'shift-work-summary', SummaryRequest, ShiftWorkSummaryResponse> = {
  plan: (settings, { shifts }) =>
    shifts === undefined
      ? { validity: WAITING, request: null }
      : planWhenValid(monitorValidity('shift-work-summary', settings, { ...SETTINGS_ONLY, shiftsDefined: shifts.length }), () =>
          deviceSummaryRequest(settings, settings.period),
        ),
  fetch: fetchShiftWorkSummary,
};

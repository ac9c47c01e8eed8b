import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isOperatorReport, isPagedReport, reportDocumentSchema } from '@gearwatch/contracts';
import type { DateRange, ReportDocument, ReportInterval, ReportType } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';

/**
 * A report screen's selection (spec 02 §2 "byGroups"): devices or device groups for the device types, operators or
 * operator groups for the operator types (contracts OPERATOR_REPORT_TYPES). Both lists are kept while the user
 * switches, so switching back restores the choice.
 */
export interface ReportSelection {
  byGroups: boolean;
  devices: number[];
  groups: number[];
  deviceOperators: number[];
  deviceOperatorsGroups: number[];
}

export const EMPTY_SELECTION: ReportSelection = { byGroups: false, devices: [], groups: [], deviceOperators: [], deviceOperatorsGroups: [] };

/** The query of `GET /api/reports/{type}/data` (contracts reportDataQuerySchema); a plain object, so a cache key. */
export interface ReportRequest {
  from: string;
  to: string;
  interval: ReportInterval;
  devices?: number[];
  groups?: number[];
  deviceOperators?: number[];
  deviceOperatorsGroups?: number[];
  /** 1-based page, for the types whose screen pages through the server (contracts PAGED_REPORT_TYPES). */
  page?: number;
}

/** The ids the selection names for the type, under the query's field name. */
function selectedIds(type: ReportType, selection: ReportSelection): Pick<ReportRequest, 'devices' | 'groups' | 'deviceOperators' | 'deviceOperatorsGroups'> {
  if (isOperatorReport(type))
    return selection.byGroups ? { deviceOperatorsGroups: selection.deviceOperatorsGroups } : { deviceOperators: selection.deviceOperators };
  return selection.byGroups ? { groups: selection.groups } : { devices: selection.devices };
}

/** The data call's query, or null while nothing is chosen (the screen asks the user to choose instead of asking). */
export function reportRequest(type: ReportType, selection: ReportSelection, range: DateRange, interval: ReportInterval): ReportRequest | null {
  const ids = selectedIds(type, selection);
  const chosen = Object.values(ids).some((list) => list.length > 0);
  return chosen ? { from: range.from, to: range.to, interval, ...ids } : null;
}

/** The request of one page: the types that page through the server get `page`, the others are asked whole. */
export function pageRequest(type: ReportType, request: ReportRequest | null, page: number): ReportRequest | null {
  return request !== null && isPagedReport(type) ? { ...request, page } : request;
}

export function reportDataPath(type: ReportType): string {
  return `/api/reports/${type}/data`;
}

export async function fetchReportDocument(api: ApiClient, type: ReportType, request: ReportRequest, signal?: AbortSignal): Promise<ReportDocument> {
  return reportDocumentSchema.parse(await api.get<unknown>(reportDataPath(type), { ...request }, signal));
}

/** Not under `reports`: the generated-files events invalidate that prefix, and a report on screen must not reload. */
export const reportDataKey = (type: ReportType, request: ReportRequest | null) => ['report-data', type, request] as const;

/**
 * The report of the selection, period and interval; idle while `request` is null. The previous answer stays on
 * screen while the next is read (`isPlaceholderData`).
 */
export function useReportData(type: ReportType, request: ReportRequest | null) {
  const api = useApi();
  return useQuery({
    queryKey: reportDataKey(type, request),
    queryFn: ({ signal }) => fetchReportDocument(api, type, request as ReportRequest, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

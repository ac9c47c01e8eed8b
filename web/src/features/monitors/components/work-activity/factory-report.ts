import { factoryXlsxFilename } from '@gearwatch/contracts';
import type { DateRange, FactoryReportType, WorkActivitySettings } from '@gearwatch/contracts';
import type { ApiClient } from '../../../../api/client.ts';
import { downloadFile } from '../../../../api/download.ts';

// The calls of the two work/activity charts (spec 02 §7 "GET /reports/factory/data" and "/xlsx"), shared by the
// work/activity chart and the work/activity by shift chart.

export const FACTORY_DATA_PATH = '/api/reports/factory/data';
export const FACTORY_XLSX_PATH = '/api/reports/factory/xlsx';

type DeviceSelection = Pick<WorkActivitySettings, 'devices' | 'deviceGroups' | 'byGroups'>;

/** The chosen devices or the chosen groups, whichever the byGroups switch says; the server finds a group's devices. */
export type FactorySelectionQuery = { devices: number[] } | { groups: number[] };

/**
 * The query of the spreadsheet (and the base of the data call): the report type, the selection and the dates.
 * A plain object, so it can be a query's cache key.
 */
export type FactoryFileQuery = FactorySelectionQuery & { type: FactoryReportType; from: string; to: string };

export function factorySelectionQuery(selection: DeviceSelection): FactorySelectionQuery {
  return selection.byGroups ? { groups: [...selection.deviceGroups] } : { devices: [...selection.devices] };
}

export function factoryFileQuery(type: FactoryReportType, selection: DeviceSelection, range: DateRange): FactoryFileQuery {
  return { type, ...factorySelectionQuery(selection), from: range.from, to: range.to };
}

/**
 * Asks the API for the spreadsheet (with the session's token) and saves it under the name of its content-disposition,
 * or work-activity-chart-{from}-{to}.xlsx when the answer names none.
 */
export async function downloadFactoryXlsx(api: ApiClient, query: FactoryFileQuery): Promise<void> {
  await downloadFile(api, FACTORY_XLSX_PATH, { query, fallbackName: factoryXlsxFilename(query.from, query.to) });
}

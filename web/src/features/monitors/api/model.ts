import { useQuery } from '@tanstack/react-query';
import {
  deviceGroupListEntrySchema,
  deviceOperatorGroupListEntrySchema,
  deviceOperatorListEntrySchema,
  deviceTypeMonitorEntrySchema,
  PAGE_SIZE_NO_LIMIT,
  productionShiftSchema,
} from '@gearwatch/contracts';
import type {
  DeviceGroupListEntry,
  DeviceOperatorGroupListEntry,
  DeviceOperatorListEntry,
  DeviceTypeMonitorEntry,
  ProductionShift,
} from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';

// The model lists the monitors' settings panels choose from (spec 02 §7 "Model queries"). Every list is read whole
// (page_size=0) and kept for a minute: the panels of several monitors share one request.

const MODEL_STALE_MS = 60_000;
/** The device-type context whose parameters a monitor may offer (10000 is never listed). */
export const MONITOR_DEVICE_TYPE_CONTEXT = 'devicetypes_monitor';

async function readList<T>(
  api: ApiClient,
  path: string,
  schema: { parse: (value: unknown) => T },
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<T[]> {
  const page = await api.list<unknown>(path, { page_size: PAGE_SIZE_NO_LIMIT, ...query }, signal);
  return page.entries.map((entry) => schema.parse(entry));
}

export function deviceGroupsQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.deviceGroups,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<DeviceGroupListEntry[]> =>
      readList(api, '/api/devicegroups', deviceGroupListEntrySchema, { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
  };
}

export function deviceTypesQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.deviceTypes(MONITOR_DEVICE_TYPE_CONTEXT),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<DeviceTypeMonitorEntry[]> =>
      readList(api, '/api/devicetypes', deviceTypeMonitorEntrySchema, { sort: 'name', context: MONITOR_DEVICE_TYPE_CONTEXT }, signal),
    staleTime: MODEL_STALE_MS,
  };
}

export function deviceOperatorsQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.deviceOperators,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<DeviceOperatorListEntry[]> =>
      readList(api, '/api/deviceoperators', deviceOperatorListEntrySchema, { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
  };
}

export function deviceOperatorGroupsQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.deviceOperatorGroups,
    // No sort parameter: the server's default order is by name in the Polish collation (spec 02 §7), kept as is.
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<DeviceOperatorGroupListEntry[]> =>
      readList(api, '/api/deviceoperatorgroups', deviceOperatorGroupListEntrySchema, {}, signal),
    staleTime: MODEL_STALE_MS,
  };
}

export function productionShiftsQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.productionShifts,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<ProductionShift[]> =>
      readList(api, '/api/user/production_shifts', productionShiftSchema, {}, signal),
    staleTime: MODEL_STALE_MS,
  };
}

export function useDeviceGroups() {
  return useQuery(deviceGroupsQuery(useApi()));
}

/** Device types with the parameters monitors may offer. */
export function useDeviceTypes() {
  return useQuery(deviceTypesQuery(useApi()));
}

export function useDeviceOperators() {
  return useQuery(deviceOperatorsQuery(useApi()));
}

/** Operator groups in the server's order (Polish collation). */
export function useDeviceOperatorGroups() {
  return useQuery(deviceOperatorGroupsQuery(useApi()));
}

/** The company's production shifts, in the company's order. */
export function useProductionShifts() {
  return useQuery(productionShiftsQuery(useApi()));
}

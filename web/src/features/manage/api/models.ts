import { useQuery } from '@tanstack/react-query';
import {
  deviceGroupListEntrySchema,
  deviceOperatorGroupListEntrySchema,
  deviceOperatorListEntrySchema,
  deviceTypeMonitorEntrySchema,
  PAGE_SIZE_NO_LIMIT,
} from '@gearwatch/contracts';
import type { DeviceGroupListEntry, DeviceOperatorGroupListEntry, DeviceOperatorListEntry, DeviceTypeMonitorEntry } from '@gearwatch/contracts';
import type { ApiClient, QueryValue } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';

// The whole lists the filters and the redirect selectors choose from (spec 01 §7 "Model queries"). They are read
// exactly as the monitors and the map read them (same key, query and shape), so every screen shares one answer.

const MODEL_STALE_MS = 60_000;
/** The device-type context every company user may read (the admin one is for super-admins). */
const DEVICE_TYPE_CONTEXT = 'devicetypes_monitor';

async function readAll<T>(api: ApiClient, path: string, parse: (entry: unknown) => T, query: Record<string, QueryValue>, signal: AbortSignal): Promise<T[]> {
  const page = await api.list<unknown>(path, { page_size: PAGE_SIZE_NO_LIMIT, ...query }, signal);
  return page.entries.map(parse);
}

export function useDeviceGroupOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceGroups,
    queryFn: ({ signal }): Promise<DeviceGroupListEntry[]> => readAll(api, '/api/devicegroups', (entry) => deviceGroupListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
  });
}

export function useDeviceTypeOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceTypes(DEVICE_TYPE_CONTEXT),
    queryFn: ({ signal }): Promise<DeviceTypeMonitorEntry[]> =>
      readAll(api, '/api/devicetypes', (entry) => deviceTypeMonitorEntrySchema.parse(entry), { sort: 'name', context: DEVICE_TYPE_CONTEXT }, signal),
    staleTime: MODEL_STALE_MS,
  });
}

export function useDeviceOperatorOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperators,
    queryFn: ({ signal }): Promise<DeviceOperatorListEntry[]> => readAll(api, '/api/deviceoperators', (entry) => deviceOperatorListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
  });
}

export function useOperatorGroupOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperatorGroups,
    // No sort: the server's default is the name in the Polish collation (spec 02 §7), which `sort=name` is too.
    queryFn: ({ signal }): Promise<DeviceOperatorGroupListEntry[]> => readAll(api, '/api/deviceoperatorgroups', (entry) => deviceOperatorGroupListEntrySchema.parse(entry), {}, signal),
    staleTime: MODEL_STALE_MS,
  });
}

import { useQuery } from '@tanstack/react-query';
import { deviceGroupListEntrySchema, deviceOperatorGroupListEntrySchema, deviceOperatorListEntrySchema, PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import type { DeviceGroupListEntry, DeviceOperatorGroupListEntry, DeviceOperatorListEntry } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';

// The lists a report screen's selection chooses from, read whole (page_size=0) under the app's shared keys, so the
// monitors, the management screens and the reports share one cached answer. Devices come from api/data-areas.ts.

const LIST_STALE_MS = 60_000;

async function readList<T>(api: ApiClient, path: string, parse: (entry: unknown) => T, query: Record<string, string | number>, signal: AbortSignal): Promise<T[]> {
  const page = await api.list<unknown>(path, { page_size: PAGE_SIZE_NO_LIMIT, ...query }, signal);
  return page.entries.map(parse);
}

export function useDeviceGroupOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceGroups,
    queryFn: ({ signal }): Promise<DeviceGroupListEntry[]> => readList(api, '/api/devicegroups', (entry) => deviceGroupListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: LIST_STALE_MS,
  });
}

export function useOperatorOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperators,
    queryFn: ({ signal }): Promise<DeviceOperatorListEntry[]> => readList(api, '/api/deviceoperators', (entry) => deviceOperatorListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: LIST_STALE_MS,
  });
}

/** Operator groups in the server's order (names in the Polish collation). */
export function useOperatorGroupOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperatorGroups,
    queryFn: ({ signal }): Promise<DeviceOperatorGroupListEntry[]> => readList(api, '/api/deviceoperatorgroups', (entry) => deviceOperatorGroupListEntrySchema.parse(entry), {}, signal),
    staleTime: LIST_STALE_MS,
  });
}

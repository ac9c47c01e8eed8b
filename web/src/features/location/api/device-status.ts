import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deviceGroupListEntrySchema, deviceStatusSchema, PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import type { DeviceGroupListEntry, DeviceStatusEntry, DeviceStatusListFilter } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';

/** The map refreshes itself this often; the timer waits while a load is running (see useDeviceStatuses). */
export const LOCATION_REFRESH_MS = 60_000;
/** The device groups rarely change while the page is open; shared with every other reader of the model list. */
const MODEL_STALE_MS = 60_000;

/** What the list is narrowed to: a name search and one device group (null: all). */
export interface DeviceStatusFilters {
  search: string;
  deviceGroup: number | null;
}

/**
 * Under the devices key, so that whatever invalidates the devices (an edit, a new device) refreshes the map too.
 * Kept here rather than in api/query-keys.ts while the map is its only reader.
 */
export const deviceStatusKeys = {
  list: (filters: DeviceStatusFilters) => [...queryKeys.devices, 'status', filters] as const,
};

/** `GET /api/devices/status` (contracts device-status.ts): every device at once, by name; 204 is no device. */
export async function fetchDeviceStatuses(api: ApiClient, { search, deviceGroup }: DeviceStatusFilters, signal?: AbortSignal): Promise<DeviceStatusEntry[]> {
  const page = await api.list<unknown>(
    '/api/devices/status',
    {
      page_size: PAGE_SIZE_NO_LIMIT,
      sort: 'name',
      search: search.trim() || undefined,
      filter: deviceGroup === null ? undefined : JSON.stringify({ deviceGroup } satisfies DeviceStatusListFilter),
    },
    signal,
  );
  return page.entries.map((entry) => deviceStatusSchema.parse(entry));
}

export function useDeviceStatuses(filters: DeviceStatusFilters) {
  const api = useApi();
  return useQuery({
    queryKey: deviceStatusKeys.list(filters),
    queryFn: ({ signal }) => fetchDeviceStatuses(api, filters, signal),
    // A new search or group keeps the markers of the previous answer until the new one arrives (no blank map).
    placeholderData: keepPreviousData,
    // Paused while loading: no timer runs during a fetch, so the next refresh comes a full interval after the last.
    refetchInterval: (query) => (query.state.fetchStatus === 'fetching' ? false : LOCATION_REFRESH_MS),
  });
}

/**
 * The device groups for the filter, read exactly as the monitors read them (whole list by name, same key and
 * shape), so both share one cached answer.
 */
export function useDeviceGroupOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceGroups,
    queryFn: async ({ signal }): Promise<DeviceGroupListEntry[]> => {
      const page = await api.list<unknown>('/api/devicegroups', { page_size: PAGE_SIZE_NO_LIMIT, sort: 'name' }, signal);
      return page.entries.map((entry) => deviceGroupListEntrySchema.parse(entry));
    },
    staleTime: MODEL_STALE_MS,
  });
}

import { useQuery } from '@tanstack/react-query';
import {
  companyUserSchema,
  deviceGroupListEntrySchema,
  deviceOperatorGroupListEntrySchema,
  deviceOperatorListEntrySchema,
  deviceTypeMonitorEntrySchema,
  PAGE_SIZE_NO_LIMIT,
} from '@gearwatch/contracts';
import type { CompanyUser, DeviceGroupListEntry, DeviceOperatorGroupListEntry, DeviceOperatorListEntry, DeviceTypeMonitorEntry } from '@gearwatch/contracts';
import type { ApiClient, QueryValue } from './client.ts';
import { useApi } from './ApiProvider.tsx';
import { useDevices } from './data-areas.ts';
import { queryKeys } from './query-keys.ts';

// The whole model lists that pickers, filters and selections choose from (spec 01 §7 "Model queries"), read once
// here under the app's shared keys, so the monitors, the management screens, the alerts, the reports and the
// production views share one cached answer of each.

const MODEL_STALE_MS = 60_000;
/** The device-type context every company user may read (the admin one is for super-admins). */
const DEVICE_TYPE_CONTEXT = 'devicetypes_monitor';

/** A row of a model list as a picker shows it. */
export interface Named {
  id: number;
  name: string;
}

async function readAll<T>(api: ApiClient, path: string, parse: (entry: unknown) => T, query: Record<string, QueryValue>, signal: AbortSignal): Promise<T[]> {
  const page = await api.list<unknown>(path, { page_size: PAGE_SIZE_NO_LIMIT, ...query }, signal);
  return page.entries.map(parse);
}

/** The company's devices (the start-up data area, `GET /api/devices` sorted by name). */
export function useDeviceOptions(): Named[] | undefined {
  const devices = useDevices();
  return devices.data?.map(({ id, name }) => ({ id, name }));
}

export function useDeviceGroupOptions(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceGroups,
    queryFn: ({ signal }): Promise<DeviceGroupListEntry[]> =>
      readAll(api, '/api/devicegroups', (entry) => deviceGroupListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
    enabled,
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

export function useDeviceOperatorOptions(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperators,
    queryFn: ({ signal }): Promise<DeviceOperatorListEntry[]> =>
      readAll(api, '/api/deviceoperators', (entry) => deviceOperatorListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
    enabled,
  });
}

export function useOperatorGroupOptions(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperatorGroups,
    // No sort: the server's default is the name in the Polish collation (spec 02 §7), which `sort=name` is too.
    queryFn: ({ signal }): Promise<DeviceOperatorGroupListEntry[]> =>
      readAll(api, '/api/deviceoperatorgroups', (entry) => deviceOperatorGroupListEntrySchema.parse(entry), {}, signal),
    staleTime: MODEL_STALE_MS,
    enabled,
  });
}

/** The company's active users by name: who may receive an alert rule's alerts or a report. */
export function useActiveUserOptions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.activeUsers,
    queryFn: async ({ signal }): Promise<CompanyUser[]> => {
      const users = await readAll(
        api,
        '/api/users',
        (entry) => companyUserSchema.parse(entry),
        { sort: 'name', filter: JSON.stringify({ active: true }) },
        signal,
      );
      return users.sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: MODEL_STALE_MS,
  });
}

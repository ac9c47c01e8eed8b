import { useQuery } from '@tanstack/react-query';
import { companyUserSchema, deviceGroupListEntrySchema, deviceOperatorGroupListEntrySchema, PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import type { CompanyUser, DeviceGroupListEntry, DeviceOperatorGroupListEntry } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

// The whole lists the wizard chooses from (spec 01 §7 "Model queries"). Each is read under the app's shared key with
// the shape the other screens give it (monitors, manage, alerts), so they share one answer.

const MODEL_STALE_MS = 60_000;

export interface Named {
  id: number;
  name: string;
}

async function readAll<T>(api: ApiClient, path: string, parse: (entry: unknown) => T, query: Record<string, string>, signal: AbortSignal): Promise<T[]> {
  const page = await api.list<unknown>(path, { page_size: PAGE_SIZE_NO_LIMIT, ...query }, signal);
  return page.entries.map(parse);
}

export function useDeviceGroupOptions(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceGroups,
    queryFn: ({ signal }): Promise<DeviceGroupListEntry[]> => readAll(api, '/api/devicegroups', (entry) => deviceGroupListEntrySchema.parse(entry), { sort: 'name' }, signal),
    staleTime: MODEL_STALE_MS,
    enabled,
  });
}

export function useOperatorGroupOptions(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.deviceOperatorGroups,
    // No sort: the server's default is the name in the Polish collation (spec 02 §7).
    queryFn: ({ signal }): Promise<DeviceOperatorGroupListEntry[]> => readAll(api, '/api/deviceoperatorgroups', (entry) => deviceOperatorGroupListEntrySchema.parse(entry), {}, signal),
    staleTime: MODEL_STALE_MS,
    enabled,
  });
}

/** The users who may receive a report: the company's active users, by name (the alert wizard's list and key). */
export function useRecipientOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['users', 'options'] as const,
    queryFn: async ({ signal }): Promise<CompanyUser[]> => {
      const users = await readAll(api, '/api/users', (entry) => companyUserSchema.parse(entry), { sort: 'name', filter: JSON.stringify({ active: true }) }, signal);
      return users.sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: MODEL_STALE_MS,
  });
}

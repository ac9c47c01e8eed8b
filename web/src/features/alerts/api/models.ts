import { useQuery } from '@tanstack/react-query';
import { companyUserSchema, deviceGroupListEntrySchema, PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import type { CompanyUser, DeviceGroupListEntry } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useDevices } from '../../../api/data-areas.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { alertKeys } from './keys.ts';

// The whole lists the pickers and filters choose from (spec 01 §7 "Model queries"), sorted by name. The device
// groups are read exactly as the other screens read them (same key, query and shape), so they share one answer.

const MODEL_STALE_MS = 60_000;

export interface Named {
  id: number;
  name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);

/** The company's devices (the start-up data area, `GET /api/devices` sorted by name). */
export function useDeviceOptions(): Named[] | undefined {
  const devices = useDevices();
  return devices.data?.map(({ id, name }) => ({ id, name }));
}

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

/** The users who may receive a rule's alerts: the active users, by name. */
export function useUserOptions() {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.users,
    queryFn: async ({ signal }): Promise<CompanyUser[]> => {
      const page = await api.list<unknown>('/api/users', { page_size: PAGE_SIZE_NO_LIMIT, sort: 'name', filter: JSON.stringify({ active: true }) }, signal);
      return page.entries.map((entry) => companyUserSchema.parse(entry)).sort(byName);
    },
    staleTime: MODEL_STALE_MS,
  });
}

/** The rules of the company, by name, for the alert list's rule filter. */
export function useRuleOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['alertrules', 'options'] as const,
    queryFn: async ({ signal }): Promise<Named[]> => {
      const page = await api.list<{ id: number; name: string }>('/api/alertrules', { page_size: PAGE_SIZE_NO_LIMIT, sort: 'name' }, signal);
      return page.entries.map(({ id, name }) => ({ id, name }));
    },
    staleTime: MODEL_STALE_MS,
  });
}

import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { appConfigSchema, currentUserSchema, deviceSchema, userSettingsListSchema } from '@gearwatch/contracts';
import type { AppConfig, CurrentUser, Device } from '@gearwatch/contracts';
import { PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import type { ApiClient } from './client.ts';
import { useApi } from './ApiProvider.tsx';
import { queryKeys } from './query-keys.ts';

// The data areas every signed-in screen relies on (spec 01 §4, startup): loaded once before the main shell shows,
// then read synchronously from the cache by the hooks below.

export function configQuery(client: ApiClient) {
  return {
    queryKey: queryKeys.config,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AppConfig> =>
      appConfigSchema.parse((await client.request('/api/config', { anonymous: true, signal })).data),
    staleTime: Infinity,
  };
}

export function currentUserQuery(client: ApiClient) {
  return {
    queryKey: queryKeys.currentUser,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CurrentUser> =>
      currentUserSchema.parse(await client.get('/api/users/current', undefined, signal)),
    staleTime: 5 * 60_000,
  };
}

export function settingsQuery(client: ApiClient) {
  return {
    queryKey: queryKeys.settings,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Record<string, unknown>> => {
      const list = userSettingsListSchema.parse(await client.get('/api/users/current/settings', undefined, signal));
      return Object.fromEntries(list.entries.map((entry) => [entry.key, entry.value]));
    },
    staleTime: Infinity,
  };
}

export function devicesQuery(client: ApiClient) {
  return {
    queryKey: queryKeys.devices,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Device[]> => {
      const page = await client.list<unknown>('/api/devices', { page_size: PAGE_SIZE_NO_LIMIT, sort: 'name' }, signal);
      return page.entries.map((entry) => deviceSchema.parse(entry));
    },
    staleTime: 60_000,
  };
}

/** Loads the signed-in data areas in parallel; rejects with the first failure. */
export async function loadSessionData(queryClient: QueryClient, client: ApiClient): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(currentUserQuery(client)),
    queryClient.ensureQueryData(settingsQuery(client)),
    queryClient.ensureQueryData(devicesQuery(client)),
  ]);
}

export function useAppConfig(): AppConfig {
  return useSuspenseQuery(configQuery(useApi())).data;
}

export function useCurrentUser(): CurrentUser {
  return useSuspenseQuery(currentUserQuery(useApi())).data;
}

export function useUserSettings(): Record<string, unknown> {
  return useSuspenseQuery(settingsQuery(useApi())).data;
}

export function useDevices() {
  return useQuery(devicesQuery(useApi()));
}

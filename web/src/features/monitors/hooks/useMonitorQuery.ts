import { useQuery } from '@tanstack/react-query';
import type { Query, UseQueryResult } from '@tanstack/react-query';
import { MONITOR_REFRESH_SECONDS } from '@gearwatch/contracts';
import type { MonitorKind } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';

export const MONITOR_REFRESH_MS = MONITOR_REFRESH_SECONDS * 1000;

/**
 * The auto-refresh period of a monitor's data (spec 02 §4, §9): none while a fetch runs, so the 300 s count starts
 * again when the data arrives. TanStack Query re-reads it on every change of the query's state.
 */
export function monitorRefetchInterval(query: Pick<Query, 'state'>): number | false {
  return query.state.fetchStatus === 'idle' ? MONITOR_REFRESH_MS : false;
}

export interface MonitorFetchContext {
  api: ApiClient;
  signal: AbortSignal;
}

/**
 * A monitor's data. `request` holds every parameter of the call and is the cache key, so only a change of what is
 * asked for fetches again (toggling edit or expand does not); null while the settings are not valid, which fetches
 * nothing (spec 02 §4). Refreshes itself every MONITOR_REFRESH_SECONDS; `refetch()` is the refresh action.
 */
export function useMonitorQuery<R extends Record<string, unknown>, T>(
  kind: MonitorKind,
  request: R | null,
  fetch: (request: R, context: MonitorFetchContext) => Promise<T>,
): UseQueryResult<T> {
  const api = useApi();
  const result = useQuery({
    queryKey: queryKeys.monitorData(kind, request ?? {}),
    queryFn: ({ signal }) => {
      // `enabled` keeps a null request from ever getting here.
      if (request === null) throw new Error('no request for invalid settings');
      return fetch(request, { api, signal });
    },
    enabled: request !== null,
    staleTime: MONITOR_REFRESH_MS,
    refetchInterval: monitorRefetchInterval,
  });
  // TanStack's refetch ignores `enabled`: the refresh action of an invalid monitor must ask for nothing.
  return request === null ? { ...result, refetch: () => Promise.resolve(result) } : result;
}

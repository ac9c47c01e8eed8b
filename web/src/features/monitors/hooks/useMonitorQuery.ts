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

/** The query of a monitor's data call: the widget reads it, the board's prefetch starts it (the same key). */
export function monitorDataQuery<R extends Record<string, unknown>, T>(
  kind: MonitorKind,
  request: R,
  fetch: (request: R, context: MonitorFetchContext) => Promise<T>,
  api: ApiClient,
) {
  return {
    queryKey: queryKeys.monitorData(kind, request),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetch(request, { api, signal }),
    staleTime: MONITOR_REFRESH_MS,
  };
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
    // `enabled` keeps the empty request of invalid settings from ever being fetched.
    ...monitorDataQuery(kind, request ?? ({} as R), fetch, api),
    enabled: request !== null,
    refetchInterval: monitorRefetchInterval,
  });
  // TanStack's refetch ignores `enabled`: the refresh action of an invalid monitor must ask for nothing.
  return request === null ? { ...result, refetch: () => Promise.resolve(result) } : result;
}

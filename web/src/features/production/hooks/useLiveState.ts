import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProductionViewState } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { connectEvents } from '../../../api/events.ts';
import { fetchLiveState, liveKey, liveStreamPath, parseLiveEvent } from '../api/live.ts';
import type { LiveSource } from '../api/live.ts';

export const PRODUCTION_VIEW_EVENT = 'production-view';

export interface LiveState {
  state: ProductionViewState | null;
  /** When the screen last received a state (epoch ms, this browser's clock), 0 before the first. */
  receivedAt: number;
  /** The stream is down and being reopened. */
  connectionLost: boolean;
  /** The view or the display link does not exist (any more): 404. */
  gone: boolean;
  /** The first state could not be read for another reason. */
  failed: boolean;
}

/**
 * A live screen's state: read once, then replaced by each `production-view` event of the view's stream. While the
 * stream is down the screen says so; when it opens again after a failure the state is read afresh, so a revoked link
 * (404) is noticed even though its stream only ever fails.
 */
export function useLiveState(source: LiveSource): LiveState {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = liveKey(source);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchLiveState(api, source, signal),
    retry: false,
    refetchOnWindowFocus: false,
    // The stream keeps it fresh; it is never read again on its own.
    staleTime: Infinity,
  });
  const [connectionLost, setConnectionLost] = useState(false);
  const sourceKey = JSON.stringify(key);
  const gone = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    // A view deleted or a link revoked: nothing will come any more, so the stream is not retried for ever.
    if (gone) return;
    const queryKey = JSON.parse(sourceKey) as unknown[];
    const connection = connectEvents({
      api,
      path: liveStreamPath(source),
      // A TV's browser may hold someone's session: the display link's stream goes without it.
      anonymous: source.kind === 'display',
      onEvent: (event) => {
        if (event.type !== PRODUCTION_VIEW_EVENT) return;
        const state = parseLiveEvent(event.data, queryClient.getQueryData<ProductionViewState>(queryKey));
        if (state) queryClient.setQueryData(queryKey, state);
      },
      onOpen: (afterFailure) => {
        setConnectionLost(false);
        if (afterFailure) void queryClient.invalidateQueries({ queryKey, exact: true });
      },
      onDown: () => {
        setConnectionLost(true);
        // A display link revoked meanwhile answers 404 here: the screen then says the link is no longer valid.
        void queryClient.invalidateQueries({ queryKey, exact: true });
      },
    });
    return () => connection.close();
    // `source` is described completely by `sourceKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, queryClient, sourceKey, gone]);

  return {
    // A revoked link shows no old numbers.
    state: gone ? null : (query.data ?? null),
    receivedAt: query.data ? query.dataUpdatedAt : 0,
    connectionLost,
    gone,
    failed: query.isError && !gone && !query.data,
  };
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MonitorKind } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { prefetchModelLists } from '../api/board-prefetch.ts';

/**
 * Starts reading the model lists the board's monitors need as soon as the board is known, while the monitors' code
 * is still loading: otherwise each monitor asks for them only once its chunk has run, and its data call waits
 * behind that round trip (bench/page-load). The route's loader does more on navigation (api/board-prefetch.ts);
 * this covers a board shown without it and the lists of a monitor just added.
 */
export function usePrefetchModel(kinds: readonly MonitorKind[]): void {
  const api = useApi();
  const queryClient = useQueryClient();
  // The kinds as one string, so a board whose kinds did not change starts nothing again.
  const shown = [...new Set(kinds)].sort().join(',');
  useEffect(() => {
    if (shown) prefetchModelLists(queryClient, api, shown.split(',') as MonitorKind[]);
  }, [api, queryClient, shown]);
}

import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MonitorKind } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { deviceGroupsQuery, deviceOperatorGroupsQuery, deviceTypesQuery, productionShiftsQuery } from '../api/model.ts';

export type ModelList = 'deviceGroups' | 'deviceTypes' | 'operatorGroups' | 'productionShifts';

/** The model lists a monitor of each kind waits for before it asks for its data (or draws its settings). */
const MODEL_OF_KIND: Record<MonitorKind, readonly ModelList[]> = {
  'device-parameter': ['deviceGroups', 'deviceTypes', 'productionShifts'],
  efficiency: ['deviceGroups', 'deviceTypes'],
  geo: ['deviceGroups'],
  'work-activity': ['deviceGroups'],
  'work-activity-shift': ['deviceGroups', 'productionShifts'],
  'device-operator': ['operatorGroups'],
  async: ['deviceTypes'],
  // The summaries send the chosen ids as they are; only the shift-work summary needs to know the company's shifts.
  'activity-summary': [],
  'efficiency-summary': [],
  'operator-summary': [],
  'shift-work-summary': ['productionShifts'],
  'devices-with-alerts': [],
  'devices-summary': ['deviceGroups'],
  'newest-alerts': [],
  'newest-tasks': [],
  'hourly-work-distribution': ['deviceGroups'],
};

function prefetchList(queryClient: QueryClient, api: ApiClient, list: ModelList): Promise<void> {
  switch (list) {
    case 'deviceGroups':
      return queryClient.prefetchQuery(deviceGroupsQuery(api));
    case 'deviceTypes':
      return queryClient.prefetchQuery(deviceTypesQuery(api));
    case 'operatorGroups':
      return queryClient.prefetchQuery(deviceOperatorGroupsQuery(api));
    case 'productionShifts':
      return queryClient.prefetchQuery(productionShiftsQuery(api));
  }
}

/** The lists a board of these kinds needs, each once. */
export function modelListsOf(kinds: readonly MonitorKind[]): ModelList[] {
  return [...new Set(kinds.flatMap((kind) => MODEL_OF_KIND[kind]))].sort();
}

/**
 * Starts reading the model lists the board's monitors need as soon as the board is known, while the monitors' code
 * is still loading: otherwise each monitor asks for them only once its chunk has run, and its data call waits
 * behind that round trip (bench/page-load).
 */
export function usePrefetchModel(kinds: readonly MonitorKind[]): void {
  const api = useApi();
  const queryClient = useQueryClient();
  const lists = modelListsOf(kinds).join(',');
  useEffect(() => {
    if (!lists) return;
    for (const list of lists.split(',') as ModelList[]) void prefetchList(queryClient, api, list);
  }, [api, lists, queryClient]);
}


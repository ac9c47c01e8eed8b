import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPage } from '../../api/client.ts';
import { useApi } from '../../api/ApiProvider.tsx';
import { listQuery } from './list-query.ts';
import type { ListParams } from './list-query.ts';

/**
 * The key of one page of a list. It starts with the plural, like the app's other keys of a resource (`devices`),
 * so invalidating `[plural]` after a save or a delete refreshes every list and data area of it.
 */
export function entityListKey(plural: string, params: ListParams) {
  return [plural, 'list', params] as const;
}

/**
 * One page of `GET /api/{plural}` (list protocol: paging from the headers, 204 as no entries). The previous page stays
 * on screen while the next loads, so paging and searching do not blank the table. `parse` checks each entry.
 */
export function useEntityList<T>(plural: string, params: ListParams, parse?: (entry: unknown) => T) {
  const api = useApi();
  return useQuery({
    queryKey: entityListKey(plural, params),
    queryFn: async ({ signal }): Promise<ListPage<T>> => {
      const page = await api.list<unknown>(`/api/${plural}`, listQuery(params), signal);
      return { ...page, entries: parse ? page.entries.map(parse) : (page.entries as T[]) };
    },
    placeholderData: keepPreviousData,
  });
}

import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { Named } from '../../../api/model-lists.ts';

// The alert list's own model list; the devices, groups and users the pickers choose from are the app's shared lists
// (api/model-lists.ts).

const MODEL_STALE_MS = 60_000;

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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createdDisplayLinkSchema, displayLinkListSchema } from '@gearwatch/contracts';
import type { CreatedDisplayLink, DisplayLink } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { VIEWS } from './views.ts';

/** `/api/productionviews/{id}/displaylinks`: the links that open a view on a TV without a sign-in. */
export const displayLinkKeys = {
  list: (viewId: number) => [VIEWS, 'displaylinks', viewId] as const,
};

const linksPath = (viewId: number) => `/api/${VIEWS}/${viewId}/displaylinks`;

export function useDisplayLinks(viewId: number) {
  const api = useApi();
  return useQuery({
    queryKey: displayLinkKeys.list(viewId),
    queryFn: async ({ signal }): Promise<DisplayLink[]> =>
      displayLinkListSchema.parse((await api.request<unknown>(linksPath(viewId), { signal })).data ?? { entries: [] }).entries,
  });
}

/** Creates a link; its token comes back this once only. */
export function useCreateDisplayLink(viewId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string): Promise<CreatedDisplayLink> =>
      createdDisplayLinkSchema.parse((await api.request<unknown>(linksPath(viewId), { method: 'POST', json: label ? { label } : {} })).data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkKeys.list(viewId) }),
  });
}

/** Revokes a link at once: its screens stop updating and say the link is no longer valid. */
export function useRevokeDisplayLink(viewId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: number) => {
      await api.request<unknown>(`${linksPath(viewId)}/${linkId}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayLinkKeys.list(viewId) }),
  });
}

/** The address to put on the TV: this site's origin and the link's path. */
export function displayUrl(link: Pick<CreatedDisplayLink, 'path'>, origin: string = window.location.origin): string {
  return `${origin}${link.path}`;
}

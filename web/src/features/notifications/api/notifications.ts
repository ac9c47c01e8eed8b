import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALARM_TOTALS_REFRESH_SECONDS, UNREAD_HEADER, markReadResultSchema, notificationSchema, unreadCountSchema } from '@gearwatch/contracts';
import type { Notification } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';

/** How many notifications the centre shows (the newest). */
export const CENTRE_PAGE_SIZE = 20;

/** The unread count refreshes as the alarm total does (the event stream refreshes it at once when it is up). */
const REFRESH_MS = ALARM_TOTALS_REFRESH_SECONDS * 1000;

/** `GET /api/notifications/unread`: the bell's badge. */
export function useUnreadCount() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: async ({ signal }) => unreadCountSchema.parse(await api.get<unknown>('/api/notifications/unread', undefined, signal)).count,
    refetchInterval: REFRESH_MS,
  });
}

export interface CentrePage {
  entries: Notification[];
  unread: number;
}

/** `GET /api/notifications`: the newest notifications, read while the centre is open. */
export function useNotificationCentre(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.notifications.list,
    enabled,
    queryFn: async ({ signal }): Promise<CentrePage> => {
      const response = await api.request<{ entries: unknown[] } | null>('/api/notifications', {
        query: { page: 1, page_size: CENTRE_PAGE_SIZE, sort: '-createdAt,-id' },
        signal,
      });
      return {
        entries: (response.data?.entries ?? []).map((entry) => notificationSchema.parse(entry)),
        unread: Number(response.headers.get(UNREAD_HEADER) ?? 0),
      };
    },
  });
}

/** `PATCH /api/notifications/{ids}/read`, or every one with `'all'`; the centre and the badge are read again. */
export function useMarkRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: readonly number[] | 'all') => {
      const path = target === 'all' ? '/api/notifications/read' : `/api/notifications/${target.join(',')}/read`;
      return markReadResultSchema.parse((await api.request<unknown>(path, { method: 'PATCH' })).data);
    },
    onSuccess: (result) => queryClient.setQueryData(queryKeys.notifications.unread, result.unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

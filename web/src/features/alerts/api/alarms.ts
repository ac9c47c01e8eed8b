import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALARM_TOTALS_REFRESH_SECONDS, alarmStatsSchema, alarmTotalSchema, alertConfirmResultSchema } from '@gearwatch/contracts';
import type { AlarmStats, AlarmTotal, AlertListFilter } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';
import { ALERT_RESOURCES, alertKeys } from './keys.ts';

export const ALARM_TOTAL_REFRESH_MS = ALARM_TOTALS_REFRESH_SECONDS * 1000;

/**
 * `GET /api/alarms/total` every 60 s (spec 01 §2 alert-list indicator). The interval starts again after each answer
 * and never overlaps a request in flight: TanStack Query does not start a fetch of a query that is still fetching.
 */
export function alarmTotalQuery(api: ApiClient) {
  return {
    queryKey: alertKeys.alarmTotal,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<AlarmTotal> =>
      alarmTotalSchema.parse(await api.get<unknown>('/api/alarms/total', undefined, signal)),
    refetchInterval: ALARM_TOTAL_REFRESH_MS,
  };
}

export function useAlarmTotal() {
  return useQuery(alarmTotalQuery(useApi()));
}

/** `GET /api/device/{id}/alarms/stats`: the device's unconfirmed active alerts by importance. */
export function useDeviceAlarmStats(deviceId: number) {
  const api = useApi();
  return useQuery({
    queryKey: alertKeys.deviceStats(deviceId),
    queryFn: async ({ signal }): Promise<AlarmStats> =>
      alarmStatsSchema.parse(await api.get<unknown>(`/api/device/${deviceId}/alarms/stats`, undefined, signal)),
  });
}

/** What confirming asks for: some alerts by id, or every unconfirmed alert matching the list's filter. */
export type ConfirmTarget = { ids: readonly number[] } | { filter: AlertListFilter };

/**
 * `PATCH /api/alerts/{ids}/confirm` or `PATCH /api/alerts/confirm?filter=`; then the lists, the totals of the menu
 * and the stats are read again.
 */
export function useConfirmAlerts() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: ConfirmTarget) => {
      const response =
        'ids' in target
          ? await api.request<unknown>(`/api/alerts/${target.ids.join(',')}/confirm`, { method: 'PATCH' })
          : await api.request<unknown>('/api/alerts/confirm', { method: 'PATCH', query: { filter: JSON.stringify(target.filter) } });
      return alertConfirmResultSchema.parse(response.data).confirmed;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ALERT_RESOURCES.alerts] }),
        queryClient.invalidateQueries({ queryKey: alertKeys.alarms }),
        queryClient.invalidateQueries({ queryKey: [ALERT_RESOURCES.rules] }),
      ]),
  });
}

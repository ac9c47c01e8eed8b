import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportConfigurationSchema } from '@gearwatch/contracts';
import type { ReportConfiguration, ReportConfigurationInput, ReportType } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';

/**
 * The report configurations (the wizard's result, spec 01 §7): `POST /api/reportsconfigurations?context={type}`,
 * `GET/PUT/DELETE /api/reportsconfigurations/{id}`, `PATCH …/{id}/enable|disable`, and the list of the list protocol.
 * Every key starts with the plural, so invalidating `[CONFIGURATIONS]` refreshes the list and the open rows.
 */
export const CONFIGURATIONS = 'reportsconfigurations';

export const configurationKeys = {
  all: [CONFIGURATIONS] as const,
  detail: (id: number) => [CONFIGURATIONS, 'detail', id] as const,
};

/** `GET /api/reportsconfigurations/{id}`: the configuration the wizard edits. */
export function useReportConfiguration(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: configurationKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<ReportConfiguration> =>
      reportConfigurationSchema.parse(await api.get<unknown>(`/api/${CONFIGURATIONS}/${id ?? 0}`, undefined, signal)),
    enabled: id !== null,
  });
}

/** Creates (POST with the type as context) or replaces (PUT) a configuration; a refusal throws ApiError (400 fields). */
export async function saveConfiguration(api: ApiClient, id: number | null, input: ReportConfigurationInput): Promise<void> {
  if (id === null) await api.request<unknown>(`/api/${CONFIGURATIONS}`, { method: 'POST', query: { context: input.reportType }, json: input });
  else await api.request<unknown>(`/api/${CONFIGURATIONS}/${id}`, { method: 'PUT', json: input });
}

/** `PATCH /api/reportsconfigurations/{id}/enable|disable`: the cyclic report's switch. */
export function useConfigurationEnabled() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) => {
      await api.request<unknown>(`/api/${CONFIGURATIONS}/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'PATCH' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: configurationKeys.all }),
  });
}

/** The translation key of a report type's name (the route titles use the same keys). */
export const reportTypeKey = (type: ReportType | string) => `reports.type.${type}`;

import { useQuery } from '@tanstack/react-query';
import { productionParameterOptionListSchema, productionViewSchema } from '@gearwatch/contracts';
import type { ProductionParameterOption, ProductionView, ProductionViewInput } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import type { ApiClient } from '../../../api/client.ts';

/**
 * The production views (issue 19, spec 01 §3): `GET/POST /api/productionviews` (list protocol), `GET/PUT/DELETE
 * /api/productionviews/{id}`. Every key starts with the plural, so invalidating `[VIEWS]` (as the delete dialog does)
 * refreshes the list and the open rows.
 */
export const VIEWS = 'productionviews';

export const viewKeys = {
  all: [VIEWS] as const,
  detail: (id: number) => [VIEWS, 'detail', id] as const,
  parameters: (deviceId: number) => [VIEWS, 'parameters', deviceId] as const,
};

export const parseView = (entry: unknown): ProductionView => productionViewSchema.parse(entry);

/** `GET /api/productionviews/{id}`: the view the wizard edits. */
export function useProductionView(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: viewKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<ProductionView> => parseView(await api.get<unknown>(`/api/${VIEWS}/${id ?? 0}`, undefined, signal)),
    enabled: id !== null,
  });
}

/** Creates (POST) or replaces (PUT) a view; a refusal throws ApiError (400 with field errors). */
export async function saveProductionView(api: ApiClient, id: number | null, input: ProductionViewInput): Promise<void> {
  if (id === null) await api.request<unknown>(`/api/${VIEWS}`, { method: 'POST', json: input });
  else await api.request<unknown>(`/api/${VIEWS}/${id}`, { method: 'PUT', json: input });
}

/** The parameters a line may show for a device: efficiency, work, active and the device type's counters. */
export function useParameterOptions(deviceId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: viewKeys.parameters(deviceId ?? 0),
    queryFn: async ({ signal }): Promise<ProductionParameterOption[]> =>
      productionParameterOptionListSchema.parse(await api.get<unknown>(`/api/${VIEWS}/parameters`, { deviceId: deviceId ?? 0 }, signal)).entries,
    enabled: deviceId !== null,
    staleTime: 60_000,
  });
}

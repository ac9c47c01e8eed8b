import { productionShiftListSchema } from '@gearwatch/contracts';
import type { ProductionShift, ProductionShiftInput } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';

/** The company's shifts in their order (an empty list: 204 or no entries). */
export async function fetchProductionShifts(api: ApiClient): Promise<ProductionShift[]> {
  const { data } = await api.request('/api/user/production_shifts');
  return data ? productionShiftListSchema.parse(data).entries : [];
}

/** Replaces the company's shifts with `shifts`, in order; a 400 names each shift's field by its position. */
export async function saveProductionShifts(api: ApiClient, shifts: ProductionShiftInput[]): Promise<ProductionShift[]> {
  const { data } = await api.request('/api/user/production_shifts', { method: 'POST', json: shifts });
  return productionShiftListSchema.parse(data).entries;
}

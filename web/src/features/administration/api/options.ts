import { useQuery } from '@tanstack/react-query';
import { companySchema, DEVICE_TYPE_ADMIN_CONTEXT, deviceTypeAdminEntrySchema, PAGE_SIZE_NO_LIMIT } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';

/** A row a filter offers: its id and name. */
export interface NamedOption {
  id: number;
  name: string;
}

// The filters' choices are read whole (page_size=0) and kept a minute: several pages offer the same companies.
const OPTIONS_STALE_MS = 60_000;

/**
 * Every company, by name, for the company filters. Under the companies key, so saving or deleting a company (which
 * invalidates `['companies']`) refreshes the filters too.
 */
export function useCompanyOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: async ({ signal }): Promise<NamedOption[]> => {
      const page = await api.list<unknown>('/api/companies', { page_size: PAGE_SIZE_NO_LIMIT, sort: 'name' }, signal);
      return page.entries.map((entry) => {
        const { id, name } = companySchema.parse(entry);
        return { id, name };
      });
    },
    staleTime: OPTIONS_STALE_MS,
  });
}

/** Every device type, by name, for the device type filter (the admin context lists every type of the catalogue). */
export function useDeviceTypeOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['devicetypes', DEVICE_TYPE_ADMIN_CONTEXT, 'options'],
    queryFn: async ({ signal }): Promise<NamedOption[]> => {
      const page = await api.list<unknown>('/api/devicetypes', { page_size: PAGE_SIZE_NO_LIMIT, sort: 'name', context: DEVICE_TYPE_ADMIN_CONTEXT }, signal);
      return page.entries.map((entry) => {
        const { id, name } = deviceTypeAdminEntrySchema.parse(entry);
        return { id, name };
      });
    },
    staleTime: OPTIONS_STALE_MS,
  });
}

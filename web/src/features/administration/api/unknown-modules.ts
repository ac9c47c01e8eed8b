import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unknownModuleListSchema } from '@gearwatch/contracts';
import type { ModuleProtocol, UnknownModule } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';

/** Under the sensors key, so saving a module (which invalidates `['sensors']`) drops the device it registered. */
const UNKNOWN_MODULES_KEY = ['sensors', 'unknown-modules'] as const;
/** Devices keep trying every few seconds to minutes; a minute is soon enough to see a new one. */
const REFRESH_MS = 60_000;

/** Devices that tried to connect unregistered (`GET /api/unknown-modules`), the latest tries first. */
export function useUnknownModules() {
  const api = useApi();
  return useQuery({
    queryKey: UNKNOWN_MODULES_KEY,
    queryFn: async ({ signal }): Promise<UnknownModule[]> =>
      unknownModuleListSchema.parse(await api.get<unknown>('/api/unknown-modules', undefined, signal)).entries,
    refetchInterval: REFRESH_MS,
  });
}

/** Forgets an unknown device (it is listed again at its next try). */
export function useDismissUnknownModule() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ protocol, serialNumber }: { protocol: ModuleProtocol; serialNumber: string }) => {
      await api.request(`/api/unknown-modules/${protocol}/${encodeURIComponent(serialNumber)}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: UNKNOWN_MODULES_KEY }),
  });
}

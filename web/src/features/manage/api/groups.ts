import { useQuery } from '@tanstack/react-query';
import { deviceGroupDetailSchema, deviceOperatorDetailSchema, operatorGroupDetailSchema, operatorWorkTimeSchema } from '@gearwatch/contracts';
import type { DeviceGroupDetail, DeviceOperatorDetail, OperatorGroupDetail, OperatorWorkTime } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { manageKeys } from './keys.ts';

/** `GET /api/devicegroups/{id}`: the list entry with its devices named. */
export function useDeviceGroup(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceGroup(id),
    queryFn: async ({ signal }): Promise<DeviceGroupDetail> =>
      deviceGroupDetailSchema.parse(await api.get<unknown>(`/api/devicegroups/${id}`, undefined, signal)),
  });
}

/** `GET /api/deviceoperators/{id}`: the list entry, its devices and its last card sessions. */
export function useDeviceOperator(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceOperator(id),
    queryFn: async ({ signal }): Promise<DeviceOperatorDetail> =>
      deviceOperatorDetailSchema.parse(await api.get<unknown>(`/api/deviceoperators/${id}`, undefined, signal)),
  });
}

/** `GET /api/deviceoperators/{id}/work-time`: work and activity today, this week and this month against the previous. */
export function useOperatorWorkTime(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceOperatorWorkTime(id),
    queryFn: async ({ signal }): Promise<OperatorWorkTime> =>
      operatorWorkTimeSchema.parse(await api.get<unknown>(`/api/deviceoperators/${id}/work-time`, undefined, signal)),
  });
}

/** `GET /api/deviceoperatorgroups/{id}`: the list entry with its operators named. */
export function useOperatorGroup(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.operatorGroup(id),
    queryFn: async ({ signal }): Promise<OperatorGroupDetail> =>
      operatorGroupDetailSchema.parse(await api.get<unknown>(`/api/deviceoperatorgroups/${id}`, undefined, signal)),
  });
}

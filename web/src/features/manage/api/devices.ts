import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { batteryCyclesSchema, currentReadingsSchema, deviceSchema, deviceStatusSchema, formDefinitionSchema } from '@gearwatch/contracts';
import type { BatteryCycle, CurrentReading, Device, DeviceStatusEntry } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { manageKeys } from './keys.ts';

/** An operator assigned to the device, as the device form names it. */
export interface AssignedOperator {
  id: number;
  name: string;
}

/** `GET /api/devices/{id}`: name, type, company, groups, fitted modules. */
export function useDevice(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.device(id),
    queryFn: async ({ signal }): Promise<Device> => deviceSchema.parse(await api.get<unknown>(`/api/devices/${id}`, undefined, signal)),
  });
}

/** `GET /api/devices/{id}/status`: the status icons and the modules' online state. */
export function useDeviceStatus(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceStatus(id),
    queryFn: async ({ signal }): Promise<DeviceStatusEntry> => deviceStatusSchema.parse(await api.get<unknown>(`/api/devices/${id}/status`, undefined, signal)),
  });
}

/** `GET /api/devices/{id}/readings/current`: the newest value of each parameter. */
export function useCurrentReadings(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceReadings(id),
    queryFn: async ({ signal }): Promise<CurrentReading[]> =>
      currentReadingsSchema.parse(await api.get<unknown>(`/api/devices/${id}/readings/current`, undefined, signal)).entries,
  });
}

/** `GET /api/devices/{id}/battery-cycles?from&to` (local dates of the company). */
export function useBatteryCycles(id: number, from: string, to: string) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceCycles(id, from, to),
    queryFn: async ({ signal }): Promise<BatteryCycle[]> =>
      batteryCyclesSchema.parse(await api.get<unknown>(`/api/devices/${id}/battery-cycles`, { from, to }, signal)).cycles,
    // Another range keeps the previous cycles on screen until its answer arrives (no blank table).
    placeholderData: keepPreviousData,
  });
}

/**
 * The operators assigned to the device. No read call names them: the device form does (its `operators` value and
 * the names among its choices), so the page reads the form's definition without ever submitting it.
 */
export function useAssignedOperators(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: manageKeys.deviceForm(id),
    queryFn: async ({ signal }): Promise<AssignedOperator[]> => {
      const form = formDefinitionSchema.parse(await api.get<unknown>(`/api/devices/${id}/edit`, undefined, signal));
      const chosen = form.data['operators'];
      const ids = new Set((Array.isArray(chosen) ? chosen : []).map(String));
      return (form.choices['operators'] ?? [])
        .filter((choice) => ids.has(String(choice.value)))
        .map((choice) => ({ id: Number(choice.value), name: choice.label }));
    },
  });
}

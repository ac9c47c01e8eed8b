import { useQuery } from '@tanstack/react-query';
import { deviceStatusSchema } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import type { GeoPosition } from '../components/geo/geo-track.ts';

/** A minute, as the location map refreshes: the last position moves only as often as a module reports. */
const LAST_POSITION_STALE_MS = 60_000;

/** Under the devices key, so that whatever refreshes the devices refreshes this too. */
export const lastPositionKey = (device: number) => [...queryKeys.devices, 'status', device] as const;

/** `GET /api/devices/{id}/status` (contracts device-status.ts): the device's last known position, null before its first. */
export async function fetchLastPosition(api: ApiClient, device: number, signal?: AbortSignal): Promise<GeoPosition | null> {
  const { position } = deviceStatusSchema.parse(await api.get(`/api/devices/${device}/status`, undefined, signal));
  return position ? { ms: Date.parse(position.time), lat: position.lat, lon: position.lon, acc: position.acc } : null;
}

/**
 * The geo monitor's fallback (issue 32 item 18): where the device was last seen, asked only while `device` is set
 * (the chosen days hold no position of it).
 */
export function useLastPosition(device: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: lastPositionKey(device ?? 0),
    queryFn: ({ signal }) => fetchLastPosition(api, device ?? 0, signal),
    enabled: device !== null,
    staleTime: LAST_POSITION_STALE_MS,
  });
}

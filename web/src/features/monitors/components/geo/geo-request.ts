import { devicesOfGroups, LOCATIONS_STEP_HEADER, locationsResponseSchema, monitorValidity } from '@gearwatch/contracts';
import type { DateRange, GeoSettings, MonitorDeviceGroupRef } from '@gearwatch/contracts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import type { GeoPosition } from './geo-track.ts';
import { planWhenValid, SETTINGS_ONLY } from '../monitor-plan.ts';
import type { MonitorData } from '../types.ts';

/** The call `GET /api/device/{device}/locations?from&to` (spec 02 §7). */
export interface GeoRequest extends Record<string, unknown> {
  device: number;
  from: string;
  to: string;
}

/** The answer, read for the map and the slider. */
export interface GeoTrack {
  device: number;
  /** Ordered by time. */
  positions: GeoPosition[];
  /** Set when the server thinned the track: one position per this many seconds at most. */
  stepSeconds: number | null;
}

/**
 * The device ids the selection covers, in the order chosen (for groups: their devices in the groups' order); null
 * while the groups needed for that are still loading.
 */
export function geoDeviceIds(
  settings: Pick<GeoSettings, 'devices' | 'deviceGroups' | 'byGroups'>,
  groups: readonly MonitorDeviceGroupRef[] | undefined,
): number[] | null {
  if (!settings.byGroups) return settings.devices;
  return groups ? devicesOfGroups(settings.deviceGroups, groups) : null;
}

/** Spec 02 §2 item 6: only the first selected device is asked for; null when there is none. */
export function geoRequest(deviceIds: readonly number[] | null, range: DateRange): GeoRequest | null {
  const device = deviceIds?.[0];
  return device === undefined ? null : { device, from: range.from, to: range.to };
}

export async function fetchGeoTrack({ device, from, to }: GeoRequest, { api, signal }: MonitorFetchContext): Promise<GeoTrack> {
  const response = await api.request<unknown>(`/api/device/${device}/locations`, { query: { from, to }, signal });
  const step = Number(response.headers.get(LOCATIONS_STEP_HEADER));
  return {
    device,
    positions: locationsResponseSchema.parse(response.data).map(({ time, lat, lon, acc }) => ({ ms: Date.parse(time), lat, lon, acc })),
    stepSeconds: step > 0 ? step : null,
  };
}

/** Only the first device of the selection is asked for (spec 02 §2 item 6). */
export const geoData: MonitorData<'geo', GeoRequest, GeoTrack> = {
  plan: (settings, { range, deviceGroups }) => {
    const deviceIds = geoDeviceIds(settings, deviceGroups);
    return planWhenValid(monitorValidity('geo', settings, { ...SETTINGS_ONLY, range, selectedDeviceCount: deviceIds?.length ?? 0 }), () =>
      geoRequest(deviceIds, range),
    );
  },
  fetch: fetchGeoTrack,
};

import { MAP_DEFAULTS } from '@gearwatch/contracts';
import type { DeviceStatusEntry } from '@gearwatch/contracts';
import type { MapPoint } from '../../../components/map/points.ts';

/** A device with a known position: the ones that get a marker. */
export type PositionedEntry = DeviceStatusEntry & { position: NonNullable<DeviceStatusEntry['position']> };

export function isPositioned(entry: DeviceStatusEntry): entry is PositionedEntry {
  return entry.position !== null;
}

/** The accuracy circle's radius in metres (spec 02 §9: capped as in the geo monitor), or null for no circle. */
export function accuracyRadiusM(acc: number | null): number | null {
  if (acc === null || !(acc > 0)) return null;
  return Math.min(acc, MAP_DEFAULTS.accuracyCircleMaxM);
}

/**
 * What the view is fitted to, and when: the key names the devices with a position, so the view fits again when the
 * search or group brings other devices, not when a refresh moves one (the user may be looking somewhere).
 */
export function fitTarget(entries: readonly PositionedEntry[]): { key: string; points: MapPoint[] } {
  return { key: entries.map((entry) => entry.device.id).join(','), points: entries.map((entry) => ({ lat: entry.position.lat, lon: entry.position.lon })) };
}

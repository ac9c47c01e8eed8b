import { MAP_DEFAULTS } from '@gearwatch/contracts';

/** One position of the track, its time read into epoch milliseconds. */
export interface GeoPosition {
  ms: number;
  lat: number;
  lon: number;
  /** Accuracy radius in metres; null when the module did not say. */
  acc: number | null;
}

/**
 * The position in force at `ms`: the last one at or before it (positions ordered by time, as the call answers).
 * Before the first position there is none in force: the device's whereabouts are unknown then, so nothing is
 * shown rather than a position it only reached later.
 */
export function positionAt(track: readonly GeoPosition[], ms: number): GeoPosition | null {
  let low = 0;
  let high = track.length;
  // The first index whose time is after `ms`; the one before it is in force.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((track[middle] as GeoPosition).ms <= ms) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? null : (track[low - 1] as GeoPosition);
}

/** The accuracy circle's radius in metres (spec 02 §9: capped), or null when there is no circle to draw. */
export function accuracyRadiusM(acc: number | null): number | null {
  if (acc === null || !(acc > 0)) return null;
  return Math.min(acc, MAP_DEFAULTS.accuracyCircleMaxM);
}

/** Beyond this many names the map.area.alert list is cut (spec 02 §5). */
const MAX_LISTED_NAMES = 5;
/** A cut list shows this many names, then an ellipsis. */
const CUT_LIST_NAMES = 4;

/** The names of the map.area.alert: all of them, or the first four and an ellipsis when there are more than five. */
export function listedNames(names: readonly string[]): string {
  return names.length > MAX_LISTED_NAMES ? `${names.slice(0, CUT_LIST_NAMES).join(', ')}…` : names.join(', ');
}

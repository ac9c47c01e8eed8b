// The drawing logic of the geopolygon editor, apart from the map so it can be tested on its own. A value is a list of
// [longitude, latitude] corners; a closed ring repeats its first corner last (spec 01 §3 "Geo area"), which is what
// the server accepts. An unclosed drawing is a value too: the server answers it with 'The area has not been closed'.
import type { GeoPolygon } from '@gearwatch/contracts';

export type LonLat = GeoPolygon[number];

/** A ring needs three distinct corners before it can be closed. */
export const MIN_CORNERS = 3;
/** Corners are kept to a micro-degree (about 10 cm): map clicks carry floating-point noise beyond that. */
const PRECISION = 1e6;

const same = (a: LonLat | undefined, b: LonLat | undefined) => a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

export function roundCorner(lon: number, lat: number): LonLat {
  return [Math.round(lon * PRECISION) / PRECISION, Math.round(lat * PRECISION) / PRECISION];
}

/** Whether the points form a closed ring: at least three corners and the first repeated last. */
export function isClosedRing(points: GeoPolygon | null): boolean {
  return points !== null && points.length > MIN_CORNERS && same(points[0], points.at(-1));
}

/** The distinct corners: a closed ring without its repeated first corner. */
export function cornersOf(points: GeoPolygon | null): LonLat[] {
  if (!points) return [];
  return isClosedRing(points) ? points.slice(0, -1) : [...points];
}

/** Closes the ring by repeating the first corner; too few corners, or already closed, leaves it as it is. */
export function closeRing(points: GeoPolygon): GeoPolygon {
  const first = points[0];
  if (!first || isClosedRing(points) || points.length < MIN_CORNERS) return points;
  return [...points, first];
}

/**
 * A click while drawing: on the first corner (or, `onFirstCorner`, close enough to it on the screen) it closes the
 * ring once there are enough corners; elsewhere it adds a corner. A closed ring takes no more corners, and a click
 * on the last corner again (a double click) adds nothing.
 */
export function addCorner(points: GeoPolygon | null, corner: LonLat, onFirstCorner = false): GeoPolygon {
  const current = points ?? [];
  if (isClosedRing(current)) return current;
  if (onFirstCorner || same(current[0], corner)) return current.length >= MIN_CORNERS ? closeRing(current) : current;
  if (same(current.at(-1), corner)) return current;
  return [...current, corner];
}

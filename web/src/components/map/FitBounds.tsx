// <FitBounds points={route} />: inside a map, fits the view to the points, zooming in no further than maxZoom
// (default MAP_DEFAULTS.fitMaxZoom: spec 02 §9, the geo monitor fits to the route at most zoom 14). It fits again
// only when the points change in content (count, first or last point), not on every render, so the user can pan
// and zoom between data changes. No points: the view is left alone.
import { useEffect, useRef } from 'react';
import { latLngBounds } from 'leaflet';
import { useMap } from 'react-leaflet';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { toLatLng } from './points.ts';
import type { MapPoint } from './points.ts';

export interface FitBoundsProps {
  points: readonly MapPoint[];
  maxZoom?: number;
  /** Padding in px kept between the points and the map's edge. */
  padding?: number;
}

const DEFAULT_PADDING_PX = 20;

function signature(points: readonly MapPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  return `${points.length}:${first.lat},${first.lon}:${last.lat},${last.lon}`;
}

export function FitBounds({ points, maxZoom = MAP_DEFAULTS.fitMaxZoom, padding = DEFAULT_PADDING_PX }: FitBoundsProps) {
  const map = useMap();
  // The points are read through a ref and the fit keyed on their signature: a new array holding the same route
  // must not move the view.
  const latest = useRef(points);
  useEffect(() => {
    latest.current = points;
  });
  const key = signature(points);
  useEffect(() => {
    if (key === '') return;
    map.fitBounds(latLngBounds(latest.current.map(toLatLng)), { maxZoom, padding: [padding, padding] });
  }, [map, key, maxZoom, padding]);
  return null;
}

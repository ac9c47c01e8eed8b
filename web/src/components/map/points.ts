// MapPoint: a position as the API and the contracts give it ({lat, lon}); toLatLng turns it into Leaflet's tuple.
import type { LatLngTuple } from 'leaflet';

export interface MapPoint {
  lat: number;
  lon: number;
}

export function toLatLng(point: MapPoint): LatLngTuple {
  return [point.lat, point.lon];
}

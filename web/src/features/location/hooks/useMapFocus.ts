import type { CircleMarker as LeafletCircleMarker, Map as LeafletMap } from 'leaflet';
import { useCallback, useRef } from 'react';
import { MAP_DEFAULTS } from '@gearwatch/contracts';

/** Showing one device zooms in at least this far (the same yard-level view a fit stops at). */
export const FOCUS_ZOOM = MAP_DEFAULTS.fleetFitMaxZoom;

/**
 * Lets the list drive the map: the map's ref, a register for the markers by device id, and `focus(id)`, which
 * centres the map on the device's marker and opens its popup. Leaflet objects are driven directly rather than
 * through state: the view must stay the user's to pan and zoom afterwards.
 */
export function useMapFocus() {
  const mapRef = useRef<LeafletMap>(null);
  const markers = useRef(new Map<number, LeafletCircleMarker>());

  const register = useCallback((id: number, marker: LeafletCircleMarker | null) => {
    if (marker) markers.current.set(id, marker);
    else markers.current.delete(id);
  }, []);

  const focus = useCallback((id: number) => {
    const map = mapRef.current;
    const marker = markers.current.get(id);
    if (!map || !marker) return;
    const zoom = Math.max(map.getZoom(), FOCUS_ZOOM);
    // A zoom animation and the popup's own pan to fit on screen fight each other: jump when zooming, glide otherwise.
    map.setView(marker.getLatLng(), zoom, { animate: zoom === map.getZoom() });
    marker.openPopup();
    // On a phone the list is below the map: bring the map back into sight.
    map.getContainer().scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  return { mapRef, register, focus };
}

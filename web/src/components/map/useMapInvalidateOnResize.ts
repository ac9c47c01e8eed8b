// useMapInvalidateOnResize(): call inside a map (a child of MapContainer; MapView already does). Leaflet measures its
// container once; when the card around the map is expanded, the menu toggles or the window resizes, the map must
// re-measure or it keeps drawing tiles for the old size. It does so RESIZE_DELAY_MS after the size settles
// (spec 02 §4).
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { RESIZE_DELAY_MS } from '@gearwatch/contracts';

export function useMapInvalidateOnResize(): void {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const element = map.getContainer();
    let last = { width: element.clientWidth, height: element.clientHeight };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver((entries) => {
      const rect = entries[entries.length - 1]?.contentRect;
      if (!rect || (rect.width === last.width && rect.height === last.height)) return;
      last = { width: rect.width, height: rect.height };
      clearTimeout(timer);
      timer = setTimeout(() => map.invalidateSize(), RESIZE_DELAY_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [map]);
}

import useMediaQuery from '@mui/material/useMediaQuery';
import type { LeafletEventHandlerFnMap, PathOptions } from 'leaflet';
import { useMemo } from 'react';
import { Polyline } from 'react-leaflet';
import { ANIMATION_MS } from '@gearwatch/contracts';
import { toLatLng } from '../../../../components/map/points.ts';
import type { MapPoint } from '../../../../components/map/points.ts';
import { useDrawProgress } from './useDrawProgress.ts';

export interface AnimatedRouteProps {
  points: readonly MapPoint[];
  color: string;
}

const ROUTE_STYLE_WEIGHT = 3;

// The route's SVG path carries a test id (e2e); Leaflet creates the element only when the layer is added.
const ROUTE_EVENTS: LeafletEventHandlerFnMap = {
  add: (event) => (event.target as { getElement?: () => Element | undefined }).getElement?.()?.setAttribute('data-testid', 'geo-route'),
};

/**
 * The route as an animated path (spec 02 §2 item 6, §9 ANIMATION_MS): drawn from the first position onwards over
 * the animation's length, point by point on animation frames. Mount it anew (a key) to draw it again.
 */
export function AnimatedRoute({ points, color }: AnimatedRouteProps) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const drawn = useDrawProgress(points.length, ANIMATION_MS, !reducedMotion);
  const positions = useMemo(() => points.slice(0, drawn).map(toLatLng), [drawn, points]);
  const style = useMemo<PathOptions>(() => ({ color, weight: ROUTE_STYLE_WEIGHT, opacity: 0.8 }), [color]);
  return <Polyline positions={positions} pathOptions={style} eventHandlers={ROUTE_EVENTS} />;
}

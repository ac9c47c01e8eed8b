import { useTheme } from '@mui/material/styles';
import type { LeafletEventHandlerFnMap, PathOptions } from 'leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker } from 'react-leaflet';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { FitBounds } from '../../../../components/map/FitBounds.tsx';
import { MapView } from '../../../../components/map/MapView.tsx';
import { toLatLng } from '../../../../components/map/points.ts';
import { AnimatedRoute } from './AnimatedRoute.tsx';
import { accuracyRadiusM } from './geo-track.ts';
import type { GeoPosition } from './geo-track.ts';

export interface GeoMapProps {
  /** The whole track (ordered by time); the view fits to it when it changes. */
  track: readonly GeoPosition[];
  /** The position in force at the slider's time, or null (none yet, or no data). */
  position: GeoPosition | null;
  showAccuracy: boolean;
  showRoute: boolean;
  /** Changes on every redraw, so that a shown route is drawn again from its start. */
  drawKey: string;
  height: number;
}

// Leaflet creates a layer's element only when the layer is added: that is where the e2e test id is put on it.
const MARKER_EVENTS: LeafletEventHandlerFnMap = {
  add: (event) => (event.target as { getElement?: () => Element | undefined }).getElement?.()?.setAttribute('data-testid', 'geo-marker'),
};

/** The geo monitor's map (spec 02 §2 item 6): the position marker, its accuracy circle and the route. */
export function GeoMap({ track, position, showAccuracy, showRoute, drawKey, height }: GeoMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const colour = theme.palette.primary.main;
  const markerStyle = useMemo<PathOptions>(
    () => ({ color: theme.palette.common.white, weight: 2, fillColor: colour, fillOpacity: 1 }),
    [colour, theme.palette.common.white],
  );
  const accuracyStyle = useMemo<PathOptions>(() => ({ color: colour, weight: 1, fillColor: colour, fillOpacity: 0.15 }), [colour]);
  const radius = showAccuracy && position ? accuracyRadiusM(position.acc) : null;
  // A new centre array moves the layers: only a new position should.
  const centre = useMemo(() => (position ? toLatLng(position) : null), [position]);
  return (
    <MapView height={height} ariaLabel={t('geo-monitor.map')}>
      <FitBounds points={track} maxZoom={MAP_DEFAULTS.fitMaxZoom} />
      {showRoute && track.length > 0 ? <AnimatedRoute key={drawKey} points={track} color={colour} /> : null}
      {centre && radius !== null ? <Circle center={centre} radius={radius} pathOptions={accuracyStyle} interactive={false} /> : null}
      {centre ? <CircleMarker center={centre} radius={MAP_DEFAULTS.markerRadiusPx} pathOptions={markerStyle} eventHandlers={MARKER_EVENTS} /> : null}
    </MapView>
  );
}

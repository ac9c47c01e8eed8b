// <MapView height={300} ariaLabel={t('…')} ref={mapRef}>{markers, routes, <FitBounds/>}</MapView>
// A Leaflet map with the configured tile service (app config `mapTileUrl`, OpenStreetMap by default on the server;
// an empty URL shows no tiles) and its attribution. It opens centred on MAP_DEFAULTS (Poland, zoom 5) unless given
// `center`/`zoom`; both are initial values only (move the map with FitBounds or the ref afterwards). It re-measures
// itself when its container is resized (useMapInvalidateOnResize). Draw markers with CircleMarker or a divIcon:
// Leaflet's default image icons break under a bundler.
// Leaflet's CSS is imported here, so it ships with the lazily loaded map code, not in the first bundle.
import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import type { Map as LeafletMap } from 'leaflet';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer } from 'react-leaflet';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { useAppConfig } from '../../api/data-areas.ts';
import { toLatLng } from './points.ts';
import type { MapPoint } from './points.ts';
import { useMapInvalidateOnResize } from './useMapInvalidateOnResize.ts';

export interface MapViewProps {
  center?: MapPoint;
  zoom?: number;
  /** Height in px (default 300, spec 02 §9) or any CSS length. */
  height?: number | string;
  ariaLabel?: string;
  children?: ReactNode;
  ref?: Ref<LeafletMap>;
}

const OSM_COPYRIGHT_LINK = '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a>';

function InvalidateOnResize() {
  useMapInvalidateOnResize();
  return null;
}

export function MapView({
  center = MAP_DEFAULTS.centre,
  zoom = MAP_DEFAULTS.zoom,
  height = MAP_DEFAULTS.formMapHeightPx,
  ariaLabel,
  children,
  ref,
}: MapViewProps) {
  const { t } = useTranslation();
  const { mapTileUrl } = useAppConfig();
  return (
    <Box role="region" aria-label={ariaLabel} sx={{ height, width: '100%', '& .leaflet-container': { height: '100%', width: '100%', fontFamily: 'inherit' } }}>
      <MapContainer ref={ref} center={toLatLng(center)} zoom={zoom}>
        {mapTileUrl ? <TileLayer url={mapTileUrl} attribution={t('map.attribution', { osm: OSM_COPYRIGHT_LINK })} /> : null}
        <InvalidateOnResize />
        {children}
      </MapContainer>
    </Box>
  );
}

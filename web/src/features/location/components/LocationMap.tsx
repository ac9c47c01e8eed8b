import { useTheme } from '@mui/material/styles';
import type { CircleMarker as LeafletCircleMarker, LeafletEventHandlerFnMap, Map as LeafletMap, PathOptions } from 'leaflet';
import { useCallback, useMemo, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, Popup, Tooltip as MapTooltip } from 'react-leaflet';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import { FitBounds } from '../../../components/map/FitBounds.tsx';
import { MapView } from '../../../components/map/MapView.tsx';
import { toLatLng } from '../../../components/map/points.ts';
import { DevicePopup } from './DevicePopup.tsx';
import { accuracyRadiusM, fitTarget } from './location-markers.ts';
import type { PositionedEntry } from './location-markers.ts';

export interface LocationMapProps {
  /** The devices with a position. */
  entries: readonly PositionedEntry[];
  now: number;
  onSelect: (id: number) => void;
  register: (id: number, marker: LeafletCircleMarker | null) => void;
  mapRef: Ref<LeafletMap>;
}

interface MarkerStyles {
  marker: PathOptions;
  accuracy: PathOptions;
}

const POPUP_MAX_WIDTH_PX = 340;

interface DeviceMarkerProps {
  entry: PositionedEntry;
  styles: MarkerStyles;
  now: number;
  onSelect: (id: number) => void;
  register: (id: number, marker: LeafletCircleMarker | null) => void;
}

function DeviceMarker({ entry, styles, now, onSelect, register }: DeviceMarkerProps) {
  const id = entry.device.id;
  const { lat, lon, acc } = entry.position;
  // New arrays or handlers would make react-leaflet move or re-bind the layer on every render.
  const centre = useMemo(() => toLatLng({ lat, lon }), [lat, lon]);
  const radius = accuracyRadiusM(acc);
  const ref = useCallback((marker: LeafletCircleMarker | null) => register(id, marker), [id, register]);
  const events = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      // Leaflet creates the marker's element only when it is added: the test ids go on it then (e2e and tests).
      add: (event) => {
        const element = (event.target as { getElement?: () => Element | undefined }).getElement?.();
        element?.setAttribute('data-testid', 'location-marker');
        element?.setAttribute('data-device-id', String(id));
      },
      click: () => onSelect(id),
    }),
    [id, onSelect],
  );
  return (
    <>
      {radius !== null ? <Circle center={centre} radius={radius} pathOptions={styles.accuracy} interactive={false} /> : null}
      <CircleMarker ref={ref} center={centre} radius={MAP_DEFAULTS.markerRadiusPx} pathOptions={styles.marker} eventHandlers={events}>
        <MapTooltip direction="top" offset={[0, -MAP_DEFAULTS.markerRadiusPx]}>
          {entry.device.name}
        </MapTooltip>
        <Popup maxWidth={POPUP_MAX_WIDTH_PX}>
          <DevicePopup entry={entry} now={now} />
        </Popup>
      </CircleMarker>
    </>
  );
}

/**
 * The /location map: one circle marker per device with a position, green when the device is active and grey when
 * not (spec 01 §3 indicator colours), with its accuracy circle; the view fits all markers.
 */
export function LocationMap({ entries, now, onSelect, register, mapRef }: LocationMapProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const white = theme.palette.common.white;
  const active = theme.palette.success.main;
  const inactive = theme.palette.grey[600];
  // Two shared style objects: react-leaflet restyles a layer whenever it is handed a new one.
  const styles = useMemo(() => {
    const of = (colour: string): MarkerStyles => ({
      marker: { color: white, weight: 2, fillColor: colour, fillOpacity: 1 },
      accuracy: { color: colour, weight: 1, fillColor: colour, fillOpacity: 0.15 },
    });
    return { active: of(active), inactive: of(inactive) };
  }, [active, inactive, white]);

  // Fit to the markers when the set of devices changes; the points of that moment are kept so that a refresh
  // moving a device does not pull the view away from where the user is looking.
  const target = fitTarget(entries);
  const [fit, setFit] = useState(target);
  if (fit.key !== target.key) setFit(target);

  // Active devices are drawn last, on top of inactive ones where they overlap.
  const ordered = useMemo(() => [...entries.filter((entry) => !entry.active), ...entries.filter((entry) => entry.active)], [entries]);

  return (
    <MapView ref={mapRef} height="100%" ariaLabel={t('location.map')}>
      <FitBounds points={fit.points} maxZoom={MAP_DEFAULTS.fleetFitMaxZoom} />
      {ordered.map((entry) => (
        <DeviceMarker
          key={entry.device.id}
          entry={entry}
          styles={entry.active ? styles.active : styles.inactive}
          now={now}
          onSelect={onSelect}
          register={register}
        />
      ))}
    </MapView>
  );
}

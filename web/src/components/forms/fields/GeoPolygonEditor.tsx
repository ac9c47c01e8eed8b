import ClearOutlined from '@mui/icons-material/ClearOutlined';
import PentagonOutlined from '@mui/icons-material/PentagonOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeafletMouseEvent, Map as LeafletMap } from 'leaflet';
import { useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polygon, Polyline, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULTS } from '@gearwatch/contracts';
import type { GeoPolygon } from '@gearwatch/contracts';
import { FitBounds } from '../../map/FitBounds.tsx';
import { MapView } from '../../map/MapView.tsx';
import type { MapPoint } from '../../map/points.ts';
import { addCorner, closeRing, cornersOf, isClosedRing, MIN_CORNERS, roundCorner } from './polygon.ts';
import type { LonLat } from './polygon.ts';

export interface GeoPolygonEditorProps {
  value: GeoPolygon | null;
  onChange: (value: GeoPolygon | null) => void;
  disabled?: boolean;
  ariaLabel?: string;
  /** The Leaflet map, for the caller (and the tests) to move or click it. */
  ref?: Ref<LeafletMap>;
}

/** A click this close to the first corner, on the screen, closes the ring: hitting a point exactly is hard. */
const CLOSE_TOLERANCE_PX = 10;
const CORNER_RADIUS_PX = 5;
const FIRST_CORNER_RADIUS_PX = 8;

const toLatLng = ([lon, lat]: LonLat): [number, number] => [lat, lon];
const toMapPoint = ([lon, lat]: LonLat): MapPoint => ({ lat, lon });

function DrawingClicks({ corners, onCorner }: { corners: LonLat[]; onCorner: (corner: LonLat, onFirstCorner: boolean) => void }) {
  const map = useMapEvents({
    click(event: LeafletMouseEvent) {
      const { lat, lng } = event.latlng.wrap();
      const first = corners[0];
      const onFirst =
        first !== undefined &&
        corners.length >= MIN_CORNERS &&
        map.latLngToContainerPoint(toLatLng(first)).distanceTo(map.latLngToContainerPoint(event.latlng)) <= CLOSE_TOLERANCE_PX;
      onCorner(roundCorner(lng, lat), onFirst);
    },
  });
  return null;
}

/**
 * The geopolygon field's map (spec 01 §3 "Geo area"): 300 px high on the default centre, or fitted to the area it
 * opens with. "Draw area" starts a new drawing: each map click adds a corner, a click on the first corner closes the
 * ring; "Clear area" removes it.
 */
export function GeoPolygonEditor({ value, onChange, disabled = false, ariaLabel, ref }: GeoPolygonEditorProps) {
  const { t } = useTranslation();
  const [drawing, setDrawing] = useState(false);
  // Fitted once to the area the form opened with; fitting at every new corner would move the map under the cursor.
  const [opening] = useState(() => cornersOf(value).map(toMapPoint));
  const corners = cornersOf(value);
  const closed = isClosedRing(value);
  const active = drawing && !disabled;

  const place = (corner: LonLat, onFirstCorner: boolean) => {
    const next = addCorner(value, corner, onFirstCorner);
    onChange(next);
    if (isClosedRing(next)) setDrawing(false);
  };
  const closeOnFirstCorner = () => {
    if (!active || corners.length < MIN_CORNERS) return;
    onChange(closeRing(value ?? []));
    setDrawing(false);
  };

  return (
    <Box sx={{ position: 'relative', '& .leaflet-container': { cursor: active ? 'crosshair' : undefined } }}>
      <MapView ref={ref} ariaLabel={ariaLabel} height={MAP_DEFAULTS.formMapHeightPx}>
        <FitBounds points={opening} />
        {active ? <DrawingClicks corners={corners} onCorner={place} /> : null}
        {closed ? (
          <Polygon positions={corners.map(toLatLng)} pathOptions={{ weight: 2 }} />
        ) : (
          <>
            {corners.length > 1 ? <Polyline positions={corners.map(toLatLng)} pathOptions={{ weight: 2, dashArray: '6 4' }} /> : null}
            {corners.map((corner, index) => {
              const first = index === 0 && corners.length >= MIN_CORNERS;
              return (
                <CircleMarker
                  // Keyed on being the closing corner too: Leaflet sets a path's class only when it creates it.
                  key={`${index}:${corner[0]},${corner[1]}:${first}`}
                  center={toLatLng(corner)}
                  radius={first ? FIRST_CORNER_RADIUS_PX : CORNER_RADIUS_PX}
                  // The first corner's click closes the ring; it must not also reach the map as a new corner.
                  bubblingMouseEvents={false}
                  className={first ? 'geopolygon-first-corner' : 'geopolygon-corner'}
                  pathOptions={{ weight: 2, fillOpacity: first ? 0.9 : 0.6 }}
                  eventHandlers={first ? { click: closeOnFirstCorner } : {}}
                />
              );
            })}
          </>
        )}
      </MapView>
      <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 10, right: 10, zIndex: 1000 }}>
        <Button
          size="small"
          variant={active ? 'contained' : 'outlined'}
          sx={{ bgcolor: active ? undefined : 'background.paper' }}
          startIcon={<PentagonOutlined />}
          disabled={disabled}
          aria-pressed={active}
          data-testid="area-create"
          onClick={() => {
            // A new drawing replaces the area: the ring is drawn from its first corner again.
            onChange([]);
            setDrawing(true);
          }}
        >
          {t('form.geopolygon.area-create')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          sx={{ bgcolor: 'background.paper' }}
          startIcon={<ClearOutlined />}
          disabled={disabled || corners.length === 0}
          data-testid="area-clear"
          onClick={() => {
            onChange(null);
            setDrawing(false);
          }}
        >
          {t('form.geopolygon.clear')}
        </Button>
      </Stack>
      {active ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('form.geopolygon.drawing-hint')}
        </Typography>
      ) : null}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULTS, MONITOR_MESSAGE_KEYS } from '@gearwatch/contracts';
import { useDevices } from '../../../../api/data-areas.ts';
import { formatDateTime, formatRelativeTime } from '../../../../components/dates/format.ts';
import { useLastPosition } from '../../api/last-position.ts';
import { useDeviceGroups } from '../../api/model.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useMonitorFrame } from '../frame-context.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { geoData, geoDeviceIds } from './geo-request.ts';
import { sliderBounds, snapUp } from './geo-time.ts';
import type { SliderBounds } from './geo-time.ts';
import { listedNames, positionAt } from './geo-track.ts';
import type { GeoPosition } from './geo-track.ts';
import { GeoMap } from './GeoMap.tsx';
import { GeoSettingsPanel } from './GeoSettingsPanel.tsx';
import { GeoTimeControls } from './GeoTimeControls.tsx';

const KIND = 'geo';
const NO_POSITIONS: readonly GeoPosition[] = [];
/** An expanded monitor has the room for a taller map than the spec's default. */
const EXPANDED_MAP_HEIGHT_PX = 450;

/** The slider's own choice, valid only for the track and the bounds it was made on. */
interface SliderChoice {
  track: readonly GeoPosition[];
  bounds: SliderBounds;
  value: number;
}

/**
 * The geo monitor (spec 02 §2 item 6): where the first selected device was at the slider's time over the chosen
 * days, with its accuracy circle and, on demand, its route drawn as an animated path.
 */
export function GeoMonitor({ settings, update, range, setRange, today, timezone }: MonitorProps<'geo'>) {
  const { t, i18n } = useTranslation();
  const frame = useMonitorFrame();
  const devices = useDevices();
  const groups = useDeviceGroups();

  const { byGroups, devices: chosenDevices, deviceGroups } = settings;
  const deviceIds = useMemo(
    () => geoDeviceIds({ byGroups, devices: chosenDevices, deviceGroups }, groups.data),
    [byGroups, chosenDevices, deviceGroups, groups.data],
  );
  const { validity, request } = useMemo(() => geoData.plan(settings, { range, deviceGroups: groups.data }), [groups.data, range, settings]);
  // Groups chosen whose devices are none leave no device to ask for: said as for no device chosen.
  const warning = validity.warning ?? (validity.valid && deviceIds?.length === 0 ? MONITOR_MESSAGE_KEYS.geoNoDevices : null);
  const query = useMonitorQuery(KIND, request, geoData.fetch);
  const data = request ? query.data : undefined;
  const track = data?.positions ?? NO_POSITIONS;
  const deviceName = data ? (devices.data?.find((device) => device.id === data.device)?.name ?? `#${data.device}`) : '';

  const bounds = useMemo(() => sliderBounds(range, timezone), [range, timezone]);
  const [choice, setChoice] = useState<SliderChoice | null>(null);
  // A new track or new days start the slider at the last position, which the marker then shows.
  const last = track[track.length - 1];
  const sliderValue = choice && choice.track === track && choice.bounds === bounds ? choice.value : last ? snapUp(last.ms, bounds) : bounds.min;
  const position = useMemo(() => positionAt(track, sliderValue), [sliderValue, track]);

  // Spec 02 §4: every redraw (each answer, even an unchanged one) turns the route off.
  const drawKey = request ? `${request.device}|${request.from}|${request.to}|${query.dataUpdatedAt}` : '';
  const [routeChoice, setRouteChoice] = useState({ key: '', on: false });
  const routeDisabled = request === null || track.length === 0;
  const route = !routeDisabled && routeChoice.key === drawKey && routeChoice.on;

  const format = useCallback((ms: number) => formatDateTime(ms, { language: i18n.language, timeZone: timezone }), [i18n.language, timezone]);
  const noData = data !== undefined && track.length === 0;
  // Days without a position of the device fall back to where it was last seen, with its age (issue 32 item 18):
  // a board opened at night or after a weekend still shows the device on the map.
  const lastSeen = useLastPosition(noData && request ? request.device : null);
  const fallback = noData ? (lastSeen.data ?? null) : null;
  const noPosition = noData && !lastSeen.isPending && fallback === null;
  // Spec 02 §5 map.area.alert: the devices without position data, of those asked about (only the first one is).
  const withoutPositions = noPosition ? [deviceName] : [];

  return (
    <MonitorFrame
      warning={warning}
      query={query}
      error={query.error ?? groups.error}
      settings={
        <GeoSettingsPanel
          settings={settings}
          range={range}
          today={today}
          onSelectionChange={update}
          onRangeChange={setRange}
          onAccuracyChange={(agps) => update({ agps })}
        />
      }
    >
      {withoutPositions.length > 0 ? (
        <Alert severity="info" data-testid="geo-area-alert" sx={{ mb: 1 }}>
          {t('map.area.alert', { devices: listedNames(withoutPositions) })}
        </Alert>
      ) : null}
      {data?.stepSeconds ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="geo-thinned" sx={{ px: 1, pb: 0.5 }}>
          {t('geo-monitor.message.thinned', { minutes: data.stepSeconds / 60 })}
        </Typography>
      ) : null}
      {/* Its own stacking context keeps Leaflet's panes under the frame's loading overlay. */}
      <Box sx={{ position: 'relative', isolation: 'isolate' }}>
        <GeoMap
          track={fallback ? [fallback] : track}
          position={fallback ?? position}
          showAccuracy={settings.agps}
          showRoute={route}
          drawKey={drawKey}
          height={frame.expanded && frame.canExpand ? EXPANDED_MAP_HEIGHT_PX : MAP_DEFAULTS.formMapHeightPx}
        />
        {noPosition ? (
          <Box
            sx={{ position: 'absolute', inset: 0, zIndex: 1000, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none', p: 2 }}
          >
            <Typography
              variant="body2"
              data-testid="geo-no-data"
              sx={{ bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 1, boxShadow: 1, textAlign: 'center' }}
            >
              {t('geo-monitor.message.no-location-data', { device: deviceName })}
            </Typography>
          </Box>
        ) : null}
      </Box>
      <GeoTimeControls
        bounds={bounds}
        value={sliderValue}
        onChange={(value) => setChoice({ track, bounds, value })}
        format={format}
        sliderDisabled={track.length === 0}
        route={route}
        onRouteChange={(on) => setRouteChoice({ key: drawKey, on })}
        routeDisabled={routeDisabled}
        routeHint={noData ? t('geo-monitor.message.no-route') : null}
      />
      {fallback ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="geo-last-position" sx={{ px: 1 }}>
          {t('geo-monitor.position.last-known', {
            device: deviceName,
            time: format(fallback.ms),
            age: formatRelativeTime(fallback.ms, lastSeen.dataUpdatedAt, { language: i18n.language }),
          })}
        </Typography>
      ) : null}
      {track.length > 0 ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="geo-position" sx={{ px: 1 }}>
          {position
            ? t('geo-monitor.position.at', { device: deviceName, time: format(position.ms) })
            : t('geo-monitor.position.none-yet', { device: deviceName })}
        </Typography>
      ) : null}
    </MonitorFrame>
  );
}

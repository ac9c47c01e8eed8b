import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { todayIn } from '@gearwatch/contracts';
import type { Sensor } from '@gearwatch/contracts';
import { formatDateTime, formatRelativeTime, formatShortDate } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { INDICATOR_COLOURS } from '../../../components/status/StatusIcons.tsx';

const DOT_PX = 10;

/** The module's company, and the device it is fitted to beneath. */
export function SensorPlaceCell({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <Typography variant="body2" component="span">
        {sensor.company.name}
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary" data-testid="sensor-device">
        {sensor.device?.name ?? t('admin.sensors.no-device')}
      </Typography>
    </Box>
  );
}

/** Online or offline as a green or grey dot and the word, with how long ago the module last called. */
export function SensorStateCell({ sensor, now }: { sensor: Sensor; now: number }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const online = sensor.state === 'online';
  const last = sensor.lastActivity;
  return (
    <Tooltip title={last ? formatDateTime(last, dateFormat) : ''}>
      {/* The word and the time on two lines: the list has many columns to fit. */}
      <Box
        component="span"
        data-testid="sensor-state"
        data-state={sensor.state}
        sx={{ display: 'inline-grid', gridTemplateColumns: 'auto 1fr', alignItems: 'center', columnGap: 0.75, whiteSpace: 'nowrap' }}
      >
        <Box component="span" aria-hidden sx={{ width: DOT_PX, height: DOT_PX, borderRadius: '50%', bgcolor: INDICATOR_COLOURS[online ? 'ok' : 'none'] }} />
        <Typography variant="body2" component="span">
          {t(online ? 'admin.sensors.state.online' : 'admin.sensors.state.offline')}
        </Typography>
        <Typography variant="caption" component="span" color="text.secondary" sx={{ gridColumn: 2 }}>
          {last ? formatRelativeTime(last, now, dateFormat) : t('admin.sensors.never-connected')}
        </Typography>
      </Box>
    </Tooltip>
  );
}

/** About 10 m: enough to tell yards apart, short enough for the list. */
const COORDINATE_DIGITS = 4;

/** The newest position the module sent: its coordinates, and when in the tooltip. */
export function SensorLocationCell({ sensor, now }: { sensor: Sensor; now: number }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const location = sensor.lastLocation;
  if (!location) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.none')}
      </Typography>
    );
  }
  return (
    <Tooltip title={`${formatDateTime(location.time, dateFormat)} (${formatRelativeTime(location.time, now, dateFormat)})`}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {`${location.lat.toFixed(COORDINATE_DIGITS)}, ${location.lon.toFixed(COORDINATE_DIGITS)}`}
      </Typography>
    </Tooltip>
  );
}

/** The warranty's last day; red once it has passed. */
export function WarrantyCell({ sensor, now }: { sensor: Sensor; now: number }) {
  const { t } = useTranslation();
  const { language, timeZone } = useDateFormat();
  if (sensor.warrantyTo === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.none')}
      </Typography>
    );
  }
  const expired = sensor.warrantyTo < todayIn(timeZone, new Date(now));
  return (
    <Typography variant="body2" color={expired ? 'error' : undefined} data-expired={expired} sx={{ whiteSpace: 'nowrap' }}>
      {formatShortDate(sensor.warrantyTo, language)}
    </Typography>
  );
}

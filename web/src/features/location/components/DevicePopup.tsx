import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeviceActivity } from '../../../components/status/DeviceActivity.tsx';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { StatusIcons } from '../../../components/status/StatusIcons.tsx';
import { devicePagePath } from './device-path.ts';
import type { PositionedEntry } from './location-markers.ts';

export interface DevicePopupProps {
  entry: PositionedEntry;
  now: number;
}

/** A marker's popup: the device's name and type, whether it is active, when it was there, its status icons. */
export function DevicePopup({ entry, now }: DevicePopupProps) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const { device, position } = entry;
  return (
    // Leaflet's popup styles give paragraphs wide margins: the text here is in divs and spans.
    <Box data-testid="location-popup" sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, minWidth: 220 }}>
      <Box>
        <Typography variant="subtitle2" component="div">
          {device.name}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary">
          {device.deviceType.name}
        </Typography>
      </Box>
      <DeviceActivity active={entry.active} />
      <Typography variant="caption" component="div">
        {t('location.position-at', { time: formatDateTime(position.time, dateFormat, 'full') })}
        {position.acc !== null && position.acc > 0 ? ` · ${t('location.accuracy', { metres: Math.round(position.acc) })}` : null}
      </Typography>
      <StatusIcons entry={entry} dense now={now} />
      <Link component={RouterLink} to={devicePagePath(device.id)} variant="body2">
        {t('location.open-device')}
      </Link>
    </Box>
  );
}

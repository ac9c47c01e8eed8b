import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INDICATOR_COLOURS } from './StatusIcons.tsx';

export interface DeviceActivityProps {
  /** DeviceStatusEntry.active: worked, was switched on or reported within the last 10 minutes (spec 02 §9). */
  active: boolean;
  /** Only the dot, the word as its accessible name (list rows). */
  dotOnly?: boolean;
}

const DOT_PX = 10;

/** Whether a device is active, as a green or grey dot and the word: the marker colour said for those who cannot see it. */
export function DeviceActivity({ active, dotOnly = false }: DeviceActivityProps) {
  const { t } = useTranslation();
  const label = t(active ? 'status.active' : 'status.inactive');
  const dot = (
    <Box
      component="span"
      role={dotOnly ? 'img' : undefined}
      aria-label={dotOnly ? label : undefined}
      aria-hidden={dotOnly ? undefined : true}
      sx={{ display: 'inline-block', flexShrink: 0, width: DOT_PX, height: DOT_PX, borderRadius: '50%', bgcolor: INDICATOR_COLOURS[active ? 'ok' : 'none'] }}
    />
  );
  if (dotOnly) return dot;
  return (
    <Box component="span" data-testid="device-activity" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {dot}
      <Typography variant="caption" component="span" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

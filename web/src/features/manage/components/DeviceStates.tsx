import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DevicePowerState as PowerState, DeviceStatus } from '@gearwatch/contracts';

/** The technical status (spec 02: operational or damaged), a damaged device in red so it stands out in a list. */
export function DeviceTechnicalStatus({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`device.status.${status}`)}
      color={status === 'damaged' ? 'error' : 'default'}
      variant={status === 'damaged' ? 'filled' : 'outlined'}
    />
  );
}

const POWER_COLOURS: Record<PowerState, 'success' | 'default' | 'warning'> = { on: 'success', off: 'default', pending: 'warning' };

/** The power state (spec 02: on, off, pending). */
export function DevicePowerState({ powerState }: { powerState: PowerState }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`device.power-state.${powerState}`)} color={POWER_COLOURS[powerState]} variant="outlined" />;
}

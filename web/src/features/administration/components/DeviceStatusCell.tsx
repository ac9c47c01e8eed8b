import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DeviceStatus } from '@gearwatch/contracts';

/** A device's technical status (operational or damaged), as the device form's choices name it. */
export function DeviceStatusCell({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === 'damaged' ? 'error' : 'success'} label={t(`device.status.${status}`)} />;
}

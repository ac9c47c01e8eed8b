import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UnknownModule } from '@gearwatch/contracts';
import { formatRelativeTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { useDismissUnknownModule, useUnknownModules } from '../api/unknown-modules.ts';

export interface UnknownModulesPanelProps {
  /** Epoch ms the "5 min ago" texts count from (the list's clock). */
  now: number;
  /** Opens the add form with the device's protocol and serial number filled in. */
  onRegister: (device: UnknownModule) => void;
}

/**
 * "An unknown device tried to connect" above the sensors list: each device that knocked with a serial number (a
 * Teltonika IMEI) no module has, with where from, how often and when last, to register in one step or dismiss.
 * Nothing is shown while there is none.
 */
export function UnknownModulesPanel({ now, onRegister }: UnknownModulesPanelProps) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const unknown = useUnknownModules();
  const dismiss = useDismissUnknownModule();
  const devices = unknown.data ?? [];
  if (devices.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="unknown-modules">
      <AlertTitle>{t('admin.unknown-modules.title', { count: devices.length })}</AlertTitle>
      <Stack spacing={0.5}>
        {devices.map((device) => (
          <Stack
            key={`${device.protocol}:${device.serialNumber}`}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            data-testid="unknown-module"
          >
            <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {device.serialNumber}
            </Typography>
            <Typography variant="body2" component="span">
              {t('admin.unknown-modules.detail', {
                protocol: t(`sensor.protocol.${device.protocol}`),
                address: device.address ?? t('admin.unknown-modules.no-address'),
                count: device.attempts,
                when: formatRelativeTime(device.lastSeen, now, dateFormat),
              })}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => onRegister(device)}>
              {t('admin.unknown-modules.register')}
            </Button>
            <Button size="small" color="inherit" disabled={dismiss.isPending} onClick={() => dismiss.mutate(device)}>
              {t('admin.unknown-modules.dismiss')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

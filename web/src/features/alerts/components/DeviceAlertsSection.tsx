import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDeviceAlarmStats } from '../api/alarms.ts';
import { alertPaths } from '../api/keys.ts';
import { useDeviceRules } from '../api/rules.ts';
import { AlarmStatsChips } from './AlarmStatsChips.tsx';
import { AlertTable } from './AlertTable.tsx';
import { Section } from '../../../components/Section.tsx';

const DEVICE_ALERTS_PAGE = 10;

/**
 * The device page's alerts (spec 01 §2, §7): its unconfirmed alerts by importance, the rules that watch it and its
 * alerts. Offered to the device page by the app's routes, since one feature does not import another.
 */
export function DeviceAlertsSection({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const stats = useDeviceAlarmStats(deviceId);
  const rules = useDeviceRules(deviceId);
  return (
    <Stack spacing={2} data-testid="device-alerts">
      <Section title={t('alert.device.rules')} testId="device-rules" actions={stats.data ? <AlarmStatsChips stats={stats.data} /> : null}>
        <Box sx={{ px: 2, py: 1.5 }}>
          {rules.data && rules.data.length > 0 ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {rules.data.map((rule) => (
                <Chip key={rule.id} label={rule.name} component={RouterLink} to={alertPaths.rule(rule.id)} clickable variant="outlined" />
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {rules.data ? t('alert.device.no-rules') : t('common.loading')}
            </Typography>
          )}
        </Box>
      </Section>
      <Section title={t('alert.device.alerts')} testId="device-alert-list">
        <AlertTable scope={{ device: deviceId }} hide={['device', 'description']} defaultPageSize={DEVICE_ALERTS_PAGE} />
      </Section>
    </Stack>
  );
}

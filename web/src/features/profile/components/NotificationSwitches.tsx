import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSettingKey, NotificationSettings } from '@gearwatch/contracts';

const CHANNELS: NotificationSettingKey[] = ['email', 'app'];
const LEVELS: NotificationSettingKey[] = ['levelInfo', 'levelWarning', 'levelError'];
const OTHERS: NotificationSettingKey[] = ['globalNotifications'];

// The levels carry the alerts' importance names (Info, Warning, Critical), so the switch a user turns off names the
// level the alert lists, rules and mails show: one name everywhere (spec 02: critical, warning, info).
const LABELS: Record<NotificationSettingKey, string> = {
  email: 'profile.notifications.email',
  app: 'profile.notifications.app',
  levelInfo: 'alert-rule.importance.info',
  levelWarning: 'alert-rule.importance.warning',
  levelError: 'alert-rule.importance.error',
  globalNotifications: 'profile.notifications.global',
};

export interface NotificationSwitchesProps {
  value: NotificationSettings;
  onChange: (value: NotificationSettings) => void;
}

/**
 * The notifications object (spec 01 §3): the channels, the alert levels and the notices for everyone. The levels are
 * disabled while both channels are off: nothing would reach the user whatever they chose.
 */
export function NotificationSwitches({ value, onChange }: NotificationSwitchesProps) {
  const { t } = useTranslation();
  const levelsDisabled = !value.email && !value.app;
  const toggle = (key: NotificationSettingKey, disabled = false) => (
    <FormControlLabel
      key={key}
      control={<Switch checked={value[key]} disabled={disabled} onChange={(event) => onChange({ ...value, [key]: event.target.checked })} />}
      label={t(LABELS[key])}
    />
  );
  const group = (title: string, children: ReactNode, help?: string) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <FormGroup>{children}</FormGroup>
      {help ? <FormHelperText>{help}</FormHelperText> : null}
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
      {group(
        t('profile.notifications.channels'),
        CHANNELS.map((key) => toggle(key)),
      )}
      {group(
        t('profile.notifications.levels'),
        LEVELS.map((key) => toggle(key, levelsDisabled)),
        levelsDisabled ? t('profile.notifications.levels-disabled') : undefined,
      )}
      {group(
        t('profile.notifications.other'),
        OTHERS.map((key) => toggle(key)),
      )}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import TourOutlined from '@mui/icons-material/TourOutlined';
import SwitchAccountOutlined from '@mui/icons-material/SwitchAccountOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Logout from '@mui/icons-material/Logout';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@gearwatch/contracts';
import type { CurrentUser } from '@gearwatch/contracts';
import { LanguageFlags } from '../../components/LanguageFlags.tsx';
import { isLanguage } from '../../i18n/locale.ts';
import { useLanguageChoice } from '../language/useLanguageChoice.ts';
import type { ReactNode } from 'react';

export type ProfileAction = 'profile-settings' | 'company-settings' | 'guide' | 'impersonate' | 'stop-impersonating' | 'logout';

export interface ProfileMenuProps {
  anchor: HTMLElement | null;
  user: CurrentUser;
  version: string;
  onClose: () => void;
  onAction: (action: ProfileAction) => void;
}

/**
 * The profile menu of spec 01 §2. Impersonation and the version text only for users with the impersonate extra
 * (spec 01 §6); while impersonating, the way back to one's own account.
 */
export function ProfileMenu({ anchor, user, version, onClose, onAction }: ProfileMenuProps) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const chooseLanguage = useLanguageChoice();
  const canImpersonate = user.extras.impersonate && !user.extras.impersonatedBy;
  const entries: { action: ProfileAction; label: string; icon: ReactNode; shown: boolean }[] = [
    { action: 'profile-settings', label: t('profile.settings'), icon: <PersonOutline fontSize="small" />, shown: true },
    { action: 'company-settings', label: t('profile.company-settings'), icon: <BusinessOutlined fontSize="small" />, shown: true },
    { action: 'guide', label: t('profile.guide'), icon: <TourOutlined fontSize="small" />, shown: true },
    { action: 'impersonate', label: t('profile.impersonate'), icon: <SwitchAccountOutlined fontSize="small" />, shown: canImpersonate },
    {
      action: 'stop-impersonating',
      label: t('profile.stop-impersonating', { name: user.extras.impersonatedBy?.name ?? '' }),
      icon: <UndoOutlined fontSize="small" />,
      shown: Boolean(user.extras.impersonatedBy),
    },
  ];
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ px: 2, py: 1, minWidth: 240 }}>
        <Typography variant="subtitle2">{user.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user.owner.name}
        </Typography>
      </Box>
      <Box sx={{ px: 1, pb: 1 }} role="group" aria-label={t('profile.language')}>
        <LanguageFlags
          languages={LANGUAGES}
          current={isLanguage(i18n.language) ? i18n.language : 'pl'}
          onChange={(language) => void chooseLanguage(language).catch(() => enqueueSnackbar(t('error.generic'), { variant: 'error' }))}
        />
      </Box>
      <Divider />
      {entries
        .filter((entry) => entry.shown)
        .map((entry) => (
          <MenuItem key={entry.action} onClick={() => onAction(entry.action)}>
            <ListItemIcon>{entry.icon}</ListItemIcon>
            <ListItemText>{entry.label}</ListItemText>
          </MenuItem>
        ))}
      <Divider />
      <MenuItem onClick={() => onAction('logout')}>
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('profile.logout')}</ListItemText>
      </MenuItem>
      {user.extras.impersonate ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ px: 2, pt: 1 }}>
          {t('profile.version', { version })}
        </Typography>
      ) : null}
    </Menu>
  );
}

import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import MenuIcon from '@mui/icons-material/Menu';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Brand, CurrentUser } from '@gearwatch/contracts';
import { Logo } from '../../components/Logo.tsx';
import { HOME_PATH } from '../guards.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import type { ProfileAction } from './ProfileMenu.tsx';

function initials(user: CurrentUser): string {
  const letters = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.trim();
  return (letters || user.username.charAt(0)).toUpperCase();
}

export interface AppHeaderProps {
  user: CurrentUser;
  brand: Brand;
  version: string;
  showMenuButton: boolean;
  onMenuClick: () => void;
  onProfileAction: (action: ProfileAction) => void;
  /** What the features put beside the profile button (the notification bell); app/ composes them. */
  actions?: ReactNode;
}

/** The header of the main shell: logo and the profile button whose tooltip names the user (spec 01 §2). */
export function AppHeader({ user, brand, version, showMenuButton, onMenuClick, onProfileAction, actions }: AppHeaderProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {showMenuButton ? (
          <IconButton color="inherit" edge="start" aria-label={t('shell.open-menu')} onClick={onMenuClick}>
            <MenuIcon />
          </IconButton>
        ) : null}
        <Box component={RouterLink} to={HOME_PATH} aria-label={t('nav.dashboard')} sx={{ display: 'inline-flex', textDecoration: 'none' }}>
          <Logo brand={brand} inverted height={30} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        <Tooltip title={user.name}>
          <IconButton
            data-tour="profile"
            aria-label={user.name}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ p: 0.5 }}
          >
            <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.dark', fontSize: 15 }}>
              {initials(user)}
            </Avatar>
          </IconButton>
        </Tooltip>
        <ProfileMenu
          anchor={anchor}
          user={user}
          version={version}
          onClose={() => setAnchor(null)}
          onAction={(action) => {
            setAnchor(null);
            onProfileAction(action);
          }}
        />
      </Toolbar>
    </AppBar>
  );
}

import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '../api/notifications.ts';
import { NotificationCentre } from './NotificationCentre.tsx';

/** The header's bell (issue 17): the unread count as its badge; a click opens the notification centre. */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useUnreadCount().data ?? 0;
  const label = unread > 0 ? t('notifications.open-unread', { count: unread }) : t('notifications.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="notification-bell"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} max={99} color="error" data-testid="notification-badge">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('notifications.title') } }}
      >
        {anchor ? (
          <NotificationCentre
            onOpen={(path) => {
              setAnchor(null);
              void navigate(path);
            }}
          />
        ) : null}
      </Popover>
    </>
  );
}

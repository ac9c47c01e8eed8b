import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AlertImportance, Notification } from '@gearwatch/contracts';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { themeColours } from '../../../components/theme.ts';
import { useMarkRead, useNotificationCentre } from '../api/notifications.ts';

const IMPORTANCE_ICONS: Record<AlertImportance, SvgIconComponent> = { error: ErrorOutline, warning: WarningAmberOutlined, info: InfoOutlined };
const IMPORTANCE_COLOURS: Record<AlertImportance, string> = { error: themeColours.alert, warning: themeColours.warning, info: themeColours.default };

/** The page an alert's notification opens: the alert list showing that alert with its deliveries. */
export const alertLink = (alertId: number) => `/alerts/list?alert=${alertId}`;
/** The page a task reminder opens: the tasks screen (a route; the features do not import each other). */
const TASKS_LINK = '/tasks';

function headline(notification: Notification, t: TFunction): string {
  if (notification.announcement) return notification.announcement.title;
  if (notification.task)
    return t(notification.task.reminder === 'overdue' ? 'notifications.task.overdue' : 'notifications.task.reminder', { name: notification.task.name });
  const alert = notification.alert;
  if (!alert) return '';
  const values = { rule: alert.rule?.name ?? t('notifications.requirement'), device: alert.device.name };
  return notification.kind === 'reminder' ? t('notifications.reminder', values) : t('notifications.alert', values);
}

function Icon({ notification }: { notification: Notification }) {
  if (notification.task) return <NotificationsActiveOutlined fontSize="small" color={notification.task.reminder === 'overdue' ? 'error' : 'primary'} />;
  if (!notification.importance) return <CampaignOutlined color="primary" fontSize="small" />;
  const Glyph = notification.kind === 'reminder' ? NotificationsActiveOutlined : IMPORTANCE_ICONS[notification.importance];
  return <Glyph fontSize="small" sx={{ color: IMPORTANCE_COLOURS[notification.importance] }} />;
}

export interface NotificationCentreProps {
  /** Opens a link of the app (an alert), closing the centre. */
  onOpen: (path: string) => void;
}

/**
 * The notification centre (issue 17): the newest notifications first, the unread ones marked; a click marks one read
 * and opens its alert or task list, or unfolds an announcement to its whole text (the list shows three lines of each);
 * each can be marked read alone, or all at once.
 */
export function NotificationCentre({ onOpen }: NotificationCentreProps) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const centre = useNotificationCentre(true);
  const markRead = useMarkRead();
  const entries = centre.data?.entries ?? [];
  const unread = centre.data?.unread ?? 0;
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate([notification.id]);
    if (notification.announcement) {
      const next = new Set(unfolded);
      if (!next.delete(notification.id)) next.add(notification.id);
      setUnfolded(next);
    } else if (notification.alert) onOpen(alertLink(notification.alert.id));
    // A task reminder opens the tasks the user has to do.
    else if (notification.task) onOpen(TASKS_LINK);
  };

  return (
    <Box sx={{ width: { xs: '100vw', sm: 400 }, maxWidth: '100%' }} data-testid="notification-centre">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('notifications.title')}
        </Typography>
        <Button size="small" startIcon={<DoneAll />} disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate('all')}>
          {t('notifications.mark-all-read')}
        </Button>
      </Box>
      <Divider />
      {centre.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress size={24} aria-label={t('notifications.loading')} />
        </Box>
      ) : centre.isError ? (
        <Typography sx={{ p: 2 }} color="error">
          {t('notifications.load-failed')}
        </Typography>
      ) : entries.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('notifications.empty')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 480, overflowY: 'auto' }}>
          {entries.map((notification) => {
            const isUnread = notification.readAt === null;
            const isUnfolded = unfolded.has(notification.id);
            const details = [
              formatDateTime(notification.alert?.startedAt ?? notification.createdAt, dateFormat),
              notification.announcement?.body ?? null,
              notification.alert && notification.alert.bundled > 0 ? t('notifications.bundled', { count: notification.alert.bundled }) : null,
            ].filter((part): part is string => Boolean(part));
            return (
              <ListItem
                key={notification.id}
                disablePadding
                data-testid="notification"
                data-unread={isUnread ? 'true' : 'false'}
                sx={{ bgcolor: isUnread ? 'action.hover' : undefined, borderLeft: 3, borderColor: isUnread ? 'primary.main' : 'transparent' }}
                secondaryAction={
                  isUnread ? (
                    <Tooltip title={t('notifications.mark-read')}>
                      <IconButton
                        edge="end"
                        size="small"
                        aria-label={t('notifications.mark-read')}
                        disabled={markRead.isPending}
                        onClick={() => markRead.mutate([notification.id])}
                      >
                        <DoneOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null
                }
              >
                <ListItemButton
                  onClick={() => open(notification)}
                  aria-expanded={notification.announcement ? isUnfolded : undefined}
                  sx={{ alignItems: 'flex-start', pr: 6 }}
                >
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
                    <Icon notification={notification} />
                  </ListItemIcon>
                  <ListItemText
                    primary={headline(notification, t)}
                    secondary={details.join(' · ')}
                    slotProps={{
                      primary: { sx: { fontWeight: isUnread ? 600 : 400 } },
                      secondary: {
                        sx: isUnfolded
                          ? { whiteSpace: 'pre-line', overflowWrap: 'anywhere' }
                          : { whiteSpace: 'pre-line', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
                      },
                    }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

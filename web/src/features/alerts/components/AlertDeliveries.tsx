import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alertDeliveriesSchema, alertRowSchema } from '@gearwatch/contracts';
import type { AlertDelivery } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { alertMessage } from '../../../components/alerts/alert-message.ts';
import { Importance } from './Importance.tsx';

/** The search parameter that opens one alert over the list: the notification centre and the mails link to it. */
export const ALERT_PARAM = 'alert';

/** The label of a status (as AlertTable's; not imported from it, which shows this dialog). */
const statusLabel = (status: string) => `alert.status.${status}`;

type Translate = (key: string, values?: Record<string, unknown>) => string;

function mailText(mail: NonNullable<AlertDelivery['mail']>, t: Translate, time: (iso: string | null) => string): string {
  const state =
    mail.state === 'sent'
      ? t('alert.deliveries.mail-sent', { time: time(mail.sentAt) })
      : mail.state === 'failed'
        ? t('alert.deliveries.mail-failed', { error: mail.lastError ?? '—' })
        : t('alert.deliveries.mail-pending');
  return mail.digest ? `${state} ${t('alert.deliveries.mail-digest')}` : state;
}

/**
 * An alert's deliveries (issue 17): for each user told of it and each occurrence (an opening, a reminder), the
 * in-app notification (read or not) and the mail (waiting, sent, failed with the reason; in a digest).
 */
export function AlertDeliveries({ alertId }: { alertId: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const dateFormat = useDateFormat();
  const deliveries = useQuery({
    queryKey: queryKeys.notifications.deliveries(alertId),
    queryFn: async ({ signal }) => alertDeliveriesSchema.parse(await api.get<unknown>(`/api/alerts/${alertId}/deliveries`, undefined, signal)).entries,
  });
  const time = (iso: string | null) => (iso ? formatDateTime(iso, dateFormat) : '—');
  const reminders = (deliveries.data ?? []).some((d) => d.occurrence > 1);
  return (
    <Box data-testid="alert-deliveries">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('alert.deliveries.title')}
      </Typography>
      {deliveries.isPending ? (
        <CircularProgress size={24} aria-label={t('alert.deliveries.loading')} />
      ) : deliveries.isError ? (
        <Alert severity="error">{t('alert.deliveries.load-failed')}</Alert>
      ) : deliveries.data.length === 0 ? (
        <Typography color="text.secondary">{t('alert.deliveries.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('alert.deliveries.user')}</TableCell>
              {reminders ? <TableCell align="right">{t('alert.deliveries.occurrence')}</TableCell> : null}
              <TableCell>{t('alert.deliveries.notified')}</TableCell>
              <TableCell>{t('alert.deliveries.app')}</TableCell>
              <TableCell>{t('alert.deliveries.mail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.data.map((delivery) => (
              <TableRow key={`${delivery.user.id}:${delivery.occurrence}`} data-testid="alert-delivery">
                <TableCell>{delivery.user.name}</TableCell>
                {reminders ? <TableCell align="right">{delivery.occurrence}</TableCell> : null}
                <TableCell>{time(delivery.notifiedAt)}</TableCell>
                <TableCell>
                  {delivery.app === null
                    ? t('alert.deliveries.app-off')
                    : delivery.app.readAt
                      ? t('alert.deliveries.app-read', { time: time(delivery.app.readAt) })
                      : t('alert.deliveries.app-unread')}
                </TableCell>
                <TableCell>
                  {delivery.mail === null ? (
                    t('alert.deliveries.mail-off')
                  ) : (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={delivery.mail.state === 'sent' ? 'success' : delivery.mail.state === 'failed' ? 'error' : 'default'}
                      label={mailText(delivery.mail, t, time)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** One alert with its deliveries, over the alert list when the address names it (`?alert=<id>`). */
export function AlertFromLink() {
  const { t } = useTranslation();
  const api = useApi();
  const dateFormat = useDateFormat();
  const [params, setParams] = useSearchParams();
  const raw = params.get(ALERT_PARAM);
  const alertId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const alert = useQuery({
    queryKey: ['alerts', 'detail', alertId],
    enabled: alertId !== null,
    queryFn: async ({ signal }) => alertRowSchema.parse(await api.get<unknown>(`/api/alerts/${alertId}`, undefined, signal)),
  });
  if (alertId === null) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ALERT_PARAM);
        return next;
      },
      { replace: true },
    );
  const row = alert.data;
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="alert-from-link-title">
      <DialogTitle id="alert-from-link-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {row ? `${row.rule?.name ?? t('alert.source.requirement')} · ${row.device.name}` : t('alert.details.title')}
        </Box>
        <IconButton aria-label={t('common.close')} onClick={close} size="small">
          <CloseOutlined fontSize="small" />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {alert.isPending ? (
          <CircularProgress size={24} aria-label={t('alert.deliveries.loading')} />
        ) : alert.isError || !row ? (
          <Alert severity="warning">{t('alert.details.not-found')}</Alert>
        ) : (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <Importance importance={row.importance} />
              <Typography variant="body2">{t('alert.details.started', { time: formatDateTime(row.createdAt, dateFormat) })}</Typography>
              <Chip size="small" variant="outlined" label={t(statusLabel(row.status))} />
            </Box>
            <Typography>{alertMessage(row.message, t, dateFormat)}</Typography>
            {row.description ? <Typography color="text.secondary">{row.description}</Typography> : null}
            <AlertDeliveries alertId={row.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

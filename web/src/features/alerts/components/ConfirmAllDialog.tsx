import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { AlertListFilter } from '@gearwatch/contracts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { useConfirmAlerts } from '../api/alarms.ts';

export interface ConfirmAllDialogProps {
  open: boolean;
  /** The list's filter: every unconfirmed alert the user sees that matches it is confirmed. */
  filter: AlertListFilter;
  onClose: () => void;
}

/** Asks before `PATCH /api/alerts/confirm?filter=` confirms every unconfirmed alert the list's filter matches. */
export function ConfirmAllDialog({ open, filter, onClose }: ConfirmAllDialogProps) {
  const { t } = useTranslation();
  const confirm = useConfirmAlerts();
  const notify = useNotify();
  const submit = () =>
    confirm.mutate(
      { filter },
      {
        onSuccess: (count) => {
          notify.success('alert.confirmed', { count });
          onClose();
        },
        onError: (error) => notify.failure(error, 'alert.confirm-failed'),
      },
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: LAYOUT.dialogDeleteWidthPx } } }}>
      <DialogTitle>{t('alert.confirm-all')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('alert.confirm-all.question')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={confirm.isPending} onClick={submit}>
          {t('alert.confirm-all')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

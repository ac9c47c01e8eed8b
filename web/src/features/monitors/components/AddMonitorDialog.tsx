import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { MonitorKind } from '@gearwatch/contracts';
import { AddMonitorTiles } from './AddMonitorTiles.tsx';

export interface AddMonitorDialogProps {
  open: boolean;
  kinds: readonly MonitorKind[];
  onAdd: (kind: MonitorKind) => void;
  onClose: () => void;
}

/** The add-monitor tiles in a dialog, opened from the page actions when the board already has monitors. */
export function AddMonitorDialog({ open, kinds, onAdd, onClose }: AddMonitorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: LAYOUT.dialogSettingsWidthPx } } }}>
      <DialogTitle>{t('monitor.add')}</DialogTitle>
      <DialogContent>
        <AddMonitorTiles
          kinds={kinds}
          onAdd={(kind) => {
            onAdd(kind);
            onClose();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import { EmptyState } from '../../components/EmptyState.tsx';

/** Profile-menu entries whose dialogs later work delivers open the shared empty state. */
export function UpcomingDialog({ title, onClose }: { title: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={title !== null} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: LAYOUT.dialogSettingsWidthPx } } }}>
      <DialogContent>
        <EmptyState icon={<ConstructionOutlined />} title={title ?? ''} message={t('upcoming.message')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

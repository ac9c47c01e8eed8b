import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { MonitorKind } from '@gearwatch/contracts';
import { MonitorAction } from '../MonitorFrame.tsx';

/**
 * The guide of a dashboard summary widget (spec 02 "Each has a settings dialog and a guide"): a title-bar action that
 * opens a short help text, `summary.guide.<kind>`, in a dialog.
 */
export function SummaryGuide({ kind }: { kind: MonitorKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MonitorAction name="guide" label={t('summary.action.guide')} icon={<HelpOutlineOutlined fontSize="small" />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`summary-guide-${kind}`} maxWidth="sm" fullWidth data-testid="monitor-guide">
        <DialogTitle id={`summary-guide-${kind}`}>{t(MONITOR_TITLE_KEYS[kind])}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" data-testid="summary-guide" sx={{ whiteSpace: 'pre-line' }}>
            {t(`summary.guide.${kind}`)}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

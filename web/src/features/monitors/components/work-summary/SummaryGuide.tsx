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

/** The translation key of a summary widget's guide text. */
export function guideKey(kind: MonitorKind): string {
  return `work-summaries.guide.${kind}`;
}

/** The guide of a summary widget (spec 02 "each has ... a guide"): an action in its title bar opening a short help text. */
export function SummaryGuide({ kind }: { kind: MonitorKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <MonitorAction name="guide" label={t('work-summaries.guide.action')} icon={<HelpOutlineOutlined fontSize="small" />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`guide-${kind}`} data-testid="monitor-guide">
        <DialogTitle id={`guide-${kind}`}>{t(MONITOR_TITLE_KEYS[kind])}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {t(guideKey(kind))}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

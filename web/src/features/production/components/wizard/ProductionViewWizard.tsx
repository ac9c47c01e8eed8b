import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { ProductionView } from '@gearwatch/contracts';
import { useScreenSize } from '../../../../hooks/useScreenSize.ts';
import { useProductionView } from '../../api/views.ts';
import { useViewWizard } from '../../hooks/useViewWizard.ts';
import { WIZARD_STEPS } from '../../hooks/wizard-rules.ts';
import { FinishStep } from './FinishStep.tsx';
import { LinesStep } from './LinesStep.tsx';
import { ViewStep } from './ViewStep.tsx';

export interface ProductionViewWizardProps {
  open: boolean;
  onClose: () => void;
  /** The view to edit, or null for a new one. */
  editId?: number | null;
}

/**
 * The production view wizard (spec 01 §2): a dialog 65 % wide (full screen on phones), three steps (view type and
 * name; the two lines; reset hours and the logo), Next, Back and Send. Edit opens it filled with the view (PUT).
 */
export function ProductionViewWizard({ open, onClose, editId = null }: ProductionViewWizardProps) {
  const { t } = useTranslation();
  const { isMobile } = useScreenSize();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: isMobile ? undefined : { width: `${LAYOUT.dialogSupportWidthPercent}%`, minWidth: 600 } } }}
      aria-labelledby="production-wizard-title"
    >
      <DialogTitle id="production-wizard-title">{t(editId === null ? 'production.wizard.title-new' : 'production.wizard.title-edit')}</DialogTitle>
      {/* Mounted only while open: every opening starts from a fresh form. */}
      {open ? editId === null ? <WizardBody view={null} onClose={onClose} /> : <EditBody id={editId} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditBody({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const view = useProductionView(id);
  if (view.data) return <WizardBody view={view.data} onClose={onClose} />;
  return (
    <>
      <DialogContent>
        {view.isError ? (
          <Alert severity="error">{t('form.message.load-failed')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </>
  );
}

function WizardBody({ view, onClose }: { view: ProductionView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const wizard = useViewWizard({ view, onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.next();
  };
  const bodies = [ViewStep, LinesStep, FinishStep];
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} data-step={wizard.current}>
      {wizard.busy ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <DialogContent>
        <Stepper nonLinear activeStep={wizard.step} alternativeLabel sx={{ mb: 3 }}>
          {WIZARD_STEPS.map((name, index) => (
            <Step key={name} completed={index !== wizard.step && index < Math.max(wizard.reached, wizard.step)}>
              <StepButton disabled={index > wizard.reached || wizard.busy} onClick={() => wizard.goTo(index)}>
                {t(`production.wizard.step.${name}`)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {/* Every reached step stays mounted, so going back shows what was entered there. */}
        {bodies.map((Body, index) => (
          <Box key={WIZARD_STEPS[index]} hidden={index !== wizard.step} data-testid={`wizard-step-${WIZARD_STEPS[index]}`}>
            {index <= wizard.reached || index === wizard.step ? <Body wizard={wizard} /> : null}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Box sx={{ flex: 1 }} />
        {wizard.step > 0 ? (
          <Button onClick={wizard.back} disabled={wizard.busy}>
            {t('production.wizard.back')}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={wizard.busy}>
          {t(wizard.last ? 'production.wizard.send' : 'production.wizard.next')}
        </Button>
      </DialogActions>
    </Box>
  );
}

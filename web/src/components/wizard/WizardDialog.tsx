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
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenSize } from '../../hooks/useScreenSize.ts';
import type { WizardSteps } from './useWizardSteps.ts';
import { DiscardEntriesDialog, useCloseGuardState, useWizardCloseGuard, WizardCloseProvider } from './WizardCloseGuard.tsx';

// The one frame of the client's wizards (spec 01 §2: alert rules, reports, production views): a dialog of a share of
// the screen's width, full screen on phones; a header of the steps; the steps' bodies; Cancel, Back and Continue or
// Finish. A feature gives its steps and its rules (useWizardSteps and its own hook), never its own frame. Esc with a
// picker or a menu open closes only that (they stop the key); Esc, a click beside the dialog or Cancel in a wizard
// that holds entries (WizardFrame's `dirty`) first asks whether to discard them (WizardCloseGuard.tsx).

export interface WizardDialogProps {
  open: boolean;
  onClose: () => void;
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: string;
  /** Percent of the screen's width on a larger screen (contracts LAYOUT). */
  widthPercent: number;
  minWidth?: number;
  /** The wizard's body, mounted only while open: every opening starts from a fresh form. */
  children: () => ReactNode;
}

export function WizardDialog({ open, onClose, titleId, title, widthPercent, minWidth, children }: WizardDialogProps) {
  const { isMobile } = useScreenSize();
  const close = useCloseGuardState(onClose, open);
  return (
    <Dialog
      open={open}
      onClose={close.guard.requestClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: isMobile ? undefined : { width: `${widthPercent}%`, ...(minWidth === undefined ? {} : { minWidth }) } } }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <WizardCloseProvider guard={close.guard}>{open ? children() : null}</WizardCloseProvider>
      <DiscardEntriesDialog open={close.asking} onKeep={close.keep} onDiscard={close.discard} />
    </Dialog>
  );
}

/** The body while the thing edited loads, or the message that it could not be. */
export function WizardLoading({ failed, onClose }: { failed: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        {failed ? (
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

export interface WizardFrameProps {
  /** The steps' names (data-step, test ids) with their headers, in order. */
  steps: readonly { name: string; label: string }[];
  wizard: Pick<WizardSteps, 'step' | 'reached' | 'busy' | 'last' | 'goTo' | 'back'>;
  /** Each step's body; a step is mounted once reached and stays so, so going back shows what was entered there. */
  bodies: readonly (() => ReactNode)[];
  /** Continue, or Finish on the last step. */
  onNext: () => void;
  onClose: () => void;
  labels: { next: string; finish: string; back?: string };
  /** Whether a step shows as done; by default every reached step but the open one. */
  completed?: (index: number) => boolean;
  /** Continue stays off until the step is complete, for wizards that say so before it is pressed. */
  ready?: boolean;
  /** The wizard holds entries: closing it asks first. */
  dirty?: boolean;
}

export function WizardFrame({ steps, wizard, bodies, onNext, onClose, labels, completed, ready = true, dirty = false }: WizardFrameProps) {
  const { t } = useTranslation();
  const guard = useWizardCloseGuard(dirty);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  const done = completed ?? ((index: number) => index !== wizard.step && index < Math.max(wizard.reached, wizard.step));
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} data-step={steps[wizard.step]?.name}>
      {wizard.busy ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <DialogContent>
        <Stepper nonLinear activeStep={wizard.step} alternativeLabel sx={{ mb: 3 }}>
          {steps.map(({ name, label }, index) => (
            <Step key={name} completed={done(index)}>
              <StepButton disabled={index > wizard.reached || wizard.busy} onClick={() => wizard.goTo(index)}>
                {label}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {steps.map(({ name }, index) => (
          <Box key={name} hidden={index !== wizard.step} data-testid={`wizard-step-${name}`}>
            {index <= wizard.reached || index === wizard.step ? bodies[index]?.() : null}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={guard?.requestClose ?? onClose}>{t('common.cancel')}</Button>
        <Box sx={{ flex: 1 }} />
        {labels.back !== undefined && wizard.step > 0 ? (
          <Button onClick={wizard.back} disabled={wizard.busy}>
            {labels.back}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={wizard.busy || !ready}>
          {wizard.last ? labels.finish : labels.next}
        </Button>
      </DialogActions>
    </Box>
  );
}

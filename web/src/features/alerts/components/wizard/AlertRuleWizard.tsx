import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { useScreenSize } from '../../../../hooks/useScreenSize.ts';
import { useRuleWizard, WIZARD_STEPS } from '../../hooks/useRuleWizard.ts';
import { ConditionStep, RuleStep, TargetsStep, UsersStep } from './WizardSteps.tsx';

export interface AlertRuleWizardProps {
  open: boolean;
  onClose: () => void;
}

/** The alert-rule wizard (spec 01 §2): half-width dialog, full screen on mobile, four steps, Continue and Finish. */
export function AlertRuleWizard({ open, onClose }: AlertRuleWizardProps) {
  const { t } = useTranslation();
  const { isMobile } = useScreenSize();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: isMobile ? undefined : { width: `${LAYOUT.dialogHalfWidthPercent}%` } } }}
      aria-labelledby="alert-rule-wizard-title"
    >
      <DialogTitle id="alert-rule-wizard-title">{t('alert-rule.add')}</DialogTitle>
      {/* Mounted only while open: every opening starts a new rule from a fresh form. */}
      {open ? <WizardBody onClose={onClose} /> : null}
    </Dialog>
  );
}

function WizardBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const wizard = useRuleWizard(onClose);
  const last = wizard.step === WIZARD_STEPS.length - 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.next();
  };
  // Every step stays mounted, so going back to one shows what was entered there.
  const bodies = [RuleStep, TargetsStep, ConditionStep, UsersStep];
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} data-step={WIZARD_STEPS[wizard.step]}>
      {wizard.busy ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <DialogContent>
        <Stepper nonLinear activeStep={wizard.step} alternativeLabel sx={{ mb: 3 }}>
          {WIZARD_STEPS.map((name, index) => (
            <Step key={name} completed={wizard.submitted[index] === true && index !== wizard.step}>
              <StepButton disabled={index > wizard.reached || wizard.busy} onClick={() => wizard.goTo(index)}>
                {t(`alert-rule.wizard.step.${name}`)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {bodies.map((Body, index) => (
          <Box key={WIZARD_STEPS[index]} hidden={index !== wizard.step} data-testid={`wizard-step-${WIZARD_STEPS[index]}`}>
            {index <= wizard.reached ? <Body wizard={wizard} /> : null}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={wizard.busy}>
          {t(last ? 'alert-rule.wizard.finish' : 'alert-rule.wizard.continue')}
        </Button>
      </DialogActions>
    </Box>
  );
}

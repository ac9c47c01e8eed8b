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
import type { ReportConfiguration, ReportType } from '@gearwatch/contracts';
import { useScreenSize } from '../../../hooks/useScreenSize.ts';
import { useReportConfiguration } from '../api/configurations.ts';
import { FrequencyStep } from './FrequencyStep.tsx';
import { ParametersStep } from './ParametersStep.tsx';
import { RecipientsStep } from './RecipientsStep.tsx';
import { TypeStep } from './TypeStep.tsx';
import { useReportWizard } from './useReportWizard.ts';
import { WIZARD_STEPS } from './wizard-rules.ts';

export interface ReportWizardProps {
  open: boolean;
  onClose: () => void;
  /** The configuration to edit, or null for a new report. */
  editId?: number | null;
  /** A new report's type chosen beforehand (`/reports-list?new={type}`). */
  initialType?: ReportType | null;
}

/**
 * The report wizard (spec 01 §2, issue 18): half-width dialog, full screen on phones, four steps (type, parameters,
 * recipients, frequency and format), Back, Continue and Finish. Edit opens it filled with the configuration (PUT).
 */
export function ReportWizard({ open, onClose, editId = null, initialType = null }: ReportWizardProps) {
  const { t } = useTranslation();
  const { isMobile } = useScreenSize();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: isMobile ? undefined : { width: `${LAYOUT.dialogHalfWidthPercent}%`, minWidth: 560 } } }}
      aria-labelledby="report-wizard-title"
    >
      <DialogTitle id="report-wizard-title">{t(editId === null ? 'report.wizard.title-new' : 'report.wizard.title-edit')}</DialogTitle>
      {/* Mounted only while open: every opening starts from a fresh form. */}
      {open ? (
        editId === null ? (
          <WizardBody configuration={null} initialType={initialType} onClose={onClose} />
        ) : (
          <EditBody id={editId} onClose={onClose} />
        )
      ) : null}
    </Dialog>
  );
}

function EditBody({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const configuration = useReportConfiguration(id);
  if (configuration.data) return <WizardBody configuration={configuration.data} initialType={null} onClose={onClose} />;
  return (
    <>
      <DialogContent>
        {configuration.isError ? (
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

function WizardBody({
  configuration,
  initialType,
  onClose,
}: {
  configuration: ReportConfiguration | null;
  initialType: ReportType | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const wizard = useReportWizard({ configuration, initialType, onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.next();
  };
  const bodies = [TypeStep, ParametersStep, RecipientsStep, FrequencyStep];
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} data-step={wizard.current}>
      {wizard.busy ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <DialogContent>
        <Stepper nonLinear activeStep={wizard.step} alternativeLabel sx={{ mb: 3 }}>
          {WIZARD_STEPS.map((name, index) => (
            <Step key={name} completed={index !== wizard.step && index < Math.max(wizard.reached, wizard.step)}>
              <StepButton disabled={index > wizard.reached || wizard.busy} onClick={() => wizard.goTo(index)}>
                {t(`report.wizard.step.${name}`)}
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
            {t('report.wizard.back')}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={wizard.busy || !wizard.ready}>
          {t(wizard.last ? 'report.wizard.finish' : 'report.wizard.continue')}
        </Button>
      </DialogActions>
    </Box>
  );
}

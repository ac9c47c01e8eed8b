import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { ReportConfiguration, ReportType } from '@gearwatch/contracts';
import { WizardDialog, WizardFrame, WizardLoading } from '../../../components/wizard/WizardDialog.tsx';
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
  return (
    <WizardDialog
      open={open}
      onClose={onClose}
      titleId="report-wizard-title"
      title={t(editId === null ? 'report.wizard.title-new' : 'report.wizard.title-edit')}
      widthPercent={LAYOUT.dialogHalfWidthPercent}
      minWidth={560}
    >
      {() => (editId === null ? <WizardBody configuration={null} initialType={initialType} onClose={onClose} /> : <EditBody id={editId} onClose={onClose} />)}
    </WizardDialog>
  );
}

function EditBody({ id, onClose }: { id: number; onClose: () => void }) {
  const configuration = useReportConfiguration(id);
  if (configuration.data) return <WizardBody configuration={configuration.data} initialType={null} onClose={onClose} />;
  return <WizardLoading failed={configuration.isError} onClose={onClose} />;
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
  const bodies = [TypeStep, ParametersStep, RecipientsStep, FrequencyStep].map((Body) => () => <Body wizard={wizard} />);
  return (
    <WizardFrame
      steps={WIZARD_STEPS.map((name) => ({ name, label: t(`report.wizard.step.${name}`) }))}
      wizard={wizard}
      bodies={bodies}
      onNext={() => void wizard.next()}
      onClose={onClose}
      labels={{ next: t('report.wizard.continue'), finish: t('report.wizard.finish'), back: t('report.wizard.back') }}
      ready={wizard.ready}
      dirty={wizard.dirty}
    />
  );
}

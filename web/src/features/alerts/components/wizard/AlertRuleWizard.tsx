import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import { WizardDialog, WizardFrame } from '../../../../components/wizard/WizardDialog.tsx';
import { useRuleWizard, WIZARD_STEPS } from '../../hooks/useRuleWizard.ts';
import { ConditionStep, RuleStep, TargetsStep, UsersStep } from './WizardSteps.tsx';

export interface AlertRuleWizardProps {
  open: boolean;
  onClose: () => void;
}

/** The alert-rule wizard (spec 01 §2): half-width dialog, full screen on mobile, four steps, Continue and Finish. */
export function AlertRuleWizard({ open, onClose }: AlertRuleWizardProps) {
  const { t } = useTranslation();
  return (
    <WizardDialog open={open} onClose={onClose} titleId="alert-rule-wizard-title" title={t('alert-rule.add')} widthPercent={LAYOUT.dialogHalfWidthPercent}>
      {() => <WizardBody onClose={onClose} />}
    </WizardDialog>
  );
}

function WizardBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const wizard = useRuleWizard(onClose);
  const bodies = [RuleStep, TargetsStep, ConditionStep, UsersStep].map((Body) => () => <Body wizard={wizard} />);
  return (
    <WizardFrame
      steps={WIZARD_STEPS.map((name) => ({ name, label: t(`alert-rule.wizard.step.${name}`) }))}
      wizard={wizard}
      bodies={bodies}
      onNext={() => void wizard.next()}
      onClose={onClose}
      labels={{ next: t('alert-rule.wizard.continue'), finish: t('alert-rule.wizard.finish') }}
      // A step is done once sent; editing it clears that, so Continue sends it again.
      completed={(index) => wizard.submitted[index] === true && index !== wizard.step}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { ProductionView } from '@gearwatch/contracts';
import { WizardDialog, WizardFrame, WizardLoading } from '../../../../components/wizard/WizardDialog.tsx';
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
  return (
    <WizardDialog
      open={open}
      onClose={onClose}
      titleId="production-wizard-title"
      title={t(editId === null ? 'production.wizard.title-new' : 'production.wizard.title-edit')}
      widthPercent={LAYOUT.dialogSupportWidthPercent}
      minWidth={600}
    >
      {() => (editId === null ? <WizardBody view={null} onClose={onClose} /> : <EditBody id={editId} onClose={onClose} />)}
    </WizardDialog>
  );
}

function EditBody({ id, onClose }: { id: number; onClose: () => void }) {
  const view = useProductionView(id);
  if (view.data) return <WizardBody view={view.data} onClose={onClose} />;
  return <WizardLoading failed={view.isError} onClose={onClose} />;
}

function WizardBody({ view, onClose }: { view: ProductionView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const wizard = useViewWizard({ view, onClose });
  const bodies = [ViewStep, LinesStep, FinishStep].map((Body) => () => <Body wizard={wizard} />);
  return (
    <WizardFrame
      steps={WIZARD_STEPS.map((name) => ({ name, label: t(`production.wizard.step.${name}`) }))}
      wizard={wizard}
      bodies={bodies}
      onNext={() => void wizard.next()}
      onClose={onClose}
      labels={{ next: t('production.wizard.next'), finish: t('production.wizard.send'), back: t('production.wizard.back') }}
    />
  );
}

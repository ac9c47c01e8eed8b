import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { deleteDialogOf, formDialogOf } from '../../../hooks/useEntityDialogs.ts';
import type { EntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { ALERT_RESOURCES } from '../api/keys.ts';
import { AlertRuleWizard } from './wizard/AlertRuleWizard.tsx';

export interface RuleDialogsProps {
  dialogs: EntityDialogs;
  onDeleted?: (id: number) => void;
}

/**
 * The dialogs of a rule: add opens the 4-step wizard (spec 01 §2), edit the server's rule form (name, importance,
 * description; the type cannot change), delete one confirmation that says what goes with the rule (its links and
 * conditions) and what stays (its alerts).
 */
export function RuleDialogs({ dialogs, onDeleted }: RuleDialogsProps) {
  const { t } = useTranslation();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  return (
    <>
      <AlertRuleWizard open={form.open && form.id === null} onClose={dialogs.close} />
      <FormDialog open={form.open && form.id !== null} resource={ALERT_RESOURCES.rules} id={form.id} title={t('alert-rule.edit')} onClose={dialogs.close} />
      <DeleteDialog
        open={removal?.open ?? false}
        plural={ALERT_RESOURCES.rules}
        id={removal?.id ?? 0}
        name={removal?.name ?? ''}
        onClose={dialogs.close}
        onDeleted={onDeleted}
        consequence={t('alert-rule.delete.consequence')}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { deleteDialogOf, formDialogOf } from '../../../hooks/useEntityDialogs.ts';
import type { EntityDialogs as Dialogs } from '../../../hooks/useEntityDialogs.ts';

export interface EntityDialogsProps {
  dialogs: Dialogs;
  /** The plural path segment of the resource: its form, its delete. */
  plural: string;
  /** Translation keys of the form dialog's titles. */
  addTitle: string;
  editTitle: string;
  onSaved?: (id: number) => void;
  onDeleted?: (id: number) => void;
}

/** The form dialog (add, edit) and the delete dialog of a resource, driven by useEntityDialogs. */
export function EntityDialogs({ dialogs, plural, addTitle, editTitle, onSaved, onDeleted }: EntityDialogsProps) {
  const { t } = useTranslation();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  return (
    <>
      <FormDialog
        open={form.open}
        resource={plural}
        id={form.id}
        title={t(form.id === null ? addTitle : editTitle)}
        onClose={dialogs.close}
        onSaved={onSaved}
      />
      <DeleteDialog
        open={removal?.open ?? false}
        plural={plural}
        id={removal?.id ?? 0}
        name={removal?.name ?? ''}
        onClose={dialogs.close}
        onDeleted={onDeleted}
      />
    </>
  );
}

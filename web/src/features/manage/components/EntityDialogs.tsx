import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import type { EntityDialogs as Dialogs } from '../hooks/useEntityDialogs.ts';

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
  const { dialog, open, close } = dialogs;
  const editing = dialog?.kind === 'edit' ? dialog.id : null;
  return (
    <>
      <FormDialog
        open={open && (dialog?.kind === 'add' || dialog?.kind === 'edit')}
        resource={plural}
        id={editing}
        title={t(editing === null ? addTitle : editTitle)}
        onClose={close}
        onSaved={onSaved}
      />
      <DeleteDialog
        open={open && dialog?.kind === 'delete'}
        plural={plural}
        id={dialog?.kind === 'delete' ? dialog.id : 0}
        name={dialog?.kind === 'delete' ? dialog.name : ''}
        onClose={close}
        onDeleted={onDeleted}
      />
    </>
  );
}

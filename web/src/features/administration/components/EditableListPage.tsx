import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { AddButton } from './AddButton.tsx';
import { noDependentActions } from './dependents.ts';

export interface EditableListPageProps<T extends { id: number; name: string }> {
  /** The server resource: the list, the add/edit form and the delete all go to /api/<plural>. */
  plural: string;
  columns: readonly EntityColumn<T>[];
  parse: (entry: unknown) => T;
  /**
   * The page's own texts, already translated: the callers spell their keys as t('…') so the locales test sees them.
   * `add` is both the add button and the add dialog's title.
   */
  texts: { add: string; edit: string; empty: string };
}

/**
 * An administration list with nothing but add, edit and delete (subscribers, user groups): sorted by name, no
 * filters. Its rows' blocking dependents have no unassign call on the server, so a refused delete only names them.
 * Pages with filters or their own delete rules (devices, sensors, users, device types) compose the parts themselves.
 */
export function EditableListPage<T extends { id: number; name: string }>({ plural, columns, parse, texts }: EditableListPageProps<T>) {
  const dialogs = useEntityDialogs();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  return (
    <>
      <AddButton label={texts.add} onClick={dialogs.add} />
      <EntityList<T>
        plural={plural}
        columns={columns}
        parse={parse}
        defaultSort="name"
        actions={(row) => <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => dialogs.remove(row.id, row.name)} />}
        empty={{ title: texts.empty }}
      />
      <FormDialog open={form.open} resource={plural} id={form.id} title={form.id === null ? texts.add : texts.edit} onClose={dialogs.close} />
      {removal ? (
        <DeleteDialog open={removal.open} plural={plural} id={removal.id} name={removal.name} onClose={dialogs.close} actionable={noDependentActions} />
      ) : null}
    </>
  );
}

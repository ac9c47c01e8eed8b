import { useCallback, useMemo, useState } from 'react';

/** Which dialog of a list or detail page is shown: the form to add or edit a row, or the delete confirmation. */
export type EntityDialog = { kind: 'add' } | { kind: 'edit'; id: number } | { kind: 'delete'; id: number; name: string };

export interface EntityDialogs {
  /** The last dialog asked for; it stays set while the dialog's closing animation runs, so its title does not flip. */
  dialog: EntityDialog | null;
  open: boolean;
  add: () => void;
  edit: (id: number) => void;
  remove: (id: number, name: string) => void;
  close: () => void;
}

/** The add, edit and delete dialogs of one page (list or detail), one at a time. */
export function useEntityDialogs(): EntityDialogs {
  const [state, setState] = useState<{ dialog: EntityDialog | null; open: boolean }>({ dialog: null, open: false });
  const add = useCallback(() => setState({ dialog: { kind: 'add' }, open: true }), []);
  const edit = useCallback((id: number) => setState({ dialog: { kind: 'edit', id }, open: true }), []);
  const remove = useCallback((id: number, name: string) => setState({ dialog: { kind: 'delete', id, name }, open: true }), []);
  // Stable, because the dialogs' delayed close keeps the callback it was given.
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return useMemo(() => ({ ...state, add, edit, remove, close }), [state, add, edit, remove, close]);
}

/** The form dialog's props: shown for add and edit, `id` null for a new row. */
export function formDialogOf({ dialog, open }: EntityDialogs): { open: boolean; id: number | null } {
  return { open: open && (dialog?.kind === 'add' || dialog?.kind === 'edit'), id: dialog?.kind === 'edit' ? dialog.id : null };
}

/** The delete dialog's props, or null when no delete was asked for last. */
export function deleteDialogOf({ dialog, open }: EntityDialogs): { open: boolean; id: number; name: string } | null {
  return dialog?.kind === 'delete' ? { open, id: dialog.id, name: dialog.name } : null;
}

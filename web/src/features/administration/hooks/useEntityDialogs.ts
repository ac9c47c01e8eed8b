import { useState } from 'react';

interface FormState {
  open: boolean;
  /** The row being edited, null for a new one. Kept while the dialog closes, so its title does not flip. */
  id: number | null;
}

interface DeleteState<T> {
  open: boolean;
  row: T | null;
}

/**
 * The add/edit form and the delete confirmation of a list page. Each dialog keeps its row after closing, so the
 * closing animation still shows what it was about.
 */
export function useEntityDialogs<T>() {
  const [form, setForm] = useState<FormState>({ open: false, id: null });
  const [removal, setRemoval] = useState<DeleteState<T>>({ open: false, row: null });
  return {
    form,
    openAdd: () => setForm({ open: true, id: null }),
    openEdit: (id: number) => setForm({ open: true, id }),
    closeForm: () => setForm((current) => ({ ...current, open: false })),
    removal,
    openDelete: (row: T) => setRemoval({ open: true, row }),
    closeDelete: () => setRemoval((current) => ({ ...current, open: false })),
  };
}

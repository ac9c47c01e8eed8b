import { useCallback, useState } from 'react';

/** The row a duplicate dialog copies, kept while the dialog closes so its text does not change mid-fade. */
export interface DuplicateDialogState {
  open: boolean;
  row: { id: number; name: string } | null;
}

/** Which row a list's duplicate dialog copies: `start` from the row's menu, `close` when it is done or cancelled. */
export function useDuplicateDialog() {
  const [state, setState] = useState<DuplicateDialogState>({ open: false, row: null });
  const start = useCallback((row: { id: number; name: string }) => setState({ open: true, row: { id: row.id, name: row.name } }), []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { state, start, close };
}

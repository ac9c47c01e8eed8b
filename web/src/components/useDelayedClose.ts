import { useCallback, useEffect, useRef } from 'react';
import { LAYOUT } from '@gearwatch/contracts';

/** Dialogs close after the spec's short delay, so the user sees the result of the action first (spec 01 §2). */
export function useDelayedClose(onClose: () => void): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onClose, LAYOUT.dialogCloseDelayMs);
  }, [onClose]);
}

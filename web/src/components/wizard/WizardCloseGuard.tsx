import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// A wizard that holds entries asks before it closes (Esc, a click beside it, Cancel), so a stray Esc never loses what
// was entered; an untouched wizard closes at once. The frame (WizardDialog) owns the question; the body says whether
// it holds entries (WizardFrame's `dirty`).

interface WizardCloseGuard {
  /** The body holds entries that closing would lose. */
  setDirty: (dirty: boolean) => void;
  /** Closes, or first asks when there are entries. */
  requestClose: () => void;
}

const WizardCloseContext = createContext<WizardCloseGuard | null>(null);

/** The guard of the wizard around, or null outside one (a frame used on its own closes at once). */
export function useWizardCloseGuard(dirty: boolean): WizardCloseGuard | null {
  const guard = useContext(WizardCloseContext);
  useEffect(() => {
    guard?.setDirty(dirty);
  }, [guard, dirty]);
  return guard;
}

export function useCloseGuardState(onClose: () => void, open: boolean) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    // Every opening starts with a fresh, untouched body.
    if (!open) {
      dirty.current = false;
      setAsking(false);
    }
  }, [open]);
  const requestClose = useCallback(() => {
    if (dirty.current) setAsking(true);
    else onClose();
  }, [onClose]);
  const guard = useMemo<WizardCloseGuard>(
    () => ({
      setDirty: (value) => {
        dirty.current = value;
      },
      requestClose,
    }),
    [requestClose],
  );
  return { guard, asking, keep: () => setAsking(false), discard: () => (setAsking(false), onClose()) };
}

export function WizardCloseProvider({ guard, children }: { guard: WizardCloseGuard; children: ReactNode }) {
  return <WizardCloseContext.Provider value={guard}>{children}</WizardCloseContext.Provider>;
}

/** "Discard what you entered?": Keep editing (the default, as Esc) or Discard. */
export function DiscardEntriesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby="wizard-discard-title" data-testid="wizard-discard-dialog">
      <DialogTitle id="wizard-discard-title">{t('wizard.discard.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('wizard.discard.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {t('wizard.discard.keep')}
        </Button>
        <Button onClick={onDiscard} color="error" data-testid="wizard-discard-confirm">
          {t('wizard.discard.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

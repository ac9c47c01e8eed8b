import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import { useApi } from '../../api/ApiProvider.tsx';
import { ApiError } from '../../api/errors.ts';
import { useDelayedClose } from '../useDelayedClose.ts';
import { DEPENDENT_ACTION_KEYS, dependentAction, dependentsOf, kindHeadingKey } from './dependents.ts';
import type { Dependents } from './dependents.ts';
import { useNotify } from './useNotify.ts';

export interface DeleteDialogProps {
  open: boolean;
  /** The plural path segment: `devices`, `deviceoperators`, … */
  plural: string;
  id: number;
  /** The row's name, shown in the question and the notifications. */
  name: string;
  onClose: () => void;
  onDeleted?: (id: number) => void;
  /**
   * Whether the server has the action of a kind of dependents for this resource (default: every kind with one).
   * Some resources have no unassign call (a device type's devices, a company's users): those kinds are listed only.
   */
  actionable?: (kind: string) => boolean;
  /** What deleting it also does, said under the question (a rule's links and conditions go with it, its alerts stay). */
  consequence?: string;
}

/** So many names of each kind are listed; the rest are counted. */
const SHOWN_DEPENDENTS = 10;

/**
 * Confirms and performs `DELETE /api/{plural}/{id}` (docs/forms.md "Delete"). A 409 lists the rows that depend on it
 * by kind, each kind with its action (unassign, confirm, remove: `DELETE /api/{plural}/{id}/{kind}`), after which the
 * delete is tried again.
 */
export function DeleteDialog({ open, plural, id, name, onClose, onDeleted, actionable, consequence }: DeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: LAYOUT.dialogDeleteWidthPx } } }}>
      <DialogTitle>{t('delete.title')}</DialogTitle>
      {open ? (
        <DeleteDialogBody plural={plural} id={id} name={name} onClose={onClose} onDeleted={onDeleted} actionable={actionable} consequence={consequence} />
      ) : null}
    </Dialog>
  );
}

type Busy = null | 'delete' | 'deleted' | { kind: string };

function DeleteDialogBody({ plural, id, name, onClose, onDeleted, actionable, consequence }: Omit<DeleteDialogProps, 'open'>) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const closeSoon = useDelayedClose(onClose);
  const [busy, setBusy] = useState<Busy>(null);
  const [dependents, setDependents] = useState<Dependents | null>(null);

  const remove = async () => {
    setBusy('delete');
    try {
      await api.request(`/api/${plural}/${id}`, { method: 'DELETE' });
      setBusy('deleted');
      notify.success('delete.success', { name });
      void queryClient.invalidateQueries({ queryKey: [plural] });
      onDeleted?.(id);
      closeSoon();
    } catch (error) {
      setBusy(null);
      const found = dependentsOf(error);
      if (found) {
        setDependents(found);
      } else if (error instanceof ApiError && error.status === 404) {
        // Someone else deleted it meanwhile (or it was never the caller's): the list is out of date.
        notify.error('delete.error', { name });
        void queryClient.invalidateQueries({ queryKey: [plural] });
        onClose();
      } else {
        notify.failure(error, 'delete.failed');
      }
    }
  };

  const resolve = async (kind: string) => {
    setBusy({ kind });
    try {
      await api.request(`/api/${plural}/${id}/${encodeURIComponent(kind)}`, { method: 'DELETE' });
    } catch (error) {
      setBusy(null);
      notify.failure(error, 'delete.action-failed');
      return;
    }
    await remove();
  };

  const working = busy !== null;
  return (
    <>
      {working && busy !== 'deleted' ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <DialogContent>
        {dependents ? (
          <Stack spacing={2} data-testid="delete-dependents">
            <DialogContentText>{t('delete.dependents.intro', { name })}</DialogContentText>
            {Object.entries(dependents).map(([kind, rows]) => {
              const action = actionable && !actionable(kind) ? null : dependentAction(kind);
              return (
                <Stack key={kind} spacing={0.5} data-testid={`dependents-${kind}`}>
                  <Typography variant="subtitle2" component="h3">
                    {t(kindHeadingKey(kind))}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {rows
                      .slice(0, SHOWN_DEPENDENTS)
                      .map((row) => row.name)
                      .join(', ')}
                    {rows.length > SHOWN_DEPENDENTS ? ` ${t('delete.dependents.more', { more: rows.length - SHOWN_DEPENDENTS })}` : null}
                  </Typography>
                  {action ? (
                    <Button size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }} disabled={working} onClick={() => void resolve(kind)}>
                      {t(DEPENDENT_ACTION_KEYS[action])}
                    </Button>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            <DialogContentText>{t('delete.confirm', { name })}</DialogContentText>
            {consequence ? <DialogContentText data-testid="delete-consequence">{consequence}</DialogContentText> : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        {dependents ? null : (
          <Button color="error" variant="contained" disabled={working} onClick={() => void remove()}>
            {t('delete.submit')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

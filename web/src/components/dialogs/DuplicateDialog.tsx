import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formSubmitResultSchema, LAYOUT } from '@gearwatch/contracts';
import type { DuplicateRequest } from '@gearwatch/contracts';
import { useApi } from '../../api/ApiProvider.tsx';
import { ApiError } from '../../api/errors.ts';
import type { DuplicateDialogState } from '../../hooks/useDuplicateDialog.ts';
import { useDelayedClose } from '../useDelayedClose.ts';
import { useNotify } from './useNotify.ts';

export interface DuplicateDialogProps {
  open: boolean;
  /** The plural path segment: `devices`, `devicetypes`, … */
  plural: string;
  id: number;
  /** The original's name, shown in the question. */
  name: string;
  onClose: () => void;
  onDuplicated?: (id: number) => void;
}

/** The longest name the duplicate call accepts (duplicateRequestSchema). */
const NAME_MAX_LENGTH = 128;

/** Copies a row (`POST /api/{plural}/{id}/duplicate`), under a new name or the server's copy name when left empty. */
export function DuplicateDialog({ open, plural, id, name, onClose, onDuplicated }: DuplicateDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100% - 32px)', md: `${LAYOUT.dialogDefaultWidthPercent}%` } } } }}
    >
      <DialogTitle>{t('duplicate.title')}</DialogTitle>
      {open ? <DuplicateDialogBody plural={plural} id={id} name={name} onClose={onClose} onDuplicated={onDuplicated} /> : null}
    </Dialog>
  );
}

/** A list's duplicate dialog for the row of `useDuplicateDialog`, rendered once a row has been chosen. */
export function RowDuplicateDialog({
  plural,
  duplicate,
  onDuplicated,
}: {
  plural: string;
  duplicate: { state: DuplicateDialogState; close: () => void };
  onDuplicated?: (id: number) => void;
}) {
  const { row, open } = duplicate.state;
  if (!row) return null;
  return <DuplicateDialog open={open} plural={plural} id={row.id} name={row.name} onClose={duplicate.close} onDuplicated={onDuplicated} />;
}

function DuplicateDialogBody({ plural, id, name, onClose, onDuplicated }: Omit<DuplicateDialogProps, 'open'>) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const closeSoon = useDelayedClose(onClose);
  const [newName, setNewName] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state !== 'idle') return;
    setState('sending');
    setErrors([]);
    const request: DuplicateRequest = newName.trim() ? { name: newName.trim() } : {};
    try {
      const response = await api.request<unknown>(`/api/${plural}/${id}/duplicate`, { method: 'POST', json: request });
      const copy = formSubmitResultSchema.parse(response.data);
      setState('done');
      notify.success('duplicate.success');
      void queryClient.invalidateQueries({ queryKey: [plural] });
      onDuplicated?.(copy.id);
      closeSoon();
    } catch (error) {
      setState('idle');
      const validation = error instanceof ApiError ? error.validation : null;
      if (validation) {
        setErrors(validation.errors['name'] ?? []);
        for (const key of validation.rootErrors) notify.error(key);
      } else {
        notify.failure(error, 'duplicate.error');
      }
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('duplicate.intro', { name })}</DialogContentText>
          <TextField
            name="name"
            label={t('duplicate.new-name')}
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            error={errors.length > 0}
            helperText={errors.length > 0 ? errors.map((key) => t(key)).join(' ') : t('duplicate.new-name-help')}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
            autoFocus
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={state !== 'idle'}>
          {t('duplicate.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}

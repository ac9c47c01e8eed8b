import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { FormDefinition, FormValue } from '@gearwatch/contracts';
import { useDelayedClose } from '../useDelayedClose.ts';
import { useNotify } from '../dialogs/useNotify.ts';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormPresets, FormValues } from './form-values.ts';
import { useServerForm } from './useServerForm.ts';

export interface FormDialogProps {
  open: boolean;
  /** The plural path segment: `devices`, `deviceoperators`, … */
  resource: string;
  /** The row to edit, or null for a new one. */
  id: number | null;
  /** The dialog's title, already translated. */
  title: string;
  onClose: () => void;
  /** After the row was saved, with its id; the dialog then closes after the spec's short delay. */
  onSaved?: (id: number) => void;
  /** Values a new row's form starts with (the page's own context, e.g. the device type on screen). */
  presets?: FormPresets;
  /** The fields as shown, when a label follows another field's value (an alert condition's argument and its unit). */
  fieldsOf?: (definition: FormDefinition, values: FormValues) => FormDefinition['schema'];
  /** A page's own tools under some fields, from the values as they are (FormRenderer `addons`). */
  fieldAddons?: (values: FormValues, setValue: (name: string, value: FormValue) => void, disabled: boolean) => Partial<Record<string, ReactNode>>;
}

/**
 * A server-driven form in a dialog (spec 01 §2 generic dialog, 40% wide): loads `new` or `{id}/edit`, saves with
 * Save, closes on Cancel, after saving (with the short delay) or when the form cannot be loaded.
 */
export function FormDialog({ open, resource, id, title, onClose, onSaved, presets, fieldsOf, fieldAddons }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { width: { xs: 'calc(100% - 32px)', md: `${LAYOUT.dialogDefaultWidthPercent}%` } } } }}
    >
      <DialogTitle>{title}</DialogTitle>
      {/* Mounted only while open, so each opening fetches a fresh form (and a fresh token). */}
      {open ? (
        <FormDialogBody resource={resource} id={id} onClose={onClose} onSaved={onSaved} presets={presets} fieldsOf={fieldsOf} fieldAddons={fieldAddons} />
      ) : null}
    </Dialog>
  );
}

function FormDialogBody({
  resource,
  id,
  onClose,
  onSaved,
  presets,
  fieldsOf,
  fieldAddons,
}: Pick<FormDialogProps, 'resource' | 'id' | 'onClose' | 'onSaved' | 'presets' | 'fieldsOf' | 'fieldAddons'>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const closeSoon = useDelayedClose(onClose);
  const saved = useCallback(
    (savedId: number) => {
      notify.success('form.message.saved');
      onSaved?.(savedId);
      closeSoon();
    },
    [closeSoon, notify, onSaved],
  );
  const form = useServerForm(resource, id, { onSaved: saved, onFetchError: onClose, presets });
  const busy = form.status === 'submitting' || form.status === 'submitted' || form.status === 'fetching';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  return (
    // The server checks every rule; the browser's own required/format bubbles would only stop the submit.
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} data-status={form.status}>
      {form.definition && busy ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <DialogContent>
        {form.definition ? (
          <FormRenderer
            schema={fieldsOf ? fieldsOf(form.definition, form.values) : form.definition.schema}
            choices={form.definition.choices}
            values={form.values}
            errors={form.errors}
            onChange={form.setValue}
            disabled={busy}
            addons={fieldAddons?.(form.values, form.setValue, busy)}
          />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={!form.definition || busy}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

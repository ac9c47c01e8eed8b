import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT, MAX_PRODUCTION_SHIFTS, nextShiftTimes, overlappedShift, shiftListErrors } from '@gearwatch/contracts';
import type { ProductionShiftInput } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useDelayedClose } from '../../../components/useDelayedClose.ts';
import { fetchProductionShifts, saveProductionShifts } from '../api/productionShifts.ts';
import { ShiftRow } from './ShiftRow.tsx';

/**
 * Company settings (spec 01 §2, 800 px, from the profile menu): the company's production shifts, in order. A new
 * shift starts where the last ends (or 00:00) and lasts 8 hours, ending by 24:00; at most 4; full hours only. What the
 * server would refuse (a blank name, an empty range, a shift overlapping an earlier one: `shiftListErrors`, the same
 * rule) shows under the fields as the user edits, and Save waits for it to be corrected. Saving replaces the list;
 * while it runs the dialog cannot be closed, so a closed dialog never keeps saving.
 */
export function CompanySettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const closeSoon = useDelayedClose(onClose);
  const saved = useQuery({ queryKey: queryKeys.productionShifts, queryFn: () => fetchProductionShifts(api), enabled: open });
  const [shifts, setShifts] = useState<ProductionShiftInput[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [rootErrors, setRootErrors] = useState<string[]>([]);

  // The form starts from the saved list each time the dialog opens.
  useEffect(() => {
    if (!open) setShifts(null);
    else if (saved.data && shifts === null) setShifts(saved.data.map(({ name, timeStart, timeEnd }) => ({ name, timeStart, timeEnd })));
  }, [open, saved.data, shifts]);

  const mutation = useMutation({
    mutationFn: (list: ProductionShiftInput[]) => saveProductionShifts(api, list),
    onSuccess: (entries) => {
      queryClient.setQueryData(queryKeys.productionShifts, entries);
      enqueueSnackbar(t('shifts.saved'), { variant: 'success' });
      closeSoon();
    },
    onError: (error) => {
      const validation = error instanceof ApiError ? error.validation : null;
      setErrors(validation?.errors ?? {});
      setRootErrors(validation ? validation.rootErrors : ['error.generic']);
    },
  });

  const list = shifts ?? [];
  const problems = useMemo(() => shiftListErrors(shifts ?? []), [shifts]);
  const hasProblems = Object.keys(problems).length > 0;
  const saving = mutation.isPending;
  // Escape, the backdrop and Cancel do nothing while the list is being saved: the save would go on behind them.
  const close = () => {
    if (!saving) onClose();
  };
  const update = (next: ProductionShiftInput[]) => {
    setShifts(next);
    setErrors({});
    setRootErrors([]);
  };
  const add = () => update([...list, { name: t('shifts.default-name', { number: list.length + 1 }), ...nextShiftTimes(list) }]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasProblems || saving) return;
    mutation.mutate(list.map((shift) => ({ ...shift, name: shift.name.trim() })));
  };
  // The server's answer to the last save, else what the list's own rule finds.
  const shown = Object.keys(errors).length ? errors : problems;
  const errorsOf = (index: number) =>
    Object.fromEntries(Object.entries(shown).flatMap(([key, keys]) => (key.startsWith(`${index}.`) ? [[key.slice(String(index).length + 1), keys]] : [])));

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { component: 'form', onSubmit: submit, sx: { width: { xs: 'calc(100% - 32px)', md: LAYOUT.dialogSettingsWidthPx } } } }}
    >
      <DialogTitle>{t('profile.company-settings')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle1" component="h3">
            {t('shifts.title')}
          </Typography>
          <DialogContentText>{t('shifts.intro')}</DialogContentText>
          {saved.isError ? <Alert severity="error">{t('error.generic')}</Alert> : null}
          {shifts === null && !saved.isError ? <CircularProgress size={28} aria-label={t('common.loading')} /> : null}
          {shifts !== null && list.length === 0 ? <Alert severity="info">{t('shifts.none')}</Alert> : null}
          {list.map((shift, index) => (
            <ShiftRow
              key={index}
              index={index}
              shift={shift}
              overlapped={overlappedShift(list, index)}
              disabled={saving}
              errors={errorsOf(index)}
              onChange={(changed) => update(list.map((s, i) => (i === index ? changed : s)))}
              onRemove={() => update(list.filter((_, i) => i !== index))}
            />
          ))}
          {hasProblems && !Object.keys(errors).length ? <Alert severity="warning">{t('shifts.fix-to-save')}</Alert> : null}
          {rootErrors.map((key) => (
            <Alert key={key} severity="error">
              {t(key)}
            </Alert>
          ))}
          <div>
            <Button startIcon={<AddOutlined />} onClick={add} disabled={shifts === null || saving || list.length >= MAX_PRODUCTION_SHIFTS}>
              {t('shifts.add')}
            </Button>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={shifts === null || saving || hasProblems}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {saving ? t('shifts.saving') : t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

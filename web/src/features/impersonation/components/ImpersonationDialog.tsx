import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { queryKeys } from '../../../api/query-keys.ts';
import { searchImpersonationCandidates, startImpersonation } from '../api/impersonation.ts';
import type { ImpersonationCandidate } from '../api/impersonation.ts';

export interface ImpersonationDialogProps {
  open: boolean;
  clientId: string;
  onClose: () => void;
  /** Called once the new session is in place; the app reloads into it (spec 01 §4). */
  onSwitched: () => void;
}

/** The impersonation dialog (spec 01 §2): a searchable user picker, 550 px wide. */
export function ImpersonationDialog({ open, clientId, onClose, onSwitched }: ImpersonationDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ImpersonationCandidate | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const candidates = useQuery({
    queryKey: queryKeys.impersonationUsers(deferredSearch),
    queryFn: ({ signal }) => searchImpersonationCandidates(api, deferredSearch, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const switchUser = useMutation({
    mutationFn: (user: ImpersonationCandidate) => startImpersonation(api, user.id, clientId),
    onSuccess: onSwitched,
    onError: () => enqueueSnackbar(t('impersonate.failed'), { variant: 'error' }),
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: LAYOUT.dialogImpersonationWidthPx } } }}>
      <DialogTitle>{t('impersonate.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('impersonate.intro')}</DialogContentText>
        <Autocomplete
          options={candidates.data ?? []}
          loading={candidates.isFetching}
          value={selected}
          onChange={(_, value) => setSelected(value)}
          inputValue={search}
          onInputChange={(_, value) => setSearch(value)}
          filterOptions={(options) => options}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t('impersonate.no-users')}
          loadingText={t('common.loading')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <div>
                <Typography variant="body2">{option.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {option.username} · {option.company.name}
                </Typography>
              </div>
            </li>
          )}
          renderInput={(params) => <TextField {...params} label={t('impersonate.user')} autoFocus />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!selected || switchUser.isPending} onClick={() => selected && switchUser.mutate(selected)}>
          {t('impersonate.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

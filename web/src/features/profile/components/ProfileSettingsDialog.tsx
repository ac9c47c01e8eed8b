import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, LAYOUT, PROFILE_LIMITS } from '@gearwatch/contracts';
import type { Language, NotificationSettings, Profile } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useDelayedClose } from '../../../components/useDelayedClose.ts';
import { switchLanguage } from '../../../i18n/i18n.ts';
import { fetchProfile, saveProfile } from '../api/profile.ts';
import { AvatarField } from './AvatarField.tsx';
import { NotificationSwitches } from './NotificationSwitches.tsx';
import { PasswordSection } from './PasswordSection.tsx';

interface Draft {
  firstname: string;
  lastname: string;
  avatar: string | null;
  settings: NotificationSettings;
  language: Language;
}

const NAME_FIELDS = [
  { name: 'firstname', label: 'user.field.firstname', autoComplete: 'given-name' },
  { name: 'lastname', label: 'user.field.lastname', autoComplete: 'family-name' },
] as const;

function draftOf(profile: Profile): Draft {
  return {
    firstname: profile.user.firstname,
    lastname: profile.user.lastname,
    avatar: profile.user.avatar,
    settings: profile.settings,
    language: profile.language,
  };
}

function initialsOf(draft: Draft): string {
  return `${draft.firstname.trim().charAt(0)}${draft.lastname.trim().charAt(0)}`.toUpperCase();
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export interface ProfileSettingsDialogProps {
  open: boolean;
  /** In an impersonated session the password is not offered. */
  impersonated: boolean;
  onClose: () => void;
}

/**
 * Profile settings (spec 01 §2, 800 px, from the profile menu; §3, §5, §7): the avatar (png or jpeg), first and
 * last name, the language (the interface's, the mails' and the files': issue 32), and the notification preferences, saved together with `PATCH /users/current/profile`; the server's
 * errors show on their fields. After saving, the current user is loaded again, so the header shows the new name and
 * avatar at once. The password has its own button: it is a separate call.
 */
export function ProfileSettingsDialog({ open, impersonated, onClose }: ProfileSettingsDialogProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const closeSoon = useDelayedClose(onClose);
  // Read fresh each time the dialog opens: the preferences may have changed elsewhere (an unsubscribe link).
  const saved = useQuery({ queryKey: queryKeys.profile, queryFn: ({ signal }) => fetchProfile(api, signal), enabled: open, staleTime: 0 });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [avatarError, setAvatarError] = useState<string | null>(null);

  // The form starts from the saved profile each time the dialog opens.
  useEffect(() => {
    if (!open) {
      setDraft(null);
      setErrors({});
      setAvatarError(null);
    } else if (saved.data && !saved.isFetching && draft === null) setDraft(draftOf(saved.data));
  }, [open, saved.data, saved.isFetching, draft]);

  const mutation = useMutation({
    mutationFn: (value: Draft) =>
      saveProfile(api, {
        user: { firstname: value.firstname.trim(), lastname: value.lastname.trim() },
        settings: value.settings,
        avatar: value.avatar,
        language: value.language,
      }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      // The stored language is the interface's too: the screens follow it at once, as the mails and files will.
      if (profile.language !== i18n.language) await switchLanguage(i18n, profile.language);
      // The header's name and avatar come from the current user: loaded again before the dialog closes.
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser, exact: true });
      // i18n.t, not t: t is bound to the language of the last render, and the language may just have changed.
      enqueueSnackbar(i18n.t('profile.saved'), { variant: 'success' });
      closeSoon();
    },
    onError: (error) => {
      const validation = error instanceof ApiError ? error.validation : null;
      setErrors(validation?.errors ?? {});
      const root = validation ? validation.rootErrors : ['error.generic'];
      for (const key of root) enqueueSnackbar(t(key), { variant: 'error' });
    },
  });

  const update = (changes: Partial<Draft>) => {
    if (!draft) return;
    setDraft({ ...draft, ...changes });
    // A field's error goes once it is edited (`settings.email` with the settings).
    const changed = Object.keys(changes);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !changed.includes(field.split('.')[0] ?? field))));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft && !avatarError) mutation.mutate(draft);
  };
  const errorOf = (field: string) => errors[field]?.[0];
  const languageError = errors.language?.[0];
  const nameField = (field: (typeof NAME_FIELDS)[number]) => {
    const error = errorOf(field.name);
    return (
      <TextField
        key={field.name}
        label={t(field.label)}
        value={draft?.[field.name] ?? ''}
        onChange={(event) => update({ [field.name]: event.target.value })}
        error={Boolean(error)}
        helperText={error ? t(error) : undefined}
        autoComplete={field.autoComplete}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.nameMaxChars } }}
        size="small"
        fullWidth
      />
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      scroll="paper"
      slotProps={{
        paper: { component: 'form', onSubmit: submit, sx: { width: { xs: 'calc(100% - 32px)', md: LAYOUT.dialogSettingsWidthPx }, m: { xs: 2, md: 4 } } },
      }}
    >
      <DialogTitle>{t('profile.settings')}</DialogTitle>
      <DialogContent dividers>
        {saved.isError ? <Alert severity="error">{t('error.generic')}</Alert> : null}
        {draft === null && !saved.isError ? <CircularProgress size={28} aria-label={t('common.loading')} /> : null}
        {draft !== null && saved.data ? (
          <Stack spacing={3} divider={<Divider flexItem />}>
            <Part title={t('profile.section.user')}>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto minmax(0, 1fr)' }, gap: 3, alignItems: 'center' }}>
                <AvatarField
                  value={draft.avatar}
                  initials={initialsOf(draft)}
                  error={avatarError ?? errorOf('avatar') ?? null}
                  onChange={(avatar) => {
                    setAvatarError(null);
                    update({ avatar });
                  }}
                  onError={setAvatarError}
                />
                <Stack spacing={2}>
                  {NAME_FIELDS.map(nameField)}
                  <TextField label={t('profile.email')} value={saved.data.user.email} size="small" fullWidth disabled />
                  <TextField
                    select
                    label={t('profile.language')}
                    value={draft.language}
                    onChange={(event) => update({ language: event.target.value as Language })}
                    error={Boolean(languageError)}
                    helperText={t(languageError ?? 'profile.language.help')}
                    size="small"
                    fullWidth
                  >
                    {LANGUAGES.map((language) => (
                      <MenuItem key={language} value={language} lang={language}>
                        {LANGUAGE_NATIVE_NAMES[language]}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              </Box>
            </Part>
            <Part title={t('profile.section.notifications')}>
              <NotificationSwitches value={draft.settings} onChange={(settings) => update({ settings })} />
            </Part>
            <Part title={t('profile.section.password')}>
              <PasswordSection impersonated={impersonated} />
            </Part>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={draft === null || mutation.isPending || Boolean(avatarError)}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

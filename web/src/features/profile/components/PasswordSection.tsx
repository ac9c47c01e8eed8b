import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_LIMITS } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { changePassword } from '../api/profile.ts';

const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'profile.password.current', autoComplete: 'current-password', help: null },
  { name: 'newPassword', label: 'profile.password.new', autoComplete: 'new-password', help: 'profile.password.rules' },
  { name: 'repeat', label: 'reset.repeat-password', autoComplete: 'new-password', help: null },
] as const;

/**
 * The change of one's own password: the current one, the new one twice (the reset page's rules: at least 8
 * characters). On success the user's other sessions end and a notice is mailed; this session stays.
 */
export function PasswordSection({ impersonated }: { impersonated: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const mutation = useMutation({
    mutationFn: () => changePassword(api, { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      setValues(EMPTY);
      setErrors({});
      enqueueSnackbar(t('profile.password.changed'), { variant: 'success' });
    },
    onError: (error) => {
      const validation = error instanceof ApiError ? error.validation : null;
      if (validation) {
        setErrors(validation.errors);
        for (const key of validation.rootErrors) enqueueSnackbar(t(key), { variant: 'error' });
      } else if (error instanceof ApiError && error.status === 429) {
        enqueueSnackbar(t('error.too-many-requests'), { variant: 'error' });
      } else {
        enqueueSnackbar(t('error.generic'), { variant: 'error' });
      }
    },
  });

  if (impersonated) return <Alert severity="info">{t('profile.password.impersonated')}</Alert>;

  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: [] }));
  };
  const submit = () => {
    const found: Record<string, string[]> = {};
    if (!values.currentPassword) found.currentPassword = ['form.field.error.not-blank'];
    if (!values.newPassword.trim()) found.newPassword = ['form.field.error.not-blank'];
    else if (values.newPassword.length < PROFILE_LIMITS.passwordMinChars) found.newPassword = ['form.field.error.too-short'];
    if (values.newPassword && values.repeat !== values.newPassword) found.repeat = ['reset.passwords-do-not-match'];
    setErrors(found);
    if (!Object.keys(found).length) mutation.mutate();
  };
  const field = ({ name: key, label, autoComplete, help }: (typeof FIELDS)[number]) => {
    const error = errors[key]?.[0];
    return (
      <TextField
        key={key}
        type="password"
        label={t(label)}
        value={values[key]}
        onChange={set(key)}
        onKeyDown={(event) => {
          // The dialog's own form saves the profile; Enter here changes the password instead.
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        error={Boolean(error)}
        helperText={error ? t(error) : help ? t(help, { min: PROFILE_LIMITS.passwordMinChars }) : undefined}
        autoComplete={autoComplete}
        slotProps={{ htmlInput: { maxLength: PROFILE_LIMITS.passwordMaxChars } }}
        size="small"
        fullWidth
      />
    );
  };
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' }}
      data-testid="password-section"
    >
      {FIELDS.map(field)}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button variant="outlined" onClick={submit} disabled={mutation.isPending}>
          {t('reset.change-password')}
        </Button>
      </Box>
    </Box>
  );
}

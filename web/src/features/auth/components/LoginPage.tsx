import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_MESSAGE_KEYS } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { loginErrorMessage } from '../api/login-error.ts';
import { markSignedIn } from '../../../i18n/locale.ts';

/** Sign in with login (or e-mail) and password; the guard then leaves for the dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: async () => {
      // Whatever a previous session cached must not leak into the new one.
      queryClient.removeQueries({ queryKey: ['users'] });
      queryClient.removeQueries({ queryKey: ['devices'] });
      await api.signIn(username.trim(), password);
      // The shell then applies the user's stored language (or stores the flag picked on this page).
      markSignedIn();
    },
    onSuccess: () => enqueueSnackbar(t(LOGIN_MESSAGE_KEYS.success), { variant: 'success' }),
  });
  const failure = signIn.isError ? loginErrorMessage(signIn.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return;
    signIn.mutate();
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('login.title')}>
      {failure ? (
        <Alert severity="error" role="alert">
          {t(failure.key, { seconds: failure.retryAfterSeconds ?? 60 })}
        </Alert>
      ) : null}
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
        autoFocus
        fullWidth
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={signIn.isPending || !username.trim() || !password}>
        {t('login.submit')}
      </Button>
      <Link component={RouterLink} to="/reset" variant="body2" align="center">
        {t('login.forgot-password')}
      </Link>
    </Stack>
  );
}

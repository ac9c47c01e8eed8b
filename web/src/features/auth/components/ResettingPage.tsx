import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { resetPassword } from '../api/resetting.ts';

/** /resetting?token=…: the page the e-mailed link opens, where the user sets a new password. */
export function ResettingPage() {
  const { t } = useTranslation();
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  // The new password ends every session of that user (server side); a session this browser still holds, theirs or
  // someone else's, ends here too, so "Sign in" opens the login page rather than someone's dashboard.
  const reset = useMutation({ mutationFn: () => resetPassword(api, token, password), onSuccess: () => api.signOut() });
  const validation = reset.error instanceof ApiError ? reset.error.validation : null;
  const linkExpired = !token || Boolean(validation?.errors['token']);
  const passwordError = validation?.errors['password']?.[0];
  const mismatch = touched && repeat !== password;
  const missing = touched && !password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (password && password === repeat) reset.mutate();
  };

  if (reset.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{t('reset.password-changed')}</Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('login.submit')}
        </Button>
      </Stack>
    );
  }
  if (linkExpired) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t('reset.link-expired')}</Alert>
        <Link component={RouterLink} to="/reset" variant="body2" align="center">
          {t('reset.send-link')}
        </Link>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="h6" component="h1" align="center">
        {t('reset.enter-new-password')}
      </Typography>
      {reset.isError && !validation ? <Alert severity="error">{t('reset.error')}</Alert> : null}
      <TextField
        label={t('reset.new-password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={missing || Boolean(passwordError)}
        helperText={missing ? t('reset.enter-new-password') : passwordError ? t(passwordError) : undefined}
        required
        autoFocus
        fullWidth
      />
      <TextField
        label={t('reset.repeat-password')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={mismatch}
        helperText={mismatch ? t('reset.passwords-do-not-match') : undefined}
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
        {t('reset.change-password')}
      </Button>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { requestPasswordReset } from '../api/resetting.ts';

/** /reset: the user enters their e-mail and gets a link to set a new password (spec 01 §8, reset titles). */
export function ResetPage() {
  const { t } = useTranslation();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const request = useMutation({ mutationFn: () => requestPasswordReset(api, email.trim()) });
  const fieldError = request.error instanceof ApiError ? request.error.validation?.errors['email']?.[0] : undefined;
  const missing = touched && !email.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (email.trim()) request.mutate();
  };

  if (request.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{t('reset.link-sent')}</Alert>
        <Link component={RouterLink} to="/login" variant="body2" align="center">
          {t('reset.back-to-login')}
        </Link>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="h6" component="h1" align="center">
        {t('reset.title')}
      </Typography>
      {request.isError && !fieldError ? <Alert severity="error">{t('reset.error')}</Alert> : null}
      <TextField
        label={t('reset.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing || Boolean(fieldError)}
        helperText={missing ? t('reset.enter-email') : fieldError ? t(fieldError) : undefined}
        required
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
        {t('reset.send-link')}
      </Button>
      <Link component={RouterLink} to="/login" variant="body2" align="center">
        {t('reset.back-to-login')}
      </Link>
    </Stack>
  );
}

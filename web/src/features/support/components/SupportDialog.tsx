import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT, SUPPORT_LIMITS, SUPPORT_MESSAGE_KEYS } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { useDelayedClose } from '../../../components/useDelayedClose.ts';
import { sendSupportMail } from '../api/sendSupportMail.ts';

/** The support mail dialog (spec 01 §5): subject and content both required; cleared and closed after sending. */
export function SupportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const closeSoon = useDelayedClose(onClose);
  const mutation = useMutation({
    mutationFn: () => sendSupportMail(api, { subject: subject.trim(), content: content.trim() }),
    onSuccess: (result) => {
      enqueueSnackbar(t(result.sent ? 'support.sent' : 'support.queued'), { variant: result.sent ? 'success' : 'info' });
      setSubject('');
      setContent('');
      closeSoon();
    },
    onError: (error) => {
      const validation = error instanceof ApiError ? error.validation : null;
      if (validation) {
        setFieldErrors(validation.errors);
        for (const key of validation.rootErrors) enqueueSnackbar(t(key), { variant: 'error' });
      } else {
        enqueueSnackbar(t('error.generic'), { variant: 'error' });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    if (!subject.trim() || !content.trim()) {
      setProblem(SUPPORT_MESSAGE_KEYS.noEmptyValues);
      return;
    }
    setProblem(null);
    mutation.mutate();
  };
  const subjectError = fieldErrors['subject']?.[0];
  const contentError = fieldErrors['content']?.[0];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { component: 'form', onSubmit: submit, sx: { width: { xs: 'calc(100% - 32px)', md: `${LAYOUT.dialogSupportWidthPercent}%` } } } }}
    >
      <DialogTitle>{t('support.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('support.intro')}</DialogContentText>
          {problem ? <Alert severity="warning">{t(problem)}</Alert> : null}
          <TextField
            label={t('support.subject')}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            error={Boolean(subjectError)}
            helperText={subjectError ? t(subjectError) : undefined}
            slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.subjectMaxChars } }}
            autoFocus
            fullWidth
          />
          <TextField
            label={t('support.content')}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            error={Boolean(contentError)}
            helperText={contentError ? t(contentError) : undefined}
            slotProps={{ htmlInput: { maxLength: SUPPORT_LIMITS.contentMaxChars } }}
            multiline
            minRows={6}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {t('support.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_LIMITS, announcementCreatedSchema, announcementSchema } from '@gearwatch/contracts';
import type { Announcement, AnnouncementInput } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { ApiError } from '../../../api/errors.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { AddButton } from './AddButton.tsx';

const parseAnnouncement = (entry: unknown) => announcementSchema.parse(entry);

type FieldErrors = Partial<Record<keyof AnnouncementInput, string>>;

/** The new announcement's dialog: a title and a message, sent to every user with global notifications on. */
function AnnouncementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useMutation({
    mutationFn: async (input: AnnouncementInput) =>
      announcementCreatedSchema.parse((await api.request<unknown>('/api/announcements', { method: 'POST', json: input })).data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.announcements }),
  });
  const reset = () => {
    setTitle('');
    setBody('');
    setErrors({});
  };
  const submit = () => {
    const blank: FieldErrors = {};
    if (!title.trim()) blank.title = 'form.field.error.not-blank';
    if (!body.trim()) blank.body = 'form.field.error.not-blank';
    setErrors(blank);
    if (Object.keys(blank).length) return;
    send.mutate(
      { title: title.trim(), body: body.trim() },
      {
        onSuccess: (result) => {
          notify.success('announcement.sent', { app: result.appRecipients, mail: result.mailRecipients });
          reset();
          onClose();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | null)?.errors : undefined;
          if (fields) setErrors({ title: fields.title?.[0], body: fields.body?.[0] });
          else notify.failure(error, 'announcement.failed');
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="announcement-dialog-title">
      <DialogTitle id="announcement-dialog-title">{t('announcement.create')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('announcement.intro')}</DialogContentText>
        <TextField
          label={t('announcement.field.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.title } }}
          error={Boolean(errors.title)}
          helperText={errors.title ? t(errors.title) : undefined}
        />
        <TextField
          label={t('announcement.field.body')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.body } }}
          error={Boolean(errors.body)}
          helperText={errors.body ? t(errors.body) : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending}>
          {t('announcement.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /administration/announcements (issue 17): what the super-admins announced to every user (planned maintenance, a
 * new version), newest first, and a dialog to write a new one.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const [creating, setCreating] = useState(false);
  const columns: EntityColumn<Announcement>[] = [
    { key: 'createdAt', header: 'announcement.column.created', sortField: 'createdAt', cell: (row) => formatDateTime(row.createdAt, dateFormat) },
    { key: 'title', header: 'announcement.column.title', sortField: 'title', cell: (row) => row.title },
    { key: 'body', header: 'announcement.column.body', cell: (row) => <Box sx={{ minWidth: 240, whiteSpace: 'pre-line' }}>{row.body}</Box> },
    { key: 'author', header: 'announcement.column.author', cell: (row) => row.createdBy?.name ?? '—' },
    {
      key: 'recipients',
      header: 'announcement.column.recipients',
      cell: (row) => t('announcement.recipients', { app: row.appRecipients, mail: row.mailRecipients }),
    },
  ];
  return (
    <>
      <AddButton label={t('announcement.create')} onClick={() => setCreating(true)} />
      <EntityList<Announcement>
        plural="announcements"
        columns={columns}
        parse={parseAnnouncement}
        defaultSort="-createdAt"
        searchable={false}
        empty={{ title: t('announcement.empty.title'), message: t('announcement.empty.message') }}
      />
      <AnnouncementDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FocusEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import type { CreatedDisplayLink } from '@gearwatch/contracts';
import { useNotify } from '../../../../components/dialogs/useNotify.ts';
import { useScreenSize } from '../../../../hooks/useScreenSize.ts';
import { displayUrl, useCreateDisplayLink, useDisplayLinks, useRevokeDisplayLink } from '../../api/display-links.ts';
import { formatDateTime } from '../../../../components/dates/format.ts';
import { useDateFormat } from '../../../../components/dates/useDateFormat.ts';

/** The longest label the server takes (contracts displayLinkInputSchema). */
const LABEL_MAX = 100;

export interface DisplayLinksDialogProps {
  open: boolean;
  viewId: number;
  viewName: string;
  onClose: () => void;
}

/**
 * A view's display links (issue 19): a link opens the view's live screen on a TV without a sign-in, read-only, until
 * it is revoked. A new link's address is shown once (only its hash is kept), with a copy button.
 */
export function DisplayLinksDialog({ open, viewId, viewName, onClose }: DisplayLinksDialogProps) {
  const { t } = useTranslation();
  const { isMobile } = useScreenSize();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: isMobile ? undefined : { width: `${LAYOUT.dialogSupportWidthPercent}%`, minWidth: 600 } } }}
      aria-labelledby="display-links-title"
    >
      <DialogTitle id="display-links-title">{t('production.links.title', { name: viewName })}</DialogTitle>
      {open ? <LinksBody viewId={viewId} /> : null}
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function LinksBody({ viewId }: { viewId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<CreatedDisplayLink | null>(null);
  const create = useCreateDisplayLink(viewId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(label.trim(), {
      onSuccess: (link) => {
        setCreated(link);
        setLabel('');
      },
      onError: (error) => notify.failure(error, 'production.links.create-failed'),
    });
  };
  return (
    <DialogContent>
      <Stack spacing={3}>
        <Typography variant="body2" color="text.secondary">
          {t('production.links.intro')}
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('production.links.label')}
            placeholder={t('production.links.label-placeholder')}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            slotProps={{ htmlInput: { maxLength: LABEL_MAX } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('production.links.create')}
          </Button>
        </Stack>
        {created ? <CreatedLink link={created} /> : null}
        <LinksTable viewId={viewId} />
      </Stack>
    </DialogContent>
  );
}

function CreatedLink({ link }: { link: CreatedDisplayLink }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const url = displayUrl(link);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('production.links.copied');
    } catch {
      notify.error('production.links.copy-failed');
    }
  };
  return (
    <Alert severity="success" data-testid="created-link" sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
      <Typography variant="body2" sx={{ mb: 1, fontWeight: 500 }}>
        {t('production.links.created', { label: link.label || t('production.links.no-label') })}
      </Typography>
      <TextField
        size="small"
        fullWidth
        value={url}
        label={t('production.links.address')}
        slotProps={{
          htmlInput: { readOnly: true, onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select() },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('production.links.copy')}>
                  <IconButton size="small" aria-label={t('production.links.copy')} onClick={() => void copy()} edge="end">
                    <ContentCopyOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <Typography variant="caption" component="p" sx={{ mt: 1 }}>
        {t('production.links.shown-once')}
      </Typography>
    </Alert>
  );
}

function LinksTable({ viewId }: { viewId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dateFormat = useDateFormat();
  const links = useDisplayLinks(viewId);
  const revoke = useRevokeDisplayLink(viewId);
  const [confirming, setConfirming] = useState<number | null>(null);
  const when = (instant: string) => formatDateTime(instant, dateFormat);
  if (links.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (links.isError) return <Alert severity="error">{t('production.links.load-failed')}</Alert>;
  if (links.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-links">
        {t('production.links.none')}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid="display-links">
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>{t('production.links.column.label')}</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>{t('production.links.column.created')}</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>{t('production.links.column.created-by')}</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>{t('production.links.column.last-used')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {links.data.map((link) => (
          <TableRow key={link.id}>
            <TableCell>{link.label || t('production.links.no-label')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(link.createdAt)}</TableCell>
            <TableCell>{link.createdBy?.name ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{link.lastUsedAt ? when(link.lastUsedAt) : t('production.links.never-used')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {confirming === link.id ? (
                <>
                  <Button size="small" onClick={() => setConfirming(null)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    variant="contained"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(link.id, {
                        onSuccess: () => notify.success('production.links.revoked'),
                        onError: (error) => notify.failure(error, 'production.links.revoke-failed'),
                        onSettled: () => setConfirming(null),
                      })
                    }
                  >
                    {t('production.links.revoke-confirm')}
                  </Button>
                </>
              ) : (
                <Button size="small" color="error" startIcon={<LinkOffOutlined />} onClick={() => setConfirming(link.id)}>
                  {t('production.links.revoke')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFile, ReportFileStatus } from '@gearwatch/contracts';
import { fileStatusOf } from '../api/files.ts';

type Shown = ReportFileStatus | 'unknown';

/** Each status's own icon and colour (spec 01 §3); anything the client does not know is 'unknown', in grey. */
const LOOK: Record<Shown, { icon: SvgIconComponent; color: string }> = {
  NEW: { icon: HourglassEmptyOutlined, color: 'info.main' },
  PROCESS: { icon: SyncOutlined, color: 'primary.main' },
  DONE: { icon: CheckCircleOutlined, color: 'success.main' },
  ERROR: { icon: ErrorOutlineOutlined, color: 'error.main' },
  unknown: { icon: HelpOutlineOutlined, color: 'text.disabled' },
};

const STATUS_KEYS: Record<Shown, string> = {
  NEW: 'reports.list.status.new',
  PROCESS: 'reports.list.status.process',
  DONE: 'reports.list.status.done',
  ERROR: 'reports.list.status.error',
  unknown: 'reports.list.status.unknown',
};

/** The reason of an ERROR: a translation key when the client knows it, else the server's short text. */
function useReason(error: string | null): string | null {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  return i18n.exists(error) ? t(error) : error;
}

/**
 * A report file's status (spec 01 §3 "Report file status"): icon, colour and text; the percentage and a bar while
 * PROCESS (kept live by the event stream); the reason of an ERROR on hover and below the text.
 */
export function FileStatus({ file }: { file: ReportFile }) {
  const { t } = useTranslation();
  const status = fileStatusOf(file.status);
  const { icon: Icon, color } = LOOK[status];
  const reason = useReason(status === 'ERROR' ? file.error : null);
  const progress = Math.max(0, Math.min(100, file.progress));
  let label: ReactNode = t(STATUS_KEYS[status]);
  if (status === 'PROCESS') label = t('reports.list.status.process-percent', { percent: progress });
  const body = (
    <Stack spacing={0.5} sx={{ minWidth: 120 }} data-testid={`file-status-${file.id}`} data-status={status}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color }}>
        <Icon fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ color, fontWeight: 500 }}>
          {label}
        </Typography>
      </Stack>
      {status === 'PROCESS' ? <LinearProgress variant="determinate" value={progress} aria-label={t('reports.list.progress')} /> : null}
      {reason ? (
        <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {reason}
        </Typography>
      ) : null}
    </Stack>
  );
  return reason ? (
    <Tooltip title={reason}>
      <Box>{body}</Box>
    </Tooltip>
  ) : (
    body
  );
}

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportFile } from '@gearwatch/contracts';
import { StateLabel } from '../../../components/status/StateLabel.tsx';
import { REPORT_FILE_STATUS_LOOKS, reportFileStatusOf } from '../../../components/status/report-file-status.ts';

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
  const status = reportFileStatusOf(file.status);
  const look = REPORT_FILE_STATUS_LOOKS[status];
  const reason = useReason(status === 'ERROR' ? file.error : null);
  const progress = Math.max(0, Math.min(100, file.progress));
  const label = status === 'PROCESS' ? t('reports.list.status.process-percent', { percent: progress }) : t(look.text);
  const body = (
    <Stack spacing={0.5} sx={{ minWidth: 120 }} data-testid={`file-status-${file.id}`} data-status={status}>
      <StateLabel look={look} label={label} state={status} />
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

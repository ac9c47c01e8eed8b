import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import { KNOWN_REPORT_FILE_STATUSES } from '@gearwatch/contracts';
import type { ReportFileStatus } from '@gearwatch/contracts';
import type { StateLook } from './StateLabel.tsx';

/** A report file status as shown: one of REPORT_FILE_STATUSES, or 'unknown' for anything else (spec 01 §3). */
export type ShownReportFileStatus = ReportFileStatus | 'unknown';

/** A status the client knows, or 'unknown' for anything else. */
export function reportFileStatusOf(status: string): ShownReportFileStatus {
  return KNOWN_REPORT_FILE_STATUSES.includes(status) ? (status as ReportFileStatus) : 'unknown';
}

/** Each report file status's own icon, colour and text (spec 01 §3, spec 02 §4); unknown in grey. */
export const REPORT_FILE_STATUS_LOOKS: Record<ShownReportFileStatus, StateLook> = {
  NEW: { icon: HourglassEmptyOutlined, color: 'info.main', text: 'reports.list.status.new' },
  PROCESS: { icon: SyncOutlined, color: 'primary.main', text: 'reports.list.status.process' },
  DONE: { icon: CheckCircleOutlined, color: 'success.main', text: 'reports.list.status.done' },
  ERROR: { icon: ErrorOutlineOutlined, color: 'error.main', text: 'reports.list.status.error' },
  unknown: { icon: HelpOutlineOutlined, color: 'text.disabled', text: 'reports.list.status.unknown' },
};

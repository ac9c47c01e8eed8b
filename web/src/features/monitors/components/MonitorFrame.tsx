import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import CloseFullscreenOutlined from '@mui/icons-material/CloseFullscreenOutlined';
import OpenInFullOutlined from '@mui/icons-material/OpenInFullOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import { monitorWidth, PENDING_MONITOR_HEIGHT_PX } from './board-layout.ts';
import { useReportLoading } from './draw-queue.ts';
import { useMonitorFrame } from './frame-context.ts';
import { monitorErrorKey } from './monitor-error.ts';

/** The state of a monitor's data call the frame shows; a TanStack `UseQueryResult` fits. */
export interface MonitorFrameQuery {
  isFetching: boolean;
  /** No answer yet (TanStack's isPending): while it is also fetching, the frame keeps a pending monitor's height. */
  isPending?: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface MonitorFrameProps {
  /** The settings panel, shown in edit mode only (spec 02 §2). */
  settings?: ReactNode;
  /** The warning banner's translation key when the settings are incomplete (spec 02 §5). */
  warning?: string | null;
  /** The data call: spinner while it runs, its error, and the refresh action. */
  query?: MonitorFrameQuery;
  /** An error the monitor handles itself instead of the query's (null hides the query's error). */
  error?: unknown;
  /** Extra actions before the common ones (CSV, spreadsheet); use MonitorAction. */
  actions?: ReactNode;
  children?: ReactNode;
}

export interface MonitorActionProps {
  /** The translated aria-label and tooltip. */
  label: string;
  /** `data-testid` is `monitor-action-<name>`. */
  name: string;
  icon: ReactElement;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
}

/** One action button of a monitor's title bar: an icon with a translated tooltip and aria-label. */
export function MonitorAction({ label, name, icon, onClick, disabled = false, pressed }: MonitorActionProps) {
  const button = (
    <IconButton size="small" aria-label={label} aria-pressed={pressed} data-testid={`monitor-action-${name}`} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  // A disabled button fires no events, so the tooltip needs a wrapper to listen.
  return <Tooltip title={label}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}

/**
 * The frame of every monitor (spec 02 §2 "Common widget elements"): the title, the actions (extra ones, refresh,
 * options, expand (not on mobile), close), the settings panel in edit mode, the warning banner, the error of the
 * data call and a loading overlay over the body. 45% wide, or the full width when expanded (always on mobile).
 */
export function MonitorFrame({ settings, warning = null, query, error, actions, children }: MonitorFrameProps) {
  const { t, i18n } = useTranslation();
  const frame = useMonitorFrame();
  const title = t(MONITOR_TITLE_KEYS[frame.kind]);
  const shownError = error === undefined ? query?.error : error;
  const loading = query?.isFetching ?? false;
  useReportLoading(frame.id, loading);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      aria-busy={loading}
      data-testid={`monitor-${frame.kind}`}
      data-monitor-id={frame.id}
      data-expanded={frame.expanded}
      sx={{
        ...monitorWidth(frame.expanded),
        // Until its first answer the monitor keeps its place, so those below the fold stay below it (draw-queue.ts).
        minHeight: query?.isPending && query.isFetching ? PENDING_MONITOR_HEIGHT_PX : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {actions}
        <MonitorAction
          name="refresh"
          label={t('monitor.action.refresh')}
          icon={<RefreshOutlined fontSize="small" />}
          onClick={() => void query?.refetch()}
          disabled={!query}
        />
        <MonitorAction
          name="options"
          label={t('monitor.action.options')}
          icon={<TuneOutlined fontSize="small" />}
          onClick={frame.toggleEdited}
          pressed={frame.edited}
        />
        {frame.canExpand ? (
          <MonitorAction
            name="expand"
            label={frame.expanded ? t('monitor.action.collapse') : t('monitor.action.expand')}
            icon={frame.expanded ? <CloseFullscreenOutlined fontSize="small" /> : <OpenInFullOutlined fontSize="small" />}
            onClick={frame.toggleExpanded}
            pressed={frame.expanded}
          />
        ) : null}
        <MonitorAction name="close" label={t('monitor.action.close')} icon={<CloseOutlined fontSize="small" />} onClick={frame.remove} />
      </Box>
      {frame.edited && settings ? (
        <Box
          data-testid="monitor-settings"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, borderBottom: 1, borderColor: 'divider', '& > *': { flex: '1 1 220px', minWidth: 0 } }}
        >
          {settings}
        </Box>
      ) : null}
      {warning ? (
        <Alert severity="warning" square data-testid="monitor-warning">
          {t(warning)}
        </Alert>
      ) : null}
      {shownError ? (
        <Alert severity="error" square data-testid="monitor-error">
          {t(monitorErrorKey(shownError, (key) => i18n.exists(key)))}
        </Alert>
      ) : null}
      <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 48, p: 1 }}>
        {children}
        {loading ? (
          <Box
            data-testid="monitor-loading"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(255, 255, 255, 0.6)',
              zIndex: 1,
            }}
          >
            <CircularProgress size={32} aria-label={t('common.loading')} />
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}

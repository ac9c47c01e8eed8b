import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import FullscreenExitOutlined from '@mui/icons-material/FullscreenExitOutlined';
import FullscreenOutlined from '@mui/icons-material/FullscreenOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PRODUCTION_LIVE } from '@gearwatch/contracts';
import type { ProductionViewState } from '@gearwatch/contracts';
import { formatTime } from '../../../../components/dates/format.ts';
import { useScreenSize } from '../../../../hooks/useScreenSize.ts';
import { useFullscreen } from '../../hooks/useFullscreen.ts';
import { LIVE_SIZES, STALE_COLOURS } from './live-theme.ts';
import { LineTile } from './LineTile.tsx';

export type Staleness = keyof typeof STALE_COLOURS;

/** How old the last state is, as the badge shows it: fresh, amber after 30 s, red after 60 s (PRODUCTION_LIVE). */
export function stalenessOf(seconds: number): Staleness {
  if (seconds >= PRODUCTION_LIVE.staleRedSeconds) return 'red';
  if (seconds >= PRODUCTION_LIVE.staleAmberSeconds) return 'amber';
  return 'fresh';
}

export interface LiveBoardProps {
  state: ProductionViewState;
  /** When the last state arrived (epoch ms) and the time now (epoch ms, ticking). */
  receivedAt: number;
  now: number;
  connectionLost: boolean;
  /** Back to the list (signed-in screens only; a display link leads nowhere else). */
  onBack?: () => void;
}

/**
 * The shop-floor screen (issue 19): the logo and the view's name at the top, the two lines (side by side for
 * `columns`, one above the other for `rows`), and at the bottom the company's time, how long ago the last state came
 * (amber, then red, when the stream has gone quiet) and whether the connection is lost.
 */
export function LiveBoard({ state, receivedAt, now, connectionLost, onBack }: LiveBoardProps) {
  const { t, i18n } = useTranslation();
  const fullscreen = useFullscreen();
  // A display has no signed-in user: the view's company zone comes with its state.
  const dateFormat = { language: i18n.language, timeZone: state.timezone };
  const age = Math.max(0, Math.floor((now - receivedAt) / 1000));
  const staleness = stalenessOf(age);
  // A phone held upright has no room for two lines side by side: they stack, each keeping its own layout.
  const { size } = useScreenSize();
  const stacked = size === 'xxsmall' || size === 'xsmall';
  const columns = state.view_type === 'columns' && !stacked;
  const oeeRoom = state.lines.some((line) => line.oee !== null);
  return (
    <Box
      data-testid="live-board"
      data-layout={state.view_type}
      sx={{
        height: '100vh',
        display: 'grid',
        gridTemplateRows: 'auto minmax(0, 1fr) auto',
        gap: '2vh',
        p: '2vh 2vw',
        bgcolor: 'background.default',
        color: 'text.primary',
        overflow: 'hidden',
      }}
    >
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: '2vw', minHeight: 0 }}>
        {onBack ? (
          <Tooltip title={t('production.live.back')}>
            <IconButton
              onClick={onBack}
              aria-label={t('production.live.back')}
              sx={{ color: 'text.secondary', fontSize: LIVE_SIZES.icon, '& svg': { fontSize: 'inherit' } }}
            >
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        ) : null}
        {state.logo ? (
          <Box component="img" src={state.logo} alt={t('production.live.logo')} sx={{ height: 'min(8vh, 6vw)', maxWidth: '22vw', objectFit: 'contain' }} />
        ) : null}
        <Typography
          component="h1"
          sx={{ flex: 1, minWidth: 0, fontSize: LIVE_SIZES.title, fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {state.name}
        </Typography>
        <Typography sx={{ fontSize: LIVE_SIZES.small, color: 'text.secondary', textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="live-period">
          {t('production.live.period', { from: formatTime(state.periodStart, dateFormat), to: formatTime(state.periodEnd, dateFormat) })}
        </Typography>
        {fullscreen.available ? (
          <Tooltip title={t(fullscreen.on ? 'production.live.fullscreen-exit' : 'production.live.fullscreen')}>
            <IconButton
              onClick={fullscreen.toggle}
              aria-label={t(fullscreen.on ? 'production.live.fullscreen-exit' : 'production.live.fullscreen')}
              sx={{ color: 'text.secondary', fontSize: LIVE_SIZES.icon, '& svg': { fontSize: 'inherit' } }}
            >
              {fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <Box
        component="main"
        data-stale={staleness === 'red'}
        data-stacked={stacked && state.view_type === 'columns'}
        // Numbers a minute old are dimmed, so nobody reads them as current.
        sx={{
          opacity: staleness === 'red' ? 0.45 : 1,
          transition: 'opacity 300ms',
          display: 'grid',
          minHeight: 0,
          gap: '2vh 2vw',
          gridTemplateColumns: columns ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
          gridTemplateRows: columns ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
        }}
      >
        {state.lines.map((line, index) => (
          <LineTile key={index} index={index} line={line} layout={state.view_type} periodEnd={state.periodEnd} timezone={state.timezone} oeeRoom={oeeRoom} />
        ))}
      </Box>
      <Box component="footer" sx={{ display: 'flex', alignItems: 'center', gap: '2vw', fontSize: LIVE_SIZES.footer, fontVariantNumeric: 'tabular-nums' }}>
        <Box component="time" data-testid="live-clock" sx={{ fontWeight: 700 }}>
          {formatTime(now, dateFormat, { seconds: true })}
        </Box>
        <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
          {connectionLost ? (
            <Box
              role="alert"
              data-testid="connection-lost"
              sx={{ display: 'flex', alignItems: 'center', gap: '0.8vw', color: STALE_COLOURS.amber, fontWeight: 700 }}
            >
              <CloudOffOutlined sx={{ fontSize: 'inherit' }} />
              {t('production.live.connection-lost')}
            </Box>
          ) : null}
        </Box>
        <Box
          data-testid="live-updated"
          data-staleness={staleness}
          sx={{
            color: staleness === 'fresh' ? STALE_COLOURS.fresh : '#000',
            bgcolor: staleness === 'fresh' ? 'transparent' : STALE_COLOURS[staleness],
            fontWeight: staleness === 'fresh' ? 500 : 800,
            px: '1vw',
            py: '0.4vh',
            borderRadius: '0.8vh',
          }}
        >
          {t('production.live.updated', { seconds: age })}
        </Box>
      </Box>
    </Box>
  );
}

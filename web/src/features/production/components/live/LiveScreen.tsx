import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../../components/status/useNow.ts';
import type { LiveSource } from '../../api/live.ts';
import { useLiveState } from '../../hooks/useLiveState.ts';
import { LiveBoard } from './LiveBoard.tsx';
import { liveTheme } from './live-theme.ts';

/** The clock and "updated N s ago" tick every second. */
const TICK_MS = 1000;

export interface LiveScreenProps {
  source: LiveSource;
  /** Back to the list (signed-in screens). */
  onBack?: () => void;
}

/**
 * One live screen for both ways in (issue 19): a signed-in user's `/production/:id/live` and a TV's
 * `/display/:token`. The state is read once and then replaced by each event of the view's stream.
 */
export function LiveScreen({ source, onBack }: LiveScreenProps) {
  const live = useLiveState(source);
  const now = useNow(TICK_MS);
  const { t } = useTranslation();
  let body: ReactNode;
  if (live.gone && source.kind === 'display')
    body = <Message icon={<LinkOffOutlined />} title={t('production.live.link-invalid')} message={t('production.live.link-invalid-help')} />;
  else if (live.gone) body = <Message icon={<SearchOffOutlined />} title={t('production.live.not-found')} onBack={onBack} />;
  else if (live.state) body = <LiveBoard state={live.state} receivedAt={live.receivedAt} now={now} connectionLost={live.connectionLost} onBack={onBack} />;
  else if (live.failed)
    body = <Message icon={<ErrorOutlineOutlined />} title={t('production.live.load-failed')} message={t('production.live.load-failed-help')} onBack={onBack} />;
  else body = <Loading />;
  return (
    <ThemeProvider theme={liveTheme}>
      <CssBaseline />
      {body}
    </ThemeProvider>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

function Message({ icon, title, message, onBack }: { icon: ReactNode; title: string; message?: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '3vh',
        p: 4,
        textAlign: 'center',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Box sx={{ fontSize: 'min(12vw, 18vh)', lineHeight: 0, color: 'text.secondary', '& svg': { fontSize: 'inherit' } }}>{icon}</Box>
      <Typography component="h1" sx={{ fontSize: 'min(4vw, 6vh)', fontWeight: 700 }}>
        {title}
      </Typography>
      {message ? <Typography sx={{ fontSize: 'min(2vw, 3vh)', color: 'text.secondary', maxWidth: '70vw' }}>{message}</Typography> : null}
      {onBack ? (
        <Button variant="outlined" onClick={onBack}>
          {t('production.live.back')}
        </Button>
      ) : null}
    </Box>
  );
}

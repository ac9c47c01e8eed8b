import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Splash } from '../../components/Splash.tsx';
import { HOME_PATH } from '../guards.tsx';
import { describeStartupError } from '../startup/describe-error.ts';
import type { StartupErrorReport } from '../startup/describe-error.ts';
import { ErrorReportDetails } from './ErrorReportDetails.tsx';
import { shouldReloadForStaleChunk } from './stale-chunk.ts';

/** A route's answer (a loader's 404, say) as the report's code and text; anything else through the start-up describer. */
function describeRouteError(error: unknown, userAgent: string): StartupErrorReport {
  if (!isRouteErrorResponse(error)) return describeStartupError(error, userAgent, 'E_PAGE');
  const report = describeStartupError(new Error(`${error.status} ${error.statusText}`), userAgent);
  return { ...report, code: `E_HTTP_${error.status}` };
}

/**
 * The product's error page after start-up (spec 01 §8, issue 33): what happened, the code, browser and data for
 * support, and the ways on (reload, back to the dashboard) — instead of the router's own screen. A page whose code
 * belongs to an older build (a redeploy while the tab was open) reloads once by itself to fetch the new one.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [reloading] = useState(() => shouldReloadForStaleChunk(error, window.sessionStorage, Date.now()));
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return <Splash />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const report = describeRouteError(error, navigator.userAgent);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Alert severity={notFound ? 'warning' : 'error'} sx={{ maxWidth: 720, width: '100%' }} role="alert">
        <AlertTitle>{t('error.page.title', { defaultValue: 'This page could not be shown' })}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {notFound
            ? t('error.not-found', { defaultValue: 'Requested item not found' })
            : t('error.generic', { defaultValue: 'Oops, something went wrong! Please contact with support.' })}
        </Typography>
        <ErrorReportDetails report={report} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('error.page.reload', { defaultValue: 'Reload the page' })}
          </Button>
          {/* A full load, not the router's navigation: whatever broke this page may hold the app's state. */}
          <Button variant="text" color="inherit" size="small" href={HOME_PATH}>
            {t('error.page.back', { defaultValue: 'Back to the dashboard' })}
          </Button>
        </Stack>
      </Alert>
    </Box>
  );
}

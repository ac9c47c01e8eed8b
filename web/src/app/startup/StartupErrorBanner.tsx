import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeStartupError } from './describe-error.ts';

/**
 * The start-up error banner (spec 01 §2, §8): an error code, the browser and system, and the exception, also as
 * base64 so it can be pasted into a support request intact. Works before translations load (English defaults).
 */
export function StartupErrorBanner({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const report = describeStartupError(error, navigator.userAgent);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Alert severity="error" sx={{ maxWidth: 720, width: '100%' }} role="alert">
        <AlertTitle>{t('startup.error.title', { defaultValue: 'The application could not start' })}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('error.generic', { defaultValue: 'Oops, something went wrong! Please contact with support.' })}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, fontSize: 14 }}>
          <dt>{t('startup.error.code', { defaultValue: 'Error code' })}</dt>
          <dd style={{ margin: 0 }}>
            <code>{report.code}</code>
          </dd>
          <dt>{t('startup.error.browser', { defaultValue: 'Browser' })}</dt>
          <dd style={{ margin: 0 }}>
            {[report.browser.name ?? t('startup.error.unknown-browser', { defaultValue: 'unknown browser' }), report.browser.version].filter(Boolean).join(' ')}
            {` · ${report.browser.os ?? t('startup.error.unknown-system', { defaultValue: 'unknown system' })}`}
          </dd>
          <dt>{t('startup.error.exception', { defaultValue: 'Exception' })}</dt>
          <dd style={{ margin: 0, wordBreak: 'break-word' }}>{report.exception}</dd>
          <dt>{t('startup.error.details', { defaultValue: 'Details for support' })}</dt>
          <dd style={{ margin: 0, wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}>{report.exceptionBase64}</dd>
        </Box>
        <Button variant="outlined" color="inherit" size="small" sx={{ mt: 2 }} onClick={onRetry}>
          {t('common.retry', { defaultValue: 'Try again' })}
        </Button>
      </Alert>
    </Box>
  );
}

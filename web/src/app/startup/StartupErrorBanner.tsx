import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorReportDetails } from '../errors/ErrorReportDetails.tsx';
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
        <ErrorReportDetails report={report} />
        <Button variant="outlined" color="inherit" size="small" sx={{ mt: 2 }} onClick={onRetry}>
          {t('common.retry', { defaultValue: 'Try again' })}
        </Button>
      </Alert>
    </Box>
  );
}

import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { StartupErrorReport } from '../startup/describe-error.ts';

/**
 * The error's particulars for a support request (spec 01 §8: browser, code and data): the code, the browser and
 * system, the exception, and the exception with its stack as base64 so it can be pasted intact. English defaults
 * serve before translations load.
 */
export function ErrorReportDetails({ report }: { report: StartupErrorReport }) {
  const { t } = useTranslation();
  return (
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
  );
}

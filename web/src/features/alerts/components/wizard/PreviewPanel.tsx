import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_PREVIEW_DAYS } from '@gearwatch/contracts';
import type { AlertPreview } from '@gearwatch/contracts';

/**
 * How many times the rule would have fired on its devices in the last 7 days with the condition as it stands (the
 * engine's own evaluation of stored data), so a threshold can be tuned before it alerts anyone.
 */
export function PreviewPanel({ preview, complete }: { preview: UseQueryResult<AlertPreview>; complete: boolean }) {
  const { t } = useTranslation();
  let body;
  if (!complete || (preview.isError && !preview.data)) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('alert-rule.preview.incomplete')}
      </Typography>
    );
  } else if (!preview.data) {
    body = <LinearProgress aria-label={t('common.loading')} />;
  } else {
    const data = preview.data;
    body = (
      <>
        <Alert severity={data.alerts === 0 ? 'success' : 'warning'} icon={false} data-testid="preview-summary" sx={{ mb: 1 }}>
          <Typography variant="h6" component="p">
            {t('alert-rule.preview.alerts', { count: data.alerts, days: ALERT_PREVIEW_DAYS })}
          </Typography>
          <Typography variant="body2">{t('alert-rule.preview.occurrences', { count: data.occurrences })}</Typography>
        </Alert>
        {data.devices.filter((device) => device.alerts > 0 || device.occurrences > 0).length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="preview-devices">
            {data.devices
              .filter((device) => device.alerts > 0 || device.occurrences > 0)
              .map((device) => (
                <Typography component="li" variant="body2" key={device.id}>
                  {t('alert-rule.preview.device', { name: device.name, count: device.alerts, occurrences: device.occurrences })}
                </Typography>
              ))}
          </Box>
        ) : null}
      </>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5, position: 'relative' }} data-testid="alert-preview">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('alert-rule.preview.title', { days: ALERT_PREVIEW_DAYS })}
      </Typography>
      {preview.isFetching && preview.data ? <LinearProgress sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} /> : null}
      {body}
    </Paper>
  );
}

import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The summary's answer has no rows (e.g. groups without devices). */
export function NoData() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
      {t('monitor.message.no-data')}
    </Typography>
  );
}

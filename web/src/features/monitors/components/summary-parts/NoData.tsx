import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A summary's answer has nothing to show: its own message (no device has alerts), or the monitors' "no data". */
export function NoData({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="summary-empty" sx={{ p: 2, textAlign: 'center' }}>
      {message ?? t('monitor.message.no-data')}
    </Typography>
  );
}

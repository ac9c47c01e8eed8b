import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAlarmTotal } from '../api/alarms.ts';
import { IMPORTANCE_COLOURS } from './Importance.tsx';

/**
 * The menu's alert-list indicator (spec 01 §2): the number of active unconfirmed alerts the user sees, coloured by
 * the highest importance among them; nothing at 0. Read every 60 s (useAlarmTotal).
 */
export function AlarmTotalBadge() {
  const { t } = useTranslation();
  const total = useAlarmTotal();
  const count = total.data?.count ?? 0;
  if (count === 0) return null;
  const level = total.data?.level ?? 'info';
  return (
    <Box
      component="span"
      role="status"
      aria-label={t('alert.total', { count })}
      data-testid="alarm-total"
      data-level={level}
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: IMPORTANCE_COLOURS[level],
        color: level === 'warning' ? 'rgba(0, 0, 0, 0.87)' : '#fff',
        fontSize: 12,
        fontWeight: 600,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        ml: 1,
      }}
    >
      {count > 999 ? '999+' : count}
    </Box>
  );
}

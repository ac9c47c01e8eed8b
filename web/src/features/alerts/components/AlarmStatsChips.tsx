import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AlarmStats } from '@gearwatch/contracts';
import { IMPORTANCE_COLOURS, importanceKey } from './Importance.tsx';

/** Unconfirmed active alerts by importance, one coloured chip per level that has any. */
export function AlarmStatsChips({ stats }: { stats: AlarmStats }) {
  const { t } = useTranslation();
  const shown = stats.filter((entry) => entry.count > 0);
  if (shown.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="alarm-stats">
      {shown.map((entry) => (
        <Chip
          key={entry.level}
          size="small"
          data-testid={`alarm-stats-${entry.level}`}
          label={`${t(importanceKey(entry.level))}: ${entry.count}`}
          sx={{ bgcolor: IMPORTANCE_COLOURS[entry.level], color: entry.level === 'warning' ? 'rgba(0, 0, 0, 0.87)' : '#fff' }}
        />
      ))}
    </Box>
  );
}

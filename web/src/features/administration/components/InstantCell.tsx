import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../../components/status/status-format.ts';
import { formatInstant } from './format.ts';

export interface InstantCellProps {
  /** ISO instant, or null for never. */
  value: string | null;
  /** Epoch ms relative times count from (one clock for the whole list). */
  now?: number;
  /** The word for null (a translation key); 'admin.never' by default. */
  noneKey?: string;
}

/** An instant of a list cell: the date and time, and how long ago it was in the tooltip; a dash word for none. */
export function InstantCell({ value, now, noneKey = 'admin.never' }: InstantCellProps) {
  const { t, i18n } = useTranslation();
  if (value === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t(noneKey)}
      </Typography>
    );
  }
  return (
    <Tooltip title={relativeTime(value, now ?? Date.now(), i18n.language)}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatInstant(value, i18n.language)}
      </Typography>
    </Tooltip>
  );
}

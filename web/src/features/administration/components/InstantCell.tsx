import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';

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
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  if (value === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t(noneKey)}
      </Typography>
    );
  }
  return (
    <Tooltip title={formatRelativeTime(value, now ?? Date.now(), dateFormat)}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(value, dateFormat)}
      </Typography>
    </Tooltip>
  );
}

import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../components/status/status-format.ts';
import { formatPercent } from '../format.ts';

/** Today's productivity of a device or operator group, or a dash when nothing was active. */
export function Productivity({ value }: { value: number | null }) {
  const { i18n } = useTranslation();
  return <>{value === null ? '—' : formatPercent(value, i18n.language)}</>;
}

/** An average of seconds per member of a group (device or operator) as h:mm, or a dash without data. */
export function AverageTime({ seconds }: { seconds: number | null }) {
  return <>{seconds === null ? '—' : formatDuration(seconds)}</>;
}

import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { WorkTimeSpan, WorkTimeWindow } from '@gearwatch/contracts';
import { Section } from '../../../components/Section.tsx';
import { formatDuration, formatShortDate } from '../../../components/dates/format.ts';
import { useOperatorWorkTime } from '../api/groups.ts';
import { QueryBody } from './QueryBody.tsx';
import { SimpleTable } from './SimpleTable.tsx';
import type { SimpleColumn } from './SimpleTable.tsx';
import { TrendPercentage } from '../../../components/status/TrendPercentage.tsx';

const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value));

/** A figure with its trend beside it. */
function WithTrend({ value, trend }: { value: number | null; trend: number | null }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'baseline', justifyContent: 'flex-end' }}>
      <span>{seconds(value)}</span>
      <TrendPercentage value={trend} />
    </Box>
  );
}

/**
 * The operator's work-time windows (spec 02 "Other": current day, week, month): work and activity so far in each,
 * in the company's timezone with weeks from Monday, each with its change against the same days of the previous
 * period, and that period's dates and figures.
 */
export function OperatorWorkTime({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const workTime = useOperatorWorkTime(id);
  const dates = (span: WorkTimeSpan) => {
    const from = formatShortDate(span.from, i18n.language);
    return span.from === span.to ? from : `${from} – ${formatShortDate(span.to, i18n.language)}`;
  };
  const columns: SimpleColumn<WorkTimeWindow>[] = [
    { key: 'period', header: 'manage.work-time.column.period', cell: (w) => t(`manage.work-time.period.${w.period}`) },
    { key: 'dates', header: 'manage.work-time.column.dates', nowrap: true, cell: (w) => dates(w.current) },
    { key: 'work', header: 'manage.work-time.column.work', align: 'right', cell: (w) => <WithTrend value={w.current.workSeconds} trend={w.workTrend} /> },
    {
      key: 'active',
      header: 'manage.work-time.column.active',
      align: 'right',
      cell: (w) => <WithTrend value={w.current.activeSeconds} trend={w.activeTrend} />,
    },
    { key: 'previous', header: 'manage.work-time.column.previous', nowrap: true, cell: (w) => dates(w.previous) },
    { key: 'previous-work', header: 'manage.work-time.column.previous-work', align: 'right', cell: (w) => seconds(w.previous.workSeconds) },
    { key: 'previous-active', header: 'manage.work-time.column.previous-active', align: 'right', cell: (w) => seconds(w.previous.activeSeconds) },
  ];
  return (
    <Section title={t('manage.work-time.title')} testId="operator-work-time">
      <QueryBody query={workTime}>
        {(body) => <SimpleTable columns={columns} rows={body.windows} rowKey={(w) => w.period} empty={t('manage.work-time.title')} testId="work-time-table" />}
      </QueryBody>
    </Section>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../components/dates/format.ts';
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

/** One figure of the group's day: a label over a large value. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 160px' }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div">
        {children}
      </Typography>
    </Paper>
  );
}

/** A group's page figures (spec 02 "Groups"): its member count, today's productivity and averages per member. */
export function TodayFigures({
  countLabel,
  countTestId,
  count,
  group,
}: {
  countLabel: string;
  countTestId: string;
  count: number;
  group: { productivity: number | null; activityAverage: number | null; workAverage: number | null };
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Figure label={t(countLabel)} testId={countTestId}>
        {count}
      </Figure>
      <Figure label={t('manage.column.productivity')} testId="figure-productivity">
        <Productivity value={group.productivity} />
      </Figure>
      <Figure label={t('manage.column.activity-average')} testId="figure-activity">
        <AverageTime seconds={group.activityAverage} />
      </Figure>
      <Figure label={t('manage.column.work-average')} testId="figure-work">
        <AverageTime seconds={group.workAverage} />
      </Figure>
    </Box>
  );
}

import { styled } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HOURLY_WORK_INTERVAL_HOURS } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { hourlyWorkData } from '../devices-summary/devices-summary-request.ts';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { ChoiceField, PeriodField } from '../summary-parts/SummaryFields.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import type { MonitorProps } from '../types.ts';

const KIND = 'hourly-work-distribution';
/** The bars in one styled list (not three styled components per interval: docs/performance.md, page load). */
const Buckets = styled('ol')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.5),
  '& > li': { display: 'grid', gridTemplateColumns: '100px 1fr 64px', alignItems: 'center', gap: theme.spacing(1), ...theme.typography.body2 },
  '& .track': { height: 12, backgroundColor: theme.palette.action.hover, borderRadius: Number(theme.shape.borderRadius) / 2 },
  '& .bar': { display: 'block', height: '100%', backgroundColor: theme.palette.primary.main, borderRadius: Number(theme.shape.borderRadius) / 2 },
  '& .value': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
}));

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Hourly work distribution: the work of the chosen devices in each interval of the local day (1 to 12 hours) over
 * today, this week or this month in the company's timezone, as bars scaled to the busiest interval.
 */
export function HourlyWorkDistributionMonitor({ settings, update, range }: MonitorProps<'hourly-work-distribution'>) {
  const { t } = useTranslation();
  const { period, intervalHours } = settings;
  const { validity, request } = useMemo(() => hourlyWorkData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, hourlyWorkData.fetch);
  const data = request ? query.data : undefined;
  const busiest = data ? Math.max(0, ...data.buckets.map((b) => b.work)) : 0;
  return (
    <MonitorFrame
      query={query}
      warning={validity.warning}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <DeviceSelectionField value={settings} onChange={update} />
          <PeriodField value={period} onChange={(value) => update({ period: value })} />
          <ChoiceField
            label={t('summary.field.interval-hours')}
            name="interval-hours"
            value={intervalHours}
            options={HOURLY_WORK_INTERVAL_HOURS}
            optionLabel={(hours) => t('summary.hours', { count: hours })}
            onChange={(value) => update({ intervalHours: value })}
          />
        </>
      }
    >
      {data ? (
        <Buckets aria-label={t('summary.field.hourly-work')}>
          {data.buckets.map((bucket) => (
            <li key={bucket.fromHour} data-testid="hourly-work-bucket">
              <span>{`${pad(bucket.fromHour)}–${pad(bucket.toHour)}`}</span>
              <span className="track">
                <span className="bar" style={{ width: `${busiest > 0 ? (bucket.work / busiest) * 100 : 0}%` }} />
              </span>
              <span className="value" data-testid="hourly-work-value">
                {formatDuration(bucket.work)}
              </span>
            </li>
          ))}
        </Buckets>
      ) : null}
    </MonitorFrame>
  );
}

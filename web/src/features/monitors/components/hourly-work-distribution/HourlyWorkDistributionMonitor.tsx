import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
        <Box component="ol" aria-label={t('summary.field.hourly-work')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {data.buckets.map((bucket) => (
            <Box component="li" key={bucket.fromHour} data-testid="hourly-work-bucket" sx={{ display: 'grid', gridTemplateColumns: '100px 1fr 64px', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2">{`${pad(bucket.fromHour)}–${pad(bucket.toHour)}`}</Typography>
              <Box sx={{ height: 12, bgcolor: 'action.hover', borderRadius: 0.5 }}>
                <Box sx={{ height: '100%', width: `${busiest > 0 ? (bucket.work / busiest) * 100 : 0}%`, bgcolor: 'primary.main', borderRadius: 0.5 }} />
              </Box>
              <Typography variant="body2" data-testid="hourly-work-value" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {formatDuration(bucket.work)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </MonitorFrame>
  );
}

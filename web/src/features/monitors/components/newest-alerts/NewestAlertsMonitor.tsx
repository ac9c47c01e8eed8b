import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWEST_ALERTS_IMPORTANCES, NEWEST_ALERTS_MAX_COUNT } from '@gearwatch/contracts';
import { alertMessage } from '../../../../components/alerts/alert-message.ts';
import { formatDateTime } from '../../../../components/dates/format.ts';
import { useDateFormat } from '../../../../components/dates/useDateFormat.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { EntryList } from '../summary-parts/EntryList.tsx';
import { ChoiceField } from '../summary-parts/SummaryFields.tsx';
import { NoData } from '../summary-parts/NoData.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import type { MonitorProps } from '../types.ts';
import { newestAlertsData } from './newest-alerts-request.ts';

const KIND = 'newest-alerts';
const COUNTS = [5, 10, 20, NEWEST_ALERTS_MAX_COUNT] as const;

/**
 * The newest alerts of the company the user sees (the alert list's call, newest first), of one importance or all.
 * Live: an alert event refreshes it (live-updates.ts).
 */
export function NewestAlertsMonitor({ settings, update, range }: MonitorProps<'newest-alerts'>) {
  const { t } = useTranslation();
  // Times in alert messages are shown on the company's clock, as the alert list shows them.
  const dateFormat = useDateFormat();
  const { count, importance } = settings;
  const { request } = useMemo(() => newestAlertsData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, newestAlertsData.fetch);
  // A count saved by hand (any of 1 to the maximum) stays choosable.
  const counts = [...new Set([...COUNTS, count])].sort((a, b) => a - b);
  return (
    <MonitorFrame
      query={query}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <TextField
            select
            size="small"
            label={t('summary.field.count')}
            value={count}
            data-testid="monitor-field-count"
            onChange={(event) => update({ count: Number(event.target.value) })}
          >
            {counts.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <ChoiceField
            label={t('summary.field.importance')}
            name="importance"
            value={importance}
            options={NEWEST_ALERTS_IMPORTANCES}
            optionLabel={(i) => (i === 'all' ? t('summary.importance.all') : t(`alert-rule.importance.${i}`))}
            onChange={(value) => update({ importance: value })}
          />
        </>
      }
    >
      {query.data && query.data.length === 0 ? <NoData message={t('summary.empty.newest-alerts')} /> : null}
      {query.data && query.data.length > 0 ? (
        <EntryList
          testId="newest-alerts-list"
          entries={query.data.map((alert) => ({
            key: alert.id,
            data: { 'data-alert-id': alert.id },
            tone: alert.importance,
            toneLabel: t(`alert-rule.importance.${alert.importance}`),
            primary: `${alert.device.name}: ${alertMessage(alert.message, t, dateFormat)}`,
            secondary: `${formatDateTime(alert.createdAt, dateFormat, 'full')} · ${t(`alert.status.${alert.status}`)}${alert.rule ? ` · ${alert.rule.name}` : ''}`,
          }))}
        />
      ) : null}
    </MonitorFrame>
  );
}

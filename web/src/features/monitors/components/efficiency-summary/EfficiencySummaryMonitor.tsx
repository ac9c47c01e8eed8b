import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EfficiencySummaryAverage } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { PeriodField, SortField } from '../summary-parts/SummaryFields.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import { SummaryResult } from '../summary-parts/SummaryResult.tsx';
import { Figure } from '../summary-parts/SummaryTable.tsx';
import type { SummaryColumn } from '../summary-parts/SummaryTable.tsx';
import { efficiencySummaryData } from '../work-summary/work-summary-request.ts';
import { EfficiencySummaryOptions } from './EfficiencySummaryOptions.tsx';

const KIND = 'efficiency-summary';
type Shown = EfficiencySummaryAverage & { name: string };

/**
 * The efficiency summary (spec 02 "Other dashboard widgets"): per chosen device (or group) the columns its options
 * ask for (active time, work time, percent activity, percent efficiency) and, with averages, the average row.
 */
export function EfficiencySummaryMonitor({ settings, update, range }: MonitorProps<'efficiency-summary'>) {
  const { t } = useTranslation();
  const { byGroups, period, sort } = settings;
  const { validity, request } = useMemo(() => efficiencySummaryData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, efficiencySummaryData.fetch);
  const data = request ? query.data : undefined;
  const percent = (value: number) => `${value}%`;
  const columns: SummaryColumn<Shown>[] = [
    { key: 'name', label: t(byGroups ? 'work-summaries.column.group' : 'summary.column.device'), cell: (r) => r.name, align: 'left' as const },
    ...(settings.activeTime
      ? [{ key: 'active', label: t('work-summaries.column.active'), cell: (r: Shown) => <Figure text={formatDuration(r.active)} trend={r.activeTrend} /> }]
      : []),
    ...(settings.workTime
      ? [{ key: 'work', label: t('work-summaries.column.work'), cell: (r: Shown) => <Figure text={formatDuration(r.work)} trend={r.workTrend} /> }]
      : []),
    ...(settings.percentActivity
      ? [
          {
            key: 'activity',
            label: t('work-summaries.column.activity-percent'),
            cell: (r: Shown) => <Figure text={percent(r.activityPercent)} trend={r.activityPercentTrend} />,
          },
        ]
      : []),
    ...(settings.percentEfficiency
      ? [
          {
            key: 'efficiency',
            label: t('work-summaries.column.efficiency-percent'),
            cell: (r: Shown) => <Figure text={percent(r.efficiencyPercent)} trend={r.efficiencyPercentTrend} />,
          },
        ]
      : []),
  ];

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching, isPending: query.isPending, error: query.error, refetch: query.refetch }}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <DeviceSelectionField value={settings} onChange={update} />
          <PeriodField value={period} onChange={(value) => update({ period: value })} />
          <SortField value={sort} onChange={(value) => update({ sort: value })} />
          <EfficiencySummaryOptions settings={settings} onChange={update} />
        </>
      }
    >
      <SummaryResult
        answer={data}
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => r.name}
        footer={data && settings.averages ? [{ key: 'average', label: t('work-summaries.row.average'), row: { ...data.average, name: '' } }] : []}
      />
    </MonitorFrame>
  );
}

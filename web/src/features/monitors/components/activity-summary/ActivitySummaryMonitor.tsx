import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorValidity } from '@gearwatch/contracts';
import type { WorkSummaryRow } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { NoData } from '../summary-parts/NoData.tsx';
import { PeriodField, SortField } from '../summary-parts/SummaryFields.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import { Figure, SummaryTable } from '../summary-parts/SummaryTable.tsx';
import type { SummaryColumn } from '../summary-parts/SummaryTable.tsx';
import { deviceSummaryRequest, fetchActivitySummary } from '../work-summary/work-summary-request.ts';

const KIND = 'activity-summary';

/**
 * The activity summary (spec 02 "Other dashboard widgets"): active and work time of each chosen device, or of each
 * chosen group, in the period, in the chosen order, with their total and the change against the previous period.
 */
export function ActivitySummaryMonitor({ settings, update }: MonitorProps<'activity-summary'>) {
  const { t } = useTranslation();
  const validity = monitorValidity(KIND, settings, { range: null, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 0 });
  const { byGroups, devices, deviceGroups, period, sort } = settings;
  const request = useMemo(
    () => (validity.valid ? deviceSummaryRequest({ byGroups, devices, deviceGroups }, period, sort) : null),
    [byGroups, deviceGroups, devices, period, sort, validity.valid],
  );
  const query = useMonitorQuery(KIND, request, fetchActivitySummary);
  const data = request ? query.data : undefined;
  const columns: SummaryColumn<Omit<WorkSummaryRow, 'id'>>[] = [
    { key: 'name', label: t(byGroups ? 'work-summaries.column.group' : 'summary.column.device'), cell: (r) => r.name, align: 'left' },
    { key: 'active', label: t('work-summaries.column.active'), cell: (r) => <Figure text={formatDuration(r.active)} trend={r.activeTrend} /> },
    { key: 'work', label: t('work-summaries.column.work'), cell: (r) => <Figure text={formatDuration(r.work)} trend={r.workTrend} /> },
  ];

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching, error: query.error, refetch: query.refetch }}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <DeviceSelectionField value={settings} onChange={update} />
          <PeriodField value={period} onChange={(value) => update({ period: value })} />
          <SortField value={sort} onChange={(value) => update({ sort: value })} />
        </>
      }
    >
      {data && data.rows.length === 0 ? <NoData /> : null}
      {data && data.rows.length > 0 ? (
        <SummaryTable
          columns={columns}
          rows={data.rows}
          rowKey={(r) => ('id' in r ? String(r.id) : r.name)}
          footer={[{ key: 'total', label: t('work-summaries.row.total'), row: { ...data.total, name: '' } }]}
          period={data.period}
          previous={data.previous}
        />
      ) : null}
    </MonitorFrame>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { monitorValidity } from '@gearwatch/contracts';
import type { WorkSummaryRow } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { OperatorSelectionField } from '../fields/OperatorSelectionField.tsx';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { NoData } from '../summary-parts/NoData.tsx';
import { PeriodField, SortField } from '../summary-parts/SummaryFields.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import { Figure, SummaryTable } from '../summary-parts/SummaryTable.tsx';
import type { SummaryColumn } from '../summary-parts/SummaryTable.tsx';
import { fetchOperatorSummary, operatorSummaryRequest } from '../work-summary/work-summary-request.ts';

const KIND = 'operator-summary';

/**
 * The operator summary (spec 02 "Other dashboard widgets"): work and active time of each chosen operator, or of each
 * chosen operator group, from their card sessions in the period, in the chosen order, with the total.
 */
export function OperatorSummaryMonitor({ settings, update }: MonitorProps<'operator-summary'>) {
  const { t } = useTranslation();
  const validity = monitorValidity(KIND, settings, { range: null, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 0 });
  const { byGroups, deviceOperators, deviceOperatorsGroups, period, sort } = settings;
  const request = useMemo(
    () => (validity.valid ? operatorSummaryRequest({ byGroups, deviceOperators, deviceOperatorsGroups, period, sort }) : null),
    [byGroups, deviceOperators, deviceOperatorsGroups, period, sort, validity.valid],
  );
  const query = useMonitorQuery(KIND, request, fetchOperatorSummary);
  const data = request ? query.data : undefined;
  const columns: SummaryColumn<Omit<WorkSummaryRow, 'id'>>[] = [
    { key: 'name', label: t(byGroups ? 'work-summaries.column.operator-group' : 'work-summaries.column.operator'), cell: (r) => r.name, align: 'left' },
    { key: 'work', label: t('work-summaries.column.work'), cell: (r) => <Figure text={formatDuration(r.work)} trend={r.workTrend} /> },
    { key: 'active', label: t('work-summaries.column.active'), cell: (r) => <Figure text={formatDuration(r.active)} trend={r.activeTrend} /> },
  ];

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching, error: query.error, refetch: query.refetch }}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <OperatorSelectionField value={settings} onChange={update} />
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

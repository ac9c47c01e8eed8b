import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonitorSettings, WorkSummaryResponse, WorkSummaryRow } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import type { MonitorFetchContext } from '../../hooks/useMonitorQuery.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import { PeriodField, SortField } from '../summary-parts/SummaryFields.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import { SummaryResult } from '../summary-parts/SummaryResult.tsx';
import { Figure } from '../summary-parts/SummaryTable.tsx';
import type { SummaryColumn } from '../summary-parts/SummaryTable.tsx';
import type { MonitorPlan } from '../types.ts';
import type { SummaryRequest } from './work-summary-request.ts';

/** The summaries of work and active time per row: devices (activity summary) or operators (operator summary). */
export type WorkSummaryKind = 'activity-summary' | 'operator-summary';

/**
 * What differs between them: who the rows are. Devices put active time first (how long they were on, then how much
 * of it was work); operators put work first (what they did on their cards, then how long their machines were on).
 */
const SUBJECTS = {
  'activity-summary': { name: 'summary.column.device', group: 'work-summaries.column.group', figures: ['active', 'work'] },
  'operator-summary': { name: 'work-summaries.column.operator', group: 'work-summaries.column.operator-group', figures: ['work', 'active'] },
} as const;

type Row = Omit<WorkSummaryRow, 'id'>;

export interface WorkSummaryTableProps<K extends WorkSummaryKind> {
  kind: K;
  settings: MonitorSettings<K>;
  update: (patch: Partial<MonitorSettings<K>>) => void;
  /** The settings field that chooses the rows. */
  selection: ReactNode;
  /** The settings judged and the call they ask for (work-summary-request.ts). */
  plan: MonitorPlan<SummaryRequest>;
  fetch: (request: SummaryRequest, context: MonitorFetchContext) => Promise<WorkSummaryResponse>;
}

/**
 * A work summary monitor (spec 02 "Other dashboard widgets"): work and active time of each chosen row, or of each
 * chosen group, in the period, in the chosen order, with their total and the change against the previous period.
 */
export function WorkSummaryTable<K extends WorkSummaryKind>({ kind, settings, update, selection, plan, fetch }: WorkSummaryTableProps<K>) {
  const { t } = useTranslation();
  const { validity, request } = plan;
  const query = useMonitorQuery(kind, request, fetch);
  const data = request ? query.data : undefined;
  const subject = SUBJECTS[kind];
  const label = { active: t('work-summaries.column.active'), work: t('work-summaries.column.work') };
  const columns: SummaryColumn<Row>[] = [
    { key: 'name', label: t(settings.byGroups ? subject.group : subject.name), cell: (r) => r.name, align: 'left' },
    ...subject.figures.map((figure) => ({
      key: figure,
      label: label[figure],
      cell: (r: Row) => <Figure text={formatDuration(r[figure])} trend={figure === 'work' ? r.workTrend : r.activeTrend} />,
    })),
  ];

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching, isPending: query.isPending, error: query.error, refetch: query.refetch }}
      actions={<SummaryGuide kind={kind} />}
      settings={
        <>
          {selection}
          <PeriodField value={settings.period} onChange={(value) => update({ period: value } as Partial<MonitorSettings<K>>)} />
          <SortField value={settings.sort} onChange={(value) => update({ sort: value } as Partial<MonitorSettings<K>>)} />
        </>
      }
    >
      <SummaryResult
        answer={data}
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => ('id' in r ? String(r.id) : r.name)}
        footer={data ? [{ key: 'total', label: t('work-summaries.row.total'), row: { ...data.total, name: '' } }] : []}
      />
    </MonitorFrame>
  );
}

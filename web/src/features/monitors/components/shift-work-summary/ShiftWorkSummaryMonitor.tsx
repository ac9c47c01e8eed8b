import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftWorkRow } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import { formatReading } from '../../../../components/status/status-format.ts';
import { useProductionShifts } from '../../api/model.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { DeviceSelectionField } from '../fields/DeviceSelectionField.tsx';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { PeriodField } from '../summary-parts/SummaryFields.tsx';
import { SummaryGuide } from '../summary-parts/SummaryGuide.tsx';
import { SummaryResult } from '../summary-parts/SummaryResult.tsx';
import { Figure } from '../summary-parts/SummaryTable.tsx';
import type { SummaryColumn } from '../summary-parts/SummaryTable.tsx';
import { shiftWorkSummaryData } from '../work-summary/work-summary-request.ts';

const KIND = 'shift-work-summary';
const NO_SHIFTS: readonly never[] = [];
type Shown = Omit<ShiftWorkRow, 'position' | 'hourStart' | 'hourEnd'> & { hours: string };

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The shift-work summary (spec 02 "Other dashboard widgets"): per company shift the work, active time and counter of
 * the chosen devices in the period (a night shift counts on the date it starts), with the total; warns when the
 * company has no shifts.
 */
export function ShiftWorkSummaryMonitor({ settings, update, range }: MonitorProps<'shift-work-summary'>) {
  const { t, i18n } = useTranslation();
  const shifts = useProductionShifts();
  const shiftList = shifts.isPending ? undefined : (shifts.data ?? NO_SHIFTS);
  const { validity, request } = useMemo(() => shiftWorkSummaryData.plan(settings, { range, shifts: shiftList }), [range, settings, shiftList]);
  const query = useMonitorQuery(KIND, request, shiftWorkSummaryData.fetch);
  const { period } = settings;
  const data = request ? query.data : undefined;
  const columns: SummaryColumn<Shown>[] = [
    { key: 'name', label: t('work-summaries.column.shift'), cell: (r) => (r.hours ? `${r.name} (${r.hours})` : r.name), align: 'left' },
    { key: 'work', label: t('work-summaries.column.work'), cell: (r) => <Figure text={formatDuration(r.work)} trend={r.workTrend} /> },
    { key: 'active', label: t('work-summaries.column.active'), cell: (r) => <Figure text={formatDuration(r.active)} trend={r.activeTrend} /> },
    {
      key: 'counter',
      label: t('work-summaries.column.counter'),
      cell: (r) => <Figure text={formatReading(r.counter, null, i18n.language)} trend={r.counterTrend} />,
    },
  ];
  const rows = data?.shifts.map(({ position: _p, hourStart, hourEnd, ...rest }) => ({ ...rest, hours: `${hour(hourStart)}–${hour(hourEnd)}` })) ?? [];

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching, isPending: query.isPending, error: query.error, refetch: query.refetch }}
      error={shifts.error ?? undefined}
      actions={<SummaryGuide kind={KIND} />}
      settings={
        <>
          <DeviceSelectionField value={settings} onChange={update} />
          <PeriodField value={period} onChange={(value) => update({ period: value })} />
        </>
      }
    >
      <SummaryResult
        answer={data}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.name}
        footer={data ? [{ key: 'total', label: t('work-summaries.row.total'), row: { ...data.total, name: '', hours: '' } }] : []}
      />
    </MonitorFrame>
  );
}

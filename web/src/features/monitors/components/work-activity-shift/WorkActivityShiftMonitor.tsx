import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS, WORK_ACTIVITY_SHIFT_PARAMETERS } from '@gearwatch/contracts';
import { useProductionShifts } from '../../api/model.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { monitorFiles } from '../monitor-files.ts';
import { ChartMonitorFrame } from '../ChartMonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { useFactoryXlsxExport } from '../work-activity/useFactoryXlsxExport.ts';
import { WorkActivitySettingsPanel } from '../work-activity/WorkActivitySettingsPanel.tsx';
import { shiftSummaryItems, workActivityShiftCsv, workActivityShiftOption } from './work-activity-shift-chart.ts';
import { workActivityShiftData } from './work-activity-shift-request.ts';

const KIND = 'work-activity-shift';
const NO_SHIFTS: readonly never[] = [];

/**
 * The work/activity by shift chart (spec 02 §2 item 4): the sum of work, activity or the counter of chosen devices
 * (or of the devices of chosen groups) per company shift over a date range, as bars; warns when the company has no
 * shifts.
 */
export function WorkActivityShiftMonitor({ settings, update, range, setRange, today }: MonitorProps<'work-activity-shift'>) {
  const { t } = useTranslation();
  const shifts = useProductionShifts();
  const exportXlsx = useFactoryXlsxExport();

  const shiftList = shifts.isPending ? undefined : (shifts.data ?? NO_SHIFTS);
  const { validity, request } = useMemo(() => workActivityShiftData.plan(settings, { range, shifts: shiftList }), [range, settings, shiftList]);
  const query = useMonitorQuery(KIND, request, workActivityShiftData.fetch);
  const data = request ? query.data : undefined;

  const { mutate: downloadXlsx } = exportXlsx;
  const { parameter, edited } = settings;
  const option = useMemo(() => {
    if (!data || !request) return null;
    const files = monitorFiles(t(MONITOR_TITLE_KEYS[KIND]), range, () => workActivityShiftCsv(data, parameter, t));
    return workActivityShiftOption(data, { parameter, edited, ...files, xlsx: () => downloadXlsx(request), t });
  }, [data, downloadXlsx, edited, parameter, range, request, t]);

  return (
    <ChartMonitorFrame
      option={option}
      empty={data !== undefined && shiftSummaryItems(data).length === 0}
      warning={validity.warning}
      query={{ isFetching: query.isFetching || exportXlsx.isPending, isPending: query.isPending, error: query.error, refetch: query.refetch }}
      error={exportXlsx.error ?? shifts.error ?? undefined}
      settings={
        <WorkActivitySettingsPanel
          selection={settings}
          parameters={WORK_ACTIVITY_SHIFT_PARAMETERS}
          parameter={settings.parameter}
          range={range}
          today={today}
          onSelectionChange={update}
          onParameterChange={(parameter) => update({ parameter })}
          onRangeChange={setRange}
        />
      }
    />
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS, WORK_ACTIVITY_PARAMETERS } from '@gearwatch/contracts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { monitorFiles } from '../monitor-files.ts';
import { ChartMonitorFrame } from '../ChartMonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { useFactoryXlsxExport } from './useFactoryXlsxExport.ts';
import { workActivityCsv, workActivityOption } from './work-activity-chart.ts';
import { workActivityData, workActivityFileQuery } from './work-activity-request.ts';
import { WorkActivitySettingsPanel } from './WorkActivitySettingsPanel.tsx';

const KIND = 'work-activity';

/**
 * The work/activity chart (spec 02 §2 item 3): work, activity or the counter of chosen devices (or of the devices
 * of chosen groups) as one stepped line per device over a date range, with a spreadsheet export in the toolbox.
 */
export function WorkActivityMonitor({ settings, update, range, setRange, today }: MonitorProps<'work-activity'>) {
  const { t } = useTranslation();
  const exportXlsx = useFactoryXlsxExport();

  const { validity, request } = useMemo(() => workActivityData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, workActivityData.fetch);
  const data = request ? query.data : undefined;

  const { mutate: downloadXlsx } = exportXlsx;
  const { parameter, magicType, edited } = settings;
  const option = useMemo(() => {
    if (!data || !request) return null;
    const files = monitorFiles(t(MONITOR_TITLE_KEYS[KIND]), range, () => workActivityCsv(data, parameter, t));
    return workActivityOption(data, { parameter, magicType, edited, ...files, xlsx: () => downloadXlsx(workActivityFileQuery(request)), t });
  }, [data, downloadXlsx, edited, magicType, parameter, range, request, t]);

  return (
    <ChartMonitorFrame
      option={option}
      empty={data?.data.length === 0}
      onChartTypeChange={update}
      warning={validity.warning}
      query={{ isFetching: query.isFetching || exportXlsx.isPending, isPending: query.isPending, error: query.error, refetch: query.refetch }}
      error={exportXlsx.error ?? undefined}
      settings={
        <WorkActivitySettingsPanel
          selection={settings}
          parameters={WORK_ACTIVITY_PARAMETERS}
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

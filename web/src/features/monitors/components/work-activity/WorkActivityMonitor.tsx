import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_BOM, CSV_CONTENT_TYPE, monitorValidity, MONITOR_TITLE_KEYS, WORK_ACTIVITY_PARAMETERS } from '@gearwatch/contracts';
import { EChart } from '../../../../components/chart/EChart.tsx';
import { downloadFile } from '../../../../components/download.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useChartEnvironment } from '../chart-environment.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { useFactoryXlsxExport } from './useFactoryXlsxExport.ts';
import { workActivityCsv, workActivityOption } from './work-activity-chart.ts';
import { fetchWorkActivity, workActivityFileQuery, workActivityRequest } from './work-activity-request.ts';
import { WorkActivitySettingsPanel } from './WorkActivitySettingsPanel.tsx';
import { useChartTypeEvents } from '../../hooks/useChartTypeEvents.ts';

const KIND = 'work-activity';

/**
 * The work/activity chart (spec 02 §2 item 3): work, activity or the counter of chosen devices (or of the devices
 * of chosen groups) as one stepped line per device over a date range, with a spreadsheet export in the toolbox.
 */
export function WorkActivityMonitor({ settings, update, range, setRange, today }: MonitorProps<'work-activity'>) {
  const { t } = useTranslation();
  const chart = useChartEnvironment();
  const exportXlsx = useFactoryXlsxExport();

  const validity = monitorValidity(KIND, settings, { range, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 0 });
  const { byGroups, devices, deviceGroups } = settings;
  const request = useMemo(
    () => (validity.valid ? workActivityRequest({ byGroups, devices, deviceGroups }, range) : null),
    [byGroups, deviceGroups, devices, range, validity.valid],
  );
  const query = useMonitorQuery(KIND, request, fetchWorkActivity);
  const data = request ? query.data : undefined;

  const title = t(MONITOR_TITLE_KEYS[KIND]);
  const { mutate: downloadXlsx } = exportXlsx;
  const option = useMemo(() => {
    if (!data || !request) return null;
    const { from, to } = request;
    const csv = () => downloadFile(CSV_BOM + workActivityCsv(data, settings.parameter), `${title}-${from}-${to}.csv`, CSV_CONTENT_TYPE);
    return workActivityOption(data, {
      parameter: settings.parameter,
      magicType: settings.magicType,
      edited: settings.edited,
      imageName: `${title}-${from}-${to}`,
      csv,
      xlsx: () => downloadXlsx(workActivityFileQuery(request)),
      t,
    });
  }, [data, downloadXlsx, request, settings.edited, settings.magicType, settings.parameter, t, title]);

  const onEvents = useChartTypeEvents(update);

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching || exportXlsx.isPending, error: query.error, refetch: query.refetch }}
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
    >
      {option && data && data.data.length > 0 ? (
        <EChart option={option} renderer={chart.renderer} width={chart.width} onEvents={onEvents} ariaLabel={title} />
      ) : data ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('monitor.message.no-data')}
        </Typography>
      ) : null}
    </MonitorFrame>
  );
}

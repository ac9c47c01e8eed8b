import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_BOM, CSV_CONTENT_TYPE, monitorValidity, MONITOR_TITLE_KEYS, WORK_ACTIVITY_SHIFT_PARAMETERS } from '@gearwatch/contracts';
import type { MonitorValidity } from '@gearwatch/contracts';
import { EChart } from '../../../../components/chart/EChart.tsx';
import { downloadFile } from '../../../../components/download.ts';
import { useProductionShifts } from '../../api/model.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useChartEnvironment } from '../chart-environment.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { useFactoryXlsxExport } from '../work-activity/useFactoryXlsxExport.ts';
import { WorkActivitySettingsPanel } from '../work-activity/WorkActivitySettingsPanel.tsx';
import { shiftSummaryItems, workActivityShiftCsv, workActivityShiftOption } from './work-activity-shift-chart.ts';
import { fetchWorkActivityShift, workActivityShiftRequest } from './work-activity-shift-request.ts';

const KIND = 'work-activity-shift';
const WAITING: MonitorValidity = { valid: false, warning: null };

/**
 * The work/activity by shift chart (spec 02 §2 item 4): the sum of work, activity or the counter of chosen devices
 * (or of the devices of chosen groups) per company shift over a date range, as bars; warns when the company has no
 * shifts.
 */
export function WorkActivityShiftMonitor({ settings, update, range, setRange, today }: MonitorProps<'work-activity-shift'>) {
  const { t } = useTranslation();
  const chart = useChartEnvironment();
  const shifts = useProductionShifts();
  const exportXlsx = useFactoryXlsxExport();

  // Whether the company has shifts is not known before its list arrives: no warning and no call until then.
  const validity = shifts.isPending
    ? WAITING
    : monitorValidity(KIND, settings, { range, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: shifts.data?.length ?? 0 });
  const { byGroups, devices, deviceGroups } = settings;
  const request = useMemo(
    () => (validity.valid ? workActivityShiftRequest({ byGroups, devices, deviceGroups }, range) : null),
    [byGroups, deviceGroups, devices, range, validity.valid],
  );
  const query = useMonitorQuery(KIND, request, fetchWorkActivityShift);
  const data = request ? query.data : undefined;

  const title = t(MONITOR_TITLE_KEYS[KIND]);
  const { mutate: downloadXlsx } = exportXlsx;
  const option = useMemo(() => {
    if (!data || !request) return null;
    const csv = () => downloadFile(CSV_BOM + workActivityShiftCsv(data, settings.parameter, t), `${title}-${request.from}-${request.to}.csv`, CSV_CONTENT_TYPE);
    return workActivityShiftOption(data, {
      parameter: settings.parameter,
      edited: settings.edited,
      imageName: `${title}-${request.from}-${request.to}`,
      csv,
      xlsx: () => downloadXlsx(request),
      t,
    });
  }, [data, downloadXlsx, request, settings.edited, settings.parameter, t, title]);

  return (
    <MonitorFrame
      warning={validity.warning}
      query={{ isFetching: query.isFetching || exportXlsx.isPending, error: query.error, refetch: query.refetch }}
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
    >
      {option && data && shiftSummaryItems(data).length > 0 ? (
        <EChart option={option} renderer={chart.renderer} width={chart.width} ariaLabel={title} />
      ) : data ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('monitor.message.no-data')}
        </Typography>
      ) : null}
    </MonitorFrame>
  );
}

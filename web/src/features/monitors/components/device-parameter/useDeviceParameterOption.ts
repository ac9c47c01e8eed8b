import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { ChartType, DateRange, DeviceDiagnosticsResponse } from '@gearwatch/contracts';
import type { ChartOption } from '../../../../components/chart/echarts.ts';
import { monitorFiles } from '../monitor-files.ts';
import { deviceParameterCsv, deviceParameterOption } from './device-parameter-chart.ts';

/** The chart of a device diagnostics answer with its image and CSV: the device parameter and efficiency monitors'. */
export function useDeviceParameterOption(
  kind: 'device-parameter' | 'efficiency',
  data: DeviceDiagnosticsResponse | undefined,
  { magicType, edited }: { magicType: ChartType; edited: boolean },
  range: DateRange,
): ChartOption | null {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!data) return null;
    const files = monitorFiles(t(MONITOR_TITLE_KEYS[kind]), range, () => deviceParameterCsv(data, t));
    return deviceParameterOption(data, { magicType, edited, ...files, t });
  }, [data, edited, kind, magicType, range, t]);
}

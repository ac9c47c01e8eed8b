import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_BOM, CSV_CONTENT_TYPE, fitInterval, MONITOR_MESSAGE_KEYS, MONITOR_TITLE_KEYS, monitorValidity } from '@gearwatch/contracts';
import type { DateRange, DeviceOperatorInterval } from '@gearwatch/contracts';
import { queryKeys } from '../../../../api/query-keys.ts';
import { EChart } from '../../../../components/chart/EChart.tsx';
import { downloadFile } from '../../../../components/download.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useChartEnvironment } from '../chart-environment.ts';
import { MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { deviceOperatorCsv, deviceOperatorOption } from './device-operator-chart.ts';
import { deviceOperatorRequest, fetchOperatorDiagnostics, isGroupWithoutOperators } from './device-operator-request.ts';
import { DeviceOperatorSettingsPanel } from './DeviceOperatorSettingsPanel.tsx';
import { useChartTypeEvents } from '../../hooks/useChartTypeEvents.ts';

const KIND = 'device-operator';

/**
 * The device-operator monitor (spec 02 §2 item 2): the work or the activity of chosen operators (or of the
 * operators of chosen groups) over a date range at an interval, as bars stacked per category.
 */
export function DeviceOperatorMonitor({ settings, update, range, setRange, today }: MonitorProps<'device-operator'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const chart = useChartEnvironment();

  const validity = monitorValidity(KIND, settings, { range, selectableParameters: null, selectedDeviceCount: 0, shiftsDefined: 0 });
  const { byGroups, deviceOperators, deviceOperatorsGroups, interval } = settings;
  const request = useMemo(
    () => (validity.valid ? deviceOperatorRequest({ byGroups, deviceOperators, deviceOperatorsGroups, interval }, range) : null),
    [byGroups, deviceOperators, deviceOperatorsGroups, interval, range, validity.valid],
  );
  const query = useMonitorQuery(KIND, request, fetchOperatorDiagnostics);
  // Spec 02 §7, §8: a group without operators is answered 400; the error (with its body) stays on the query, the
  // group warning replaces it and nothing is drawn, not even the answer of an earlier refresh.
  const groupWithoutOperators = request !== null && isGroupWithoutOperators(query.error);
  const data = request && !groupWithoutOperators ? query.data : undefined;

  // Spec 02 §4: the server answered another interval (the range is too long for the one asked): follow it. The
  // answer is the answer for the new interval too, so it is kept under that request rather than fetched again.
  const answeredInterval = data?.data.interval;
  useEffect(() => {
    if (!request || answeredInterval === undefined || answeredInterval === request.interval) return;
    queryClient.setQueryData(queryKeys.monitorData(KIND, { ...request, interval: answeredInterval }), data);
    update({ interval: answeredInterval });
  }, [answeredInterval, data, queryClient, request, update]);

  const changeRange = (next: DateRange) => {
    setRange(next);
    const fitted = fitInterval(KIND, settings.interval, next) as DeviceOperatorInterval;
    if (fitted !== settings.interval) update({ interval: fitted });
  };

  const title = t(MONITOR_TITLE_KEYS[KIND]);
  const option = useMemo(() => {
    if (!data) return null;
    const csv = () => downloadFile(CSV_BOM + deviceOperatorCsv(data, settings.parameter), `${title}-${range.from}-${range.to}.csv`, CSV_CONTENT_TYPE);
    return deviceOperatorOption(data, {
      parameter: settings.parameter,
      magicType: settings.magicType,
      edited: settings.edited,
      imageName: `${title}-${range.from}-${range.to}`,
      csv,
      t,
    });
  }, [data, range.from, range.to, settings.edited, settings.magicType, settings.parameter, t, title]);

  const onEvents = useChartTypeEvents(update);

  return (
    <MonitorFrame
      warning={groupWithoutOperators ? MONITOR_MESSAGE_KEYS.groupWithoutOperators : validity.warning}
      query={query}
      error={groupWithoutOperators ? null : undefined}
      settings={
        <DeviceOperatorSettingsPanel
          settings={settings}
          range={range}
          today={today}
          onSelectionChange={update}
          onParameterChange={(parameter) => update({ parameter })}
          onIntervalChange={(next) => update({ interval: next })}
          onRangeChange={changeRange}
        />
      }
    >
      {option && data && data.data.data.length > 0 ? (
        <EChart option={option} renderer={chart.renderer} width={chart.width} onEvents={onEvents} ariaLabel={title} />
      ) : data ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('monitor.message.no-data')}
        </Typography>
      ) : null}
    </MonitorFrame>
  );
}

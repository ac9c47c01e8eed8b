import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_OPERATOR_INTERVALS, fitInterval, MONITOR_MESSAGE_KEYS, MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { DateRange, DeviceOperatorInterval } from '@gearwatch/contracts';
import { useAnsweredInterval } from '../../hooks/useAnsweredInterval.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { monitorFiles } from '../monitor-files.ts';
import { ChartMonitorFrame } from '../ChartMonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { deviceOperatorCsv, deviceOperatorOption } from './device-operator-chart.ts';
import { deviceOperatorData, isGroupWithoutOperators } from './device-operator-request.ts';
import { DeviceOperatorSettingsPanel } from './DeviceOperatorSettingsPanel.tsx';

const KIND = 'device-operator';

/**
 * The device-operator monitor (spec 02 §2 item 2): the work or the activity of chosen operators (or of the
 * operators of chosen groups) over a date range at an interval, as bars stacked per category.
 */
export function DeviceOperatorMonitor({ settings, update, range, setRange, today }: MonitorProps<'device-operator'>) {
  const { t } = useTranslation();

  const { validity, request } = useMemo(() => deviceOperatorData.plan(settings, { range }), [range, settings]);
  const query = useMonitorQuery(KIND, request, deviceOperatorData.fetch);
  // Spec 02 §7, §8: a group without operators is answered 400; the error (with its body) stays on the query, the
  // group warning replaces it and nothing is drawn, not even the answer of an earlier refresh.
  const groupWithoutOperators = request !== null && isGroupWithoutOperators(query.error);
  const data = request && !groupWithoutOperators ? query.data : undefined;

  useAnsweredInterval({ kind: KIND, request, answer: data, answered: data?.data.interval, offered: DEVICE_OPERATOR_INTERVALS, update });

  const changeRange = (next: DateRange) => {
    setRange(next);
    const fitted = fitInterval(KIND, settings.interval, next) as DeviceOperatorInterval;
    if (fitted !== settings.interval) update({ interval: fitted });
  };

  const { parameter, magicType, edited } = settings;
  const option = useMemo(() => {
    if (!data) return null;
    const files = monitorFiles(t(MONITOR_TITLE_KEYS[KIND]), range, () => deviceOperatorCsv(data, parameter, t));
    return deviceOperatorOption(data, { parameter, magicType, edited, ...files, t });
  }, [data, edited, magicType, parameter, range, t]);

  return (
    <ChartMonitorFrame
      option={option}
      empty={data?.data.data.length === 0}
      onChartTypeChange={update}
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
    />
  );
}

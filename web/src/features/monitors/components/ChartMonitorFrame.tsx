// The frame of every chart monitor: MonitorFrame with the chart, or "No data found" for an answer with nothing to
// draw, or nothing before the first answer (the frame's spinner shows the call).
//
// A chart monitor is a short file (device-operator/DeviceOperatorMonitor.tsx is one):
//   1. its request and data: `request` from the settings and dates, null while they are not valid (monitorValidity),
//      then `useMonitorQuery(KIND, request, fetch)`; `useAnsweredInterval` if the kind has an interval field;
//   2. its option builder: a pure function in `<kind>-chart.ts` beside it, unit-tested there, `categoryChart` plus
//      its y-axes and series, with the CSV text beside it and every word through `t` (chart-text.ts). The monitor
//      memoises `data ? build(data, { magicType, edited, ...monitorFiles(title, range, () => csv(data, t)), t }) : null`,
//      taking out the settings the chart reads (a change of any other setting must not redraw it);
//   3. this frame: `<ChartMonitorFrame option empty warning query settings={<Panel />} onChartTypeChange={update} />`.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { ChartType } from '@gearwatch/contracts';
import type { ChartOption } from '../../../components/chart/echarts.ts';
import { EChart } from '../../../components/chart/EChart.tsx';
import { useChartTypeEvents } from '../hooks/useChartTypeEvents.ts';
import { useChartEnvironment } from './chart-environment.ts';
import { useMonitorFrame } from './frame-context.ts';
import { MonitorFrame } from './MonitorFrame.tsx';
import type { MonitorFrameProps } from './MonitorFrame.tsx';

export interface ChartMonitorFrameProps extends Omit<MonitorFrameProps, 'children'> {
  /** The chart of the answer; null while there is none. */
  option: ChartOption | null;
  /** The answer has nothing to draw: the message instead of an empty chart. */
  empty: boolean;
  /** Saves the toolbox's line/bar switch; for kinds whose settings keep a chart type (spec 02 §4). */
  onChartTypeChange?: (patch: { magicType: ChartType }) => void;
}

export function ChartMonitorFrame({ option, empty, onChartTypeChange, ...frameProps }: ChartMonitorFrameProps) {
  const { t } = useTranslation();
  const { kind } = useMonitorFrame();
  const chart = useChartEnvironment();
  const onEvents = useChartTypeEvents(onChartTypeChange);
  return (
    <MonitorFrame {...frameProps}>
      {option && !empty ? (
        <EChart option={option} renderer={chart.renderer} width={chart.width} onEvents={onEvents} ariaLabel={t(MONITOR_TITLE_KEYS[kind])} />
      ) : option ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('monitor.message.no-data')}
        </Typography>
      ) : null}
    </MonitorFrame>
  );
}

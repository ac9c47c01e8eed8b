// The frame of every chart monitor: MonitorFrame with the chart, or "No data found" for an answer with nothing to
// draw, or nothing before the first answer (the frame's spinner shows the call).
//
// A chart monitor is a short file (see device-operator/DeviceOperatorMonitor.tsx):
//   1. its request and query: `request` from the settings and dates (null while they are not valid), then
//      `useMonitorQuery(KIND, request, fetch)`; `useAnsweredInterval` when the kind has an interval field;
//   2. its pure option builder in a `<kind>-chart.ts` beside it, with the CSV text, every UI word through `t`,
//      unit-tested there: `useMemo(() => data ? build(data, { ...settings, ...monitorFiles(title, range, csv), t }) : null)`;
//   3. this frame: `<ChartMonitorFrame warning query option empty onChartTypeChange={update} settings={<Panel />} />`.
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

export interface ChartMonitorFrameProps extends Omit<MonitorFrameProps, 'children' | 'pending'> {
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

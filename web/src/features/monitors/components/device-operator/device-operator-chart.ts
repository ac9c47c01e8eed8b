import { chartCsv, OPERATOR_CSV_DECIMALS, PARAMETER_NUMBERS, secondsAxis, secondsAxisLabel } from '@gearwatch/contracts';
import type { ChartType, CsvSeries, DeviceOperatorParameter, OperatorDiagnosticsResponse, SecondsAxis } from '@gearwatch/contracts';
import type { ChartOption, ChartSeriesOption } from '../../../../components/chart/echarts.ts';
import { categoryChart } from '../category-chart.ts';
import type { MonitorChartOptions } from '../category-chart.ts';
import { secondsUnitText } from '../chart-text.ts';
import type { Translate } from '../chart-text.ts';

/** Every operator's series shares this stack: the bars of a category add up to the whole selection's time. */
export const OPERATOR_STACK = 'operators';

/** One operator's values of the chosen parameter (work for 1, activity for 2), aligned with the categories. */
export interface OperatorSeries {
  id: number;
  name: string;
  values: (number | null)[];
}

export function operatorSeries(response: OperatorDiagnosticsResponse, parameter: DeviceOperatorParameter): OperatorSeries[] {
  return response.data.data.map(({ deviceOperator, work, active }) => ({
    id: deviceOperator.id,
    name: deviceOperator.name,
    values: parameter === PARAMETER_NUMBERS.work ? work : active,
  }));
}

/** The highest stack: the largest sum over the operators of one category (what the stacked axis must reach). */
export function stackedMaximum(series: readonly OperatorSeries[], categoryCount: number): number {
  let maximum = 0;
  for (let index = 0; index < categoryCount; index += 1) {
    const total = series.reduce((sum, s) => sum + Math.max(0, s.values[index] ?? 0), 0);
    if (total > maximum) maximum = total;
  }
  return maximum;
}

/** The chart's CSV (spec 02 §9): DateTime, then "<operator> [s]" per operator, the answer's seconds to 3 decimals. */
export function deviceOperatorCsv(response: OperatorDiagnosticsResponse, parameter: DeviceOperatorParameter, t: Translate): string {
  const unit = secondsUnitText('s', t);
  const series: CsvSeries[] = operatorSeries(response, parameter).map((s) => ({ name: s.name, unit, values: s.values }));
  return chartCsv(response.data.categories, series, OPERATOR_CSV_DECIMALS);
}

/** A value in seconds as the axis shows it: in the axis' unit, rounded for display, with that unit. */
export function formatSeconds(value: number, axis: SecondsAxis, t: Translate): string {
  return `${secondsAxisLabel(value, axis)} ${secondsUnitText(axis.unit, t)}`;
}

export interface DeviceOperatorChartOptions extends MonitorChartOptions {
  parameter: DeviceOperatorParameter;
  magicType: ChartType;
}

/**
 * The operator monitor's chart (spec 02 §2 item 2): the answer's categories on x, one series per operator, all
 * stacked, against one seconds axis shown in s, min or h (sized by the highest stack), colours by series index, and
 * the toolbox with the line/bar switch.
 */
export function deviceOperatorOption(response: OperatorDiagnosticsResponse, options: DeviceOperatorChartOptions): ChartOption {
  const { t } = options;
  const { categories } = response.data;
  const series = operatorSeries(response, options.parameter);
  const axis = secondsAxis(stackedMaximum(series, categories.length));
  const drawn: ChartSeriesOption[] = series.map((s) => ({
    name: s.name,
    type: options.magicType,
    stack: OPERATOR_STACK,
    data: s.values,
    tooltip: { valueFormatter: (value) => (typeof value === 'number' ? formatSeconds(value, axis, t) : '–') },
  }));
  return {
    ...categoryChart(options, { names: series.map((s) => s.name), categories, lineBarSwitch: true }),
    yAxis: {
      type: 'value',
      name: secondsUnitText(axis.unit, t),
      min: 0,
      max: axis.max,
      interval: axis.interval,
      axisLine: { show: true },
      axisLabel: { formatter: (value: number) => String(secondsAxisLabel(value, axis)) },
    },
    series: drawn,
  };
}

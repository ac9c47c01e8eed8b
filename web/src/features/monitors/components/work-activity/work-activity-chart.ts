import { chartCsv, CSV_DECIMALS, roundValue, secondsAxis, secondsAxisLabel } from '@gearwatch/contracts';
import type { ChartType, CsvSeries, FactoryDeviceChartResponse, SecondsAxis, WorkActivityParameter } from '@gearwatch/contracts';
import type { ChartOption, ChartSeriesOption } from '../../../../components/chart/echarts.ts';
import { categoryChart } from '../category-chart.ts';
import type { MonitorChartOptions } from '../category-chart.ts';
import { secondsUnitText } from '../chart-text.ts';
import type { Translate } from '../chart-text.ts';

/** One stepped line: one device's values of the chosen parameter, aligned with the categories. */
export interface WorkActivitySeries {
  name: string;
  values: (number | null)[];
}

/** Work and activity are seconds; the counter counts pieces. */
export function isSecondsParameter(parameter: WorkActivityParameter): boolean {
  return parameter !== 'counter';
}

/** The answer's categories: every device has one item per category, in the same order. */
export function workActivityCategories(response: FactoryDeviceChartResponse): string[] {
  return response.data[0]?.items.map((item) => item.time) ?? [];
}

export function workActivitySeries(response: FactoryDeviceChartResponse, parameter: WorkActivityParameter): WorkActivitySeries[] {
  return response.data.map((entry) => ({ name: entry.name, values: entry.items.map((item) => item[parameter]) }));
}

/** The seconds axis (s, min or h) for work and activity, sized by the largest value; null for the counter. */
export function workActivityAxis(series: readonly WorkActivitySeries[], parameter: WorkActivityParameter): SecondsAxis | null {
  if (!isSecondsParameter(parameter)) return null;
  let max = 0;
  for (const { values } of series) for (const value of values) if (value !== null && value > max) max = value;
  return secondsAxis(max);
}

/** The chart's CSV (spec 02 §9): DateTime, then one column per device, seconds as answered ("[s]"), 2 decimals. */
export function workActivityCsv(response: FactoryDeviceChartResponse, parameter: WorkActivityParameter, t: Translate): string {
  const unit = isSecondsParameter(parameter) ? secondsUnitText('s', t) : '';
  const series: CsvSeries[] = workActivitySeries(response, parameter).map((s) => ({ name: s.name, unit, values: s.values }));
  return chartCsv(workActivityCategories(response), series, CSV_DECIMALS);
}

export interface WorkActivityChartOptions extends MonitorChartOptions {
  parameter: WorkActivityParameter;
  magicType: ChartType;
  xlsx: () => void;
}

/**
 * The work/activity chart (spec 02 §2 item 3): one stepped line per device over the answer's categories (bars when
 * switched), colours by series index, one y-axis in s/min/h for work and activity or plain for the counter, and the
 * toolbox with the spreadsheet export.
 */
export function workActivityOption(response: FactoryDeviceChartResponse, options: WorkActivityChartOptions): ChartOption {
  const { t } = options;
  const series = workActivitySeries(response, options.parameter);
  const axis = workActivityAxis(series, options.parameter);
  const unit = axis ? secondsUnitText(axis.unit, t) : '';
  const format = (value: number) => String(axis ? secondsAxisLabel(value, axis) : roundValue(value));
  const valueFormatter = (value: unknown) => (typeof value === 'number' ? (unit ? `${format(value)} ${unit}` : format(value)) : '–');
  const drawn: ChartSeriesOption[] = series.map((s) =>
    options.magicType === 'line'
      ? // A category is a bucket's start and its value holds until the next one: the step comes at the end.
        { name: s.name, type: 'line', step: 'end', data: s.values, connectNulls: false, showSymbol: false, tooltip: { valueFormatter } }
      : { name: s.name, type: 'bar', data: s.values, tooltip: { valueFormatter } },
  );
  return {
    ...categoryChart(options, { names: series.map((s) => s.name), categories: workActivityCategories(response), lineBarSwitch: true }),
    yAxis: {
      type: 'value',
      name: unit,
      min: axis ? 0 : undefined,
      max: axis?.max,
      interval: axis?.interval,
      axisLine: { show: true },
      axisLabel: { formatter: format },
    },
    series: drawn,
  };
}

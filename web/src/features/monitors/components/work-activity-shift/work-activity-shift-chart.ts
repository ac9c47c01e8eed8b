import { csvSeriesHeader, CSV_DECIMALS, FACTORY_SUMMARY_NAME, roundValue, SHIFT_CHART_DIVIDER, toCsv } from '@gearwatch/contracts';
import type { FactoryShiftChartItem, FactoryShiftChartResponse, WorkActivityShiftParameter } from '@gearwatch/contracts';
import type { ChartOption } from '../../../../components/chart/echarts.ts';
import { categoryChart } from '../category-chart.ts';
import type { MonitorChartOptions } from '../category-chart.ts';
import { secondsUnitText } from '../chart-text.ts';
import type { Translate } from '../chart-text.ts';

/** The work and activity sums are seconds, shown in minutes (spec 02 §9); the counter's sum counts pieces. */
export function isMinutesParameter(parameter: WorkActivityShiftParameter): boolean {
  return parameter !== 'counterSum';
}

/**
 * The shifts of the entry for all devices together: the server sends it last, named summary (a device may bear
 * that name as well), and ends its items with one totalling all shifts, which is left out (the chart has one bar
 * per shift). Empty when the selection had no devices.
 */
export function shiftSummaryItems(response: FactoryShiftChartResponse): FactoryShiftChartItem[] {
  const entry = response.data.findLast((candidate) => candidate.name === FACTORY_SUMMARY_NAME);
  if (!entry) return [];
  return entry.items.at(-1)?.name === FACTORY_SUMMARY_NAME ? entry.items.slice(0, -1) : entry.items;
}

/** A shift's bar: its sum of work or activity in minutes, or its counter sum as is. */
export function shiftChartValue(item: FactoryShiftChartItem, parameter: WorkActivityShiftParameter): number {
  return isMinutesParameter(parameter) ? item[parameter] / SHIFT_CHART_DIVIDER : item[parameter];
}

function unitOf(parameter: WorkActivityShiftParameter, t: Translate): string {
  return isMinutesParameter(parameter) ? secondsUnitText('min', t) : '';
}

/**
 * The chart's CSV (spec 02 §9: semicolons, every cell quoted, 2 decimals): a column of the shift names, then the
 * summary series as drawn, "Summary [min]".
 */
export function workActivityShiftCsv(response: FactoryShiftChartResponse, parameter: WorkActivityShiftParameter, t: Translate): string {
  const header = [t('monitor.work-activity.shift'), csvSeriesHeader({ name: t('monitor.work-activity.summary'), unit: unitOf(parameter, t) })];
  const rows = shiftSummaryItems(response).map((item) => [item.name, shiftChartValue(item, parameter)]);
  return toCsv(header, rows, CSV_DECIMALS);
}

export interface WorkActivityShiftChartOptions extends MonitorChartOptions {
  parameter: WorkActivityShiftParameter;
  xlsx: () => void;
}

/**
 * The work/activity by shift chart (spec 02 §2 item 4): one bar series named summary (translated) with one category
 * per shift, in minutes for work and activity, and the toolbox with the spreadsheet export. The settings keep no
 * chart type, so the toolbox has no line/bar switch.
 */
export function workActivityShiftOption(response: FactoryShiftChartResponse, options: WorkActivityShiftChartOptions): ChartOption {
  const { parameter, t } = options;
  const items = shiftSummaryItems(response);
  const unit = unitOf(parameter, t);
  const name = t('monitor.work-activity.summary');
  const format = (value: number) => String(roundValue(value));
  return {
    ...categoryChart(options, { names: [name], categories: items.map((item) => item.name), lineBarSwitch: false }),
    yAxis: { type: 'value', name: unit, min: 0, axisLine: { show: true }, axisLabel: { formatter: format } },
    series: [
      {
        name,
        type: 'bar',
        data: items.map((item) => shiftChartValue(item, parameter)),
        tooltip: { valueFormatter: (value) => (typeof value === 'number' ? (unit ? `${format(value)} ${unit}` : format(value)) : '–') },
      },
    ],
  };
}

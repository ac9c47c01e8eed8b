import { axisExtents, chartCsv, CSV_DECIMALS, PARAMETER_NUMBERS, roundValue, unitAxes } from '@gearwatch/contracts';
import type { ChartType, CsvSeries, DeviceDiagnosticsResponse, DiagnosticsUnit, UnitAxis } from '@gearwatch/contracts';
import type { ChartOption, ChartSeriesOption } from '../../../../components/chart/echarts.ts';
import { categoryChart } from '../category-chart.ts';
import type { MonitorChartOptions } from '../category-chart.ts';
import { secondsUnitText } from '../chart-text.ts';
import type { Translate } from '../chart-text.ts';
import { EFFICIENCY_NAME_KEY } from '../fields/ParameterField.tsx';

/** One drawn line or bar set: one parameter of one device (spec 02 §2 item 1). */
export interface DeviceParameterSeries {
  name: string;
  unit: DiagnosticsUnit;
  axis: number;
  values: (number | null)[];
}

/** The series of an answer, device by device, each device's parameters in the answer's order. */
export function deviceParameterSeries(response: DeviceDiagnosticsResponse, t: Translate): DeviceParameterSeries[] {
  return response.data.flatMap(({ device, parameters }) =>
    parameters.map((parameter) => ({
      name: `${device.name} – ${parameter.number === PARAMETER_NUMBERS.efficiency ? t(EFFICIENCY_NAME_KEY) : parameter.name}`,
      unit: parameter.unit,
      axis: parameter.axis,
      values: parameter.values,
    })),
  );
}

/** The chart's CSV (spec 02 §9): DateTime, then "<device> – <parameter> [<unit>]" per series, 2 decimals. */
export function deviceParameterCsv(response: DeviceDiagnosticsResponse, t: Translate): string {
  const series: CsvSeries[] = deviceParameterSeries(response, t).map((s) => ({ name: s.name, unit: s.unit.short, values: s.values }));
  return chartCsv(response.categories, series, CSV_DECIMALS);
}

/** A value as the tooltip and the labels show it: on/off as words, seconds in the axis unit, others rounded. */
export function formatAxisValue(value: number, axis: UnitAxis, t: Translate): string {
  switch (axis.kind) {
    case 'on-off':
      return value >= 1 ? t('monitor.axis.on') : value <= 0 ? t('monitor.axis.off') : String(roundValue(value));
    case 'seconds':
      return String(roundValue(value / (axis.seconds?.divider ?? 1)));
    default:
      return String(roundValue(value));
  }
}

/** An axis' unit as its name and the tooltips write it: the parameter's own, or s/min/h for seconds; none for on/off. */
function axisUnitText(axis: UnitAxis, t: Translate): string {
  if (axis.kind === 'seconds') return axis.seconds ? secondsUnitText(axis.seconds.unit, t) : axis.unit.short;
  return axis.kind === 'on-off' ? '' : axis.unit.short;
}

export interface DeviceParameterChartOptions extends MonitorChartOptions {
  magicType: ChartType;
}

/**
 * The chart of the device parameter monitor: a category axis of the answer's categories, one y-axis per unit (left
 * and right in turn, the extra ones offset), one series per device × parameter drawn as bars or lines, colours by
 * series index, tooltips rounded to 2 decimals, and the toolbox.
 */
export function deviceParameterOption(response: DeviceDiagnosticsResponse, options: DeviceParameterChartOptions): ChartOption {
  const { t } = options;
  const series = deviceParameterSeries(response, t);
  const axes = unitAxes(response.units, axisExtents(series, response.units.length));
  // Extra axes stand outside the grid: widen its margin on each side by the outermost axis offset.
  const extra = (side: UnitAxis['position']) => Math.max(0, ...axes.filter((axis) => axis.position === side).map((axis) => axis.offset));
  const drawn: ChartSeriesOption[] = series.map((s) => {
    const axis = axes[s.axis];
    return {
      name: s.name,
      type: options.magicType,
      yAxisIndex: s.axis,
      data: s.values,
      connectNulls: false,
      tooltip: {
        valueFormatter: (value) => {
          if (typeof value !== 'number' || !axis) return typeof value === 'number' ? String(roundValue(value)) : '–';
          const unit = axisUnitText(axis, t);
          const text = formatAxisValue(value, axis, t);
          return unit ? `${text} ${unit}` : text;
        },
      },
    };
  });
  const margin = { left: extra('left'), right: extra('right') };
  return {
    ...categoryChart(options, { names: series.map((s) => s.name), categories: response.categories, lineBarSwitch: true, extraMargin: margin }),
    yAxis: axes.map((axis) => ({
      type: 'value',
      name: axisUnitText(axis, t),
      position: axis.position,
      offset: axis.offset,
      min: axis.min,
      max: axis.max,
      interval: axis.interval,
      alignTicks: false,
      axisLine: { show: true },
      axisLabel: { formatter: (value: number) => formatAxisValue(value, axis, t) },
    })),
    series: drawn,
  };
}

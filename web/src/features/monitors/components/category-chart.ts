import type { ChartGridOption, ChartOption } from '../../../components/chart/echarts.ts';
import { chartFrame } from '../../../components/chart/layout.ts';
import { buildToolbox } from '../../../components/chart/toolbox.ts';
import type { MonitorFiles } from './monitor-files.ts';
import type { Translate } from './chart-text.ts';

/** What every monitor's option builder takes besides its answer and its own settings. */
export interface MonitorChartOptions extends MonitorFiles {
  /** Edit mode: the toolbox shows and the legend and grid make room for it (spec 02 §4). */
  edited: boolean;
  /** The spreadsheet export, for the charts that have one. */
  xlsx?: () => void;
  t: Translate;
}

export interface CategoryChartParts {
  /** The series' names in their order: the legend. */
  names: string[];
  /** The x-axis labels. */
  categories: string[];
  /** The toolbox's line/bar switch, for the kinds whose settings keep a chart type. */
  lineBarSwitch: boolean;
  /** Room for y-axes standing outside the grid, added to its side margins. */
  extraMargin?: { left: number; right: number };
}

function widened(grid: ChartGridOption, margin: CategoryChartParts['extraMargin']): ChartGridOption {
  if (!margin) return grid;
  return { ...grid, left: Number(grid.left ?? 0) + margin.left, right: Number(grid.right ?? 0) + margin.right };
}

/**
 * What the monitor charts share (spec 02 §4, §9): no animation, colours by series index, the grid and the legend of
 * the mode, one tooltip for all series of a category, the toolbox, and the categories on the x-axis. A builder adds
 * its y-axes and series.
 */
export function categoryChart(options: MonitorChartOptions, parts: CategoryChartParts): ChartOption {
  const { edited, imageName, csv, xlsx, t } = options;
  const frame = chartFrame(edited);
  return {
    animation: false,
    color: frame.color,
    grid: widened(frame.grid, parts.extraMargin),
    legend: { ...frame.legend, data: parts.names },
    tooltip: { trigger: 'axis', confine: true },
    toolbox: buildToolbox({ show: edited, imageName, csv, xlsx, magicType: parts.lineBarSwitch, t }),
    xAxis: { type: 'category', data: parts.categories },
  };
}

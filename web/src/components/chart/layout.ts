// Chart layout shared by every monitor chart (spec 02 §4, §9):
// - CHART_COLOURS / seriesColour(index): series colours cycle by series index through one palette.
// - chartFrame(editing): the grid, legend and palette of a chart. In edit mode the toolbox is shown above the chart,
//   so the legend moves down under it and the grid leaves the spec's room (top 80, right 90, left 60, bottom 20);
//   in compact mode the legend sits on top and the grid is tighter. The legend scrolls when it overflows.
// - CHART_HEIGHT_PX: the default chart height.
import { CHART_GRID } from '@gearwatch/contracts';
import type { ChartGridOption, ChartLegendOption } from './echarts.ts';

// Material colours; the first four are the theme's default, success, warning and alert colours (spec 01 §9), so
// a one- or two-series chart looks like the rest of the interface.
export const CHART_COLOURS = [
  '#2196f3',
  '#00c853',
  '#fbc02d',
  '#ff5252',
  '#9c27b0',
  '#00acc1',
  '#ff7043',
  '#3f51b5',
  '#8bc34a',
  '#e91e63',
  '#795548',
  '#607d8b',
] as const;

export function seriesColour(index: number): string {
  const length = CHART_COLOURS.length;
  return CHART_COLOURS[((index % length) + length) % length] ?? CHART_COLOURS[0];
}

export const CHART_HEIGHT_PX = 300;

// Edit mode uses the spec's grid (CHART_GRID); compact mode has no toolbox above the chart, so the grid moves up,
// keeping room between the legend row and the plot for the y axes' unit names drawn above them.
const COMPACT_GRID = { top: 56, right: 60, left: 60, bottom: 20 } as const;
const LEGEND_TOP = { edit: 36, compact: 5 } as const;
// Narrower than the plot, so the legend's page arrows never sit over the outer axes' unit names.
const LEGEND_WIDTH = '66%';

export interface ChartFrame {
  grid: ChartGridOption;
  legend: ChartLegendOption;
  color: string[];
}

export function chartFrame(editing: boolean): ChartFrame {
  const mode = editing ? 'edit' : 'compact';
  return {
    grid: { ...(editing ? CHART_GRID : COMPACT_GRID) },
    legend: { type: 'scroll', top: LEGEND_TOP[mode], left: 'center', width: LEGEND_WIDTH },
    color: [...CHART_COLOURS],
  };
}

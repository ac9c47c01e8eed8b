// The one place ECharts is assembled: only the charts, components and renderers the monitors draw are registered,
// so the bundle carries nothing else (ARCHITECTURE §1). `ChartOption` is the option type callers build against; it
// only admits what is registered here.
// Renamed: a bare `use` reads as React's hook to the linter.
import { use as registerParts } from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import type { GridComponentOption, LegendComponentOption, MarkLineComponentOption, ToolboxComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

// The toolbox registers its own area-zoom (dataZoom select) component; LegendComponent brings the scroll legend.
registerParts([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, ToolboxComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | MarkLineComponentOption | ToolboxComponentOption | TooltipComponentOption
>;
export type ChartSeriesOption = BarSeriesOption | LineSeriesOption;
export type ChartToolboxOption = ToolboxComponentOption;
export type ChartGridOption = GridComponentOption;
export type ChartLegendOption = LegendComponentOption;

export { init } from 'echarts/core';
export type { EChartsType } from 'echarts/core';

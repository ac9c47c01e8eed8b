// buildToolbox: the monitor charts' toolbox (spec 02 §2, §9), in the spec's order: restore, area zoom, save as image,
// save as CSV, save as spreadsheet (work/activity chart), line/bar switch. Every title is translated.
//
//   toolbox: buildToolbox({ show: settings.edited, imageName, csv: () => download(...), magicType: true, t })
//
// - show: the toolbox is shown in edit mode only (spec 02 §4).
// - csv / xlsx: when given, a custom feature (ECharts requires custom feature names to start with `my`) whose click
//   calls it; the caller writes and downloads the file.
// - magicType (default true): the line/bar switch; the chart emits 'magictypechanged' ({ currentType }) when used,
//   which the caller saves.
// - imageName: the saved image's file name without extension.
import type { ChartToolboxOption } from './echarts.ts';

type Translate = (key: string) => string;

export interface ToolboxOptions {
  show: boolean;
  imageName: string;
  t: Translate;
  csv?: () => void;
  xlsx?: () => void;
  magicType?: boolean;
}

// Material icons "file_download" and "table_chart", as ECharts path icons.
export const CSV_ICON = 'path://M19 9h-4V3H9v6H5l7 7 7-7zM5 18v2h14v-2H5z';
export const XLSX_ICON =
  'path://M10 10.02h5V21h-5zM17 21h3c1.1 0 2-.9 2-2v-9h-5v11zm3-18H5c-1.1 0-2 .9-2 2v3h19V5c0-1.1-.9-2-2-2zM3 19c0 1.1.9 2 2 2h3V10H3v9z';

export function buildToolbox({ show, imageName, t, csv, xlsx, magicType = true }: ToolboxOptions): ChartToolboxOption {
  const feature: NonNullable<ChartToolboxOption['feature']> = {
    restore: { title: t('chart.toolbox.restore') },
    dataZoom: { yAxisIndex: 'none', title: { zoom: t('chart.toolbox.zoom'), back: t('chart.toolbox.zoom-back') } },
    saveAsImage: { name: imageName, title: t('chart.toolbox.save-image'), pixelRatio: 2 },
  };
  if (csv) feature.myCsv = { show: true, title: t('chart.toolbox.save-csv'), icon: CSV_ICON, onclick: () => csv() };
  if (xlsx) feature.myXlsx = { show: true, title: t('chart.toolbox.save-xlsx'), icon: XLSX_ICON, onclick: () => xlsx() };
  if (magicType) feature.magicType = { type: ['line', 'bar'], title: { line: t('chart.toolbox.line'), bar: t('chart.toolbox.bar') } };
  return { show, top: 0, right: 10, feature };
}

import type { ReportDocument, ReportSection, ReportType } from '@gearwatch/contracts';
import type { ChartOption } from '../../../components/chart/echarts.ts';
import { chartFrame } from '../../../components/chart/layout.ts';
import { formatDuration } from '../../../components/dates/format.ts';
import { buildToolbox } from '../../../components/chart/toolbox.ts';
import { columnTitle, formatCell, isNumericKind, NO_VALUE, reportText } from './report-format.ts';
import type { ReportTranslate } from './report-format.ts';

// The chart above a report's tables, where a chart helps (spec 02 §2): efficiency per interval bucket, and work per
// shift. It is drawn from the same document as the tables, generically: in each section the leading text/date columns
// label a row — the last of them is the category on the x-axis, the others (and the section's title) name the series
// — and the first column of the chart's kind is the bar. Totals rows are left out; the totals are in the tables.

export interface ReportChartSpec {
  /** The kind of column drawn: efficiency in percent, or work (durations, drawn in hours). */
  value: 'percent' | 'duration';
}

export const REPORT_CHARTS: Partial<Record<ReportType, ReportChartSpec>> = {
  'efficiency-report': { value: 'percent' },
  'device-efficiency-report': { value: 'percent' },
  'device-work-shift-chart': { value: 'duration' },
};

/** More series than this is no longer readable as bars: the tables say it better. */
export const MAX_CHART_SERIES = 24;
const SECONDS_PER_HOUR = 3600;

export interface ReportChartData {
  /** The drawn column's heading, translated. */
  valueTitle: string;
  value: ReportChartSpec['value'];
  categories: string[];
  series: { name: string; values: (number | null)[] }[];
}

interface SectionLayout {
  category: number;
  labels: number[];
  value: number;
}

function sectionLayout(section: ReportSection, spec: ReportChartSpec): SectionLayout | null {
  const value = section.columns.findIndex((column) => column.kind === spec.value);
  if (value < 0) return null;
  const labels = section.columns.slice(0, value).flatMap((column, index) => (isNumericKind(column.kind) ? [] : [index]));
  const category = labels.pop();
  return category === undefined ? null : { category, labels, value };
}

/** The bars of the document, or null when it has nothing to draw (or too many series to draw readably). */
export function reportChartData(document: ReportDocument, spec: ReportChartSpec, language: string, translate: ReportTranslate): ReportChartData | null {
  const categories: string[] = [];
  const series = new Map<string, Map<string, number | null>>();
  let valueTitle: string | null = null;
  for (const section of document.sections) {
    const layout = sectionLayout(section, spec);
    if (!layout) continue;
    const valueColumn = section.columns[layout.value];
    valueTitle ??= valueColumn ? columnTitle(valueColumn, translate) : null;
    const rows = section.totals ? section.rows.slice(0, -1) : section.rows;
    for (const row of rows) {
      const text = (index: number) => formatCell(row[index] ?? null, section.columns[index]?.kind ?? 'text', language, translate);
      const category = text(layout.category);
      const name = [section.title === null ? null : reportText(section.title, translate), ...layout.labels.map(text)]
        .filter((part) => part !== null && part !== '')
        .join(' · ');
      const cell = row[layout.value];
      const amount = typeof cell === 'number' ? (spec.value === 'duration' ? Math.round((cell / SECONDS_PER_HOUR) * 100) / 100 : cell) : null;
      if (!categories.includes(category)) categories.push(category);
      const key = name || (valueTitle ?? '');
      const values = series.get(key) ?? new Map<string, number | null>();
      values.set(category, amount);
      series.set(key, values);
    }
  }
  if (categories.length === 0 || series.size === 0 || series.size > MAX_CHART_SERIES) return null;
  return {
    valueTitle: valueTitle ?? '',
    value: spec.value,
    categories,
    series: [...series].map(([name, values]) => ({ name, values: categories.map((category) => values.get(category) ?? null) })),
  };
}

/**
 * The bar chart's option: one series per subject, the categories along the x-axis, the unit on the y-axis. On a
 * phone (`compact`) there is no room for the toolbox beside the legend, so it is left out.
 */
export interface ReportChartLook {
  /** The interface language: tooltips write numbers as the tables do. */
  language: string;
  /** The saved image's name, without extension. */
  imageName: string;
  /** A phone: no toolbox, a tighter frame. */
  compact: boolean;
}

export function reportChartOption(data: ReportChartData, translate: ReportTranslate, { language, imageName, compact }: ReportChartLook): ChartOption {
  const { t } = translate;
  const frame = chartFrame(false);
  const unit = data.value === 'percent' ? '%' : t('reports.screen.unit.hours');
  const format = (value: unknown) =>
    typeof value !== 'number'
      ? NO_VALUE
      : data.value === 'percent'
        ? formatCell(value, 'percent', language, translate)
        : // Hours back to whole seconds first, so 0.5 h times 3600 landing a hair under 1800 s still reads 0:30.
          formatDuration(Math.round(value * SECONDS_PER_HOUR));
  return {
    animation: false,
    color: frame.color,
    grid: { ...frame.grid, top: compact ? 48 : 64, ...(compact ? { left: 44, right: 12 } : {}) },
    legend: { ...frame.legend, top: compact ? 0 : 28, ...(compact ? { width: '90%' } : {}), data: data.series.map((entry) => entry.name) },
    tooltip: { trigger: 'axis', confine: true, valueFormatter: format },
    toolbox: buildToolbox({ show: !compact, imageName, magicType: false, t }),
    xAxis: { type: 'category', data: data.categories },
    yAxis: { type: 'value', name: `${data.valueTitle} [${unit}]`, min: 0, axisLine: { show: true } },
    series: data.series.map((entry) => ({ name: entry.name, type: 'bar', data: entry.values })),
  };
}

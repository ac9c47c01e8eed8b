import { describe, expect, it } from 'vitest';
import type { ReportDocument } from '@gearwatch/contracts';
import { efficiencyDocument } from '../test/fixtures.ts';
import { MAX_CHART_SERIES, reportChartData, reportChartOption } from './report-chart.ts';

const words: Record<string, string> = {
  'reports.column.efficiency': 'Efficiency',
  'reports.column.work': 'Work',
  'reports.section.all-devices': 'All devices',
  'reports.screen.unit.hours': 'h',
};
const translate = { t: (key: string) => words[key] ?? key, exists: (key: string) => key in words };

/** A shift chart: per device, the work of each shift over the period, then the device's totals. */
const shiftChart: ReportDocument = {
  type: 'device-work-shift-chart',
  from: '2026-10-01',
  to: '2026-10-31',
  interval: 'shifts',
  timezone: 'Europe/Warsaw',
  empty: false,
  sections: [
    {
      title: null,
      columns: [
        { key: 'device', title: 'reports.column.device', kind: 'text' },
        { key: 'shift', title: 'reports.column.shift', kind: 'text' },
        { key: 'active', title: 'reports.column.active', kind: 'count' },
        { key: 'work', title: 'reports.column.work', kind: 'duration' },
      ],
      rows: [
        ['Forklift A', 'Morning', 1, 36_000],
        ['Forklift A', 'Night', 1, 9_000],
        ['Forklift B', 'Morning', 1, 5_400],
        ['Total', null, 3, 50_400],
      ],
      totals: true,
    },
  ],
};

describe('reportChartData', () => {
  it('draws efficiency per day, a series per section, leaving out the totals rows', () => {
    const data = reportChartData(efficiencyDocument('2026-11-01', '2026-11-30'), { value: 'percent' }, 'en', translate);
    expect(data).toEqual({
      valueTitle: 'Efficiency',
      value: 'percent',
      categories: ['02/11/2026', '03/11/2026'],
      series: [
        { name: 'Hall 1', values: [75, 25.4] },
        { name: 'All devices', values: [75, 25.4] },
      ],
    });
  });

  it('draws work per shift in hours, a series per device named by the leading columns', () => {
    const data = reportChartData(shiftChart, { value: 'duration' }, 'en', translate);
    expect(data?.categories).toEqual(['Morning', 'Night']);
    expect(data?.series).toEqual([
      { name: 'Forklift A', values: [10, 2.5] },
      { name: 'Forklift B', values: [1.5, null] },
    ]);
  });

  it('has nothing to draw without a column of the kind, without rows, or with too many series', () => {
    expect(reportChartData(shiftChart, { value: 'percent' }, 'en', translate)).toBeNull();
    expect(reportChartData({ ...shiftChart, sections: [] }, { value: 'duration' }, 'en', translate)).toBeNull();
    const section = shiftChart.sections[0];
    if (!section) throw new Error('fixture');
    const many = Array.from({ length: MAX_CHART_SERIES + 1 }, (_, index) => [`Device ${index}`, 'Morning', 1, 3_600]);
    expect(reportChartData({ ...shiftChart, sections: [{ ...section, rows: many, totals: false }] }, { value: 'duration' }, 'en', translate)).toBeNull();
  });
});

describe('reportChartOption', () => {
  it('makes bars with the unit on the axis and h:mm in the tooltip for hours', () => {
    const data = reportChartData(shiftChart, { value: 'duration' }, 'en', translate);
    if (!data) throw new Error('no data');
    const option = reportChartOption(data, translate, { language: 'en', imageName: 'shift-chart', compact: false });
    expect(option.yAxis).toMatchObject({ name: 'Work [h]' });
    expect((option.series as { type: string }[]).map((series) => series.type)).toEqual(['bar', 'bar']);
    expect(option.toolbox).toMatchObject({ show: true });
    const tooltip = option.tooltip as { valueFormatter: (value: unknown) => string };
    expect(tooltip.valueFormatter(2.5)).toBe('2:30');
    expect(tooltip.valueFormatter(null)).toBe('—');
  });

  it('writes percents as the language does and leaves the toolbox out on a phone', () => {
    const data = reportChartData(efficiencyDocument('2026-11-01', '2026-11-30'), { value: 'percent' }, 'pl', translate);
    if (!data) throw new Error('no data');
    const option = reportChartOption(data, translate, { language: 'pl', imageName: 'efficiency', compact: true });
    expect((option.tooltip as { valueFormatter: (value: unknown) => string }).valueFormatter(25.4)).toBe('25,4 %');
    expect(option.toolbox).toMatchObject({ show: false });
  });
});

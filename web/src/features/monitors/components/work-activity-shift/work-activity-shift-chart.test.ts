import { describe, expect, it, vi } from 'vitest';
import type { FactoryShiftChartResponse } from '@gearwatch/contracts';
import { shiftChartValue, shiftSummaryItems, workActivityShiftCsv, workActivityShiftOption } from './work-activity-shift-chart.ts';

const t = (key: string) => (key === 'monitor.work-activity.summary' ? 'Summary' : key === 'monitor.work-activity.shift' ? 'Shift' : `«${key}»`);

const item = (name: string, workSum: number, activeSum: number, counterSum: number) => ({ name, workSum, activeSum, counterSum });

/** Two devices (one of them named like the summary entry), then the entry of all devices; each ends with the total. */
const ANSWER: FactoryShiftChartResponse = {
  interval: 'shifts',
  data: [
    { name: 'Forklift A', items: [item('Morning', 600, 1200, 3), item('Afternoon', 0, 60, 0), item('summary', 600, 1260, 3)] },
    { name: 'summary', items: [item('Morning', 1, 1, 1), item('Afternoon', 1, 1, 1), item('summary', 2, 2, 2)] },
    { name: 'summary', items: [item('Morning', 3000, 7200, 10), item('Afternoon', 1234, 3600, 5), item('summary', 4234, 10800, 15)] },
  ],
};

type Series = { name?: string; type?: string; data?: unknown[]; tooltip?: { valueFormatter?: (value: unknown) => string } };

describe('work/activity by shift chart', () => {
  it('takes the shifts of the last entry, the one for all devices, without its total', () => {
    expect(shiftSummaryItems(ANSWER).map((i) => [i.name, i.workSum])).toEqual([
      ['Morning', 3000],
      ['Afternoon', 1234],
    ]);
    expect(shiftSummaryItems({ interval: 'shifts', data: [] })).toEqual([]);
  });

  it('shows work and activity in minutes and the counter as is', () => {
    const morning = item('Morning', 3000, 7200, 10);
    expect(shiftChartValue(morning, 'workSum')).toBe(50);
    expect(shiftChartValue(morning, 'activeSum')).toBe(120);
    expect(shiftChartValue(morning, 'counterSum')).toBe(10);
  });

  it('draws one bar series named summary with one category per shift', () => {
    const csv = vi.fn();
    const xlsx = vi.fn();
    const option = workActivityShiftOption(ANSWER, { parameter: 'workSum', edited: true, imageName: 'chart', csv, xlsx, t });
    expect((option.xAxis as { data: string[] }).data).toEqual(['Morning', 'Afternoon']);
    const series = option.series as Series[];
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({ name: 'Summary', type: 'bar', data: [50, 1234 / 60] });
    expect(series[0]?.tooltip?.valueFormatter?.(1234 / 60)).toBe('20.57 «monitor.unit.min»');
    expect((option.yAxis as { name: string }).name).toBe('«monitor.unit.min»');
    const counter = workActivityShiftOption(ANSWER, { parameter: 'counterSum', edited: true, imageName: 'chart', csv, xlsx, t });
    expect((counter.series as Series[])[0]?.data).toEqual([10, 5]);
    expect((counter.yAxis as { name: string }).name).toBe('');
  });

  it('offers the spreadsheet export and the CSV, but no line/bar switch', () => {
    const csv = vi.fn();
    const xlsx = vi.fn();
    const toolbox = workActivityShiftOption(ANSWER, { parameter: 'workSum', edited: true, imageName: 'chart', csv, xlsx, t }).toolbox as {
      feature: Record<string, { onclick?: () => void }>;
    };
    expect(Object.keys(toolbox.feature)).toEqual(['restore', 'dataZoom', 'saveAsImage', 'myCsv', 'myXlsx']);
    toolbox.feature.myXlsx?.onclick?.();
    expect(xlsx).toHaveBeenCalledTimes(1);
  });

  it('writes the CSV with semicolons, every cell quoted, minutes to 2 decimals', () => {
    expect(workActivityShiftCsv(ANSWER, 'activeSum', t)).toBe('"Shift";"Summary [«monitor.unit.min»]"\r\n"Morning";"120"\r\n"Afternoon";"60"\r\n');
    expect(workActivityShiftCsv(ANSWER, 'workSum', t)).toBe('"Shift";"Summary [«monitor.unit.min»]"\r\n"Morning";"50"\r\n"Afternoon";"20.57"\r\n');
    expect(workActivityShiftCsv(ANSWER, 'counterSum', t)).toBe('"Shift";"Summary"\r\n"Morning";"10"\r\n"Afternoon";"5"\r\n');
  });
});

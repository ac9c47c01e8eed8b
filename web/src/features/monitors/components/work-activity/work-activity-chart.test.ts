import { describe, expect, it, vi } from 'vitest';
import type { FactoryDeviceChartResponse } from '@gearwatch/contracts';
import { workActivityAxis, workActivityCategories, workActivityCsv, workActivityOption, workActivitySeries } from './work-activity-chart.ts';

const t = (key: string) => `«${key}»`;

function answer(interval: FactoryDeviceChartResponse['interval'] = '5min'): FactoryDeviceChartResponse {
  return {
    interval,
    data: [
      {
        name: 'Forklift A',
        items: [
          { time: '2026-03-02 10:00', work: 120, active: 300, counter: 4 },
          { time: '2026-03-02 10:05', work: 45.555, active: 290, counter: null },
        ],
      },
      {
        name: 'Press 1',
        items: [
          { time: '2026-03-02 10:00', work: null, active: 60, counter: null },
          { time: '2026-03-02 10:05', work: 30, active: 30, counter: 7 },
        ],
      },
    ],
  };
}

type Series = { name?: string; type?: string; step?: unknown; data?: unknown[]; tooltip?: { valueFormatter?: (value: unknown) => string } };
type Axis = { name?: string; min?: number; max?: number; interval?: number; axisLabel?: { formatter?: (value: number) => string } };
type Feature = Record<string, { onclick?: () => void }>;

function drawn(parameter: 'work' | 'active' | 'counter', magicType: 'line' | 'bar' = 'line') {
  const csv = vi.fn();
  const xlsx = vi.fn();
  const option = workActivityOption(answer(), { parameter, magicType, edited: true, imageName: 'chart', csv, xlsx, t });
  return { option, csv, xlsx, series: option.series as Series[], yAxis: option.yAxis as Axis };
}

describe('work/activity chart', () => {
  it('takes the categories of the answer and one series per device of the chosen parameter', () => {
    expect(workActivityCategories(answer())).toEqual(['2026-03-02 10:00', '2026-03-02 10:05']);
    expect(workActivityCategories({ interval: '5min', data: [] })).toEqual([]);
    expect(workActivitySeries(answer(), 'counter')).toEqual([
      { name: 'Forklift A', values: [4, null] },
      { name: 'Press 1', values: [null, 7] },
    ]);
  });

  it('draws a stepped line per device, or bars when switched', () => {
    const lines = drawn('work').series;
    expect(lines.map((s) => [s.name, s.type, s.step])).toEqual([
      ['Forklift A', 'line', 'end'],
      ['Press 1', 'line', 'end'],
    ]);
    expect(lines[1]?.data).toEqual([null, 30]);
    const bars = drawn('work', 'bar').series;
    expect(bars.map((s) => [s.name, s.type, s.step])).toEqual([
      ['Forklift A', 'bar', undefined],
      ['Press 1', 'bar', undefined],
    ]);
  });

  it('shows work and activity on a seconds axis in s, min or h, and the counter on a plain axis', () => {
    expect(workActivityAxis(workActivitySeries(answer(), 'work'), 'work')?.unit).toBe('min');
    expect(workActivityAxis([{ name: 'A', values: [30, null] }], 'active')?.unit).toBe('s');
    expect(workActivityAxis([{ name: 'A', values: [7200] }], 'work')).toMatchObject({ unit: 'h', divider: 3600 });
    expect(workActivityAxis(workActivitySeries(answer(), 'counter'), 'counter')).toBeNull();

    const active = drawn('active');
    expect(active.yAxis).toMatchObject({ name: '«monitor.unit.min»', min: 0 });
    expect(active.yAxis.axisLabel?.formatter?.(300)).toBe('5');
    expect(active.series[0]?.tooltip?.valueFormatter?.(290)).toBe('4.83 «monitor.unit.min»');

    const counter = drawn('counter');
    expect(counter.yAxis.name).toBe('');
    expect(counter.yAxis.max).toBeUndefined();
    expect(counter.series[0]?.tooltip?.valueFormatter?.(4.5678)).toBe('4.57');
    expect(counter.series[0]?.tooltip?.valueFormatter?.(null)).toBe('–');
  });

  it('offers the spreadsheet export, the CSV and the line/bar switch in the toolbox', () => {
    const { option, csv, xlsx } = drawn('work');
    const toolbox = option.toolbox as { show?: boolean; feature?: Feature };
    expect(toolbox.show).toBe(true);
    expect(Object.keys(toolbox.feature ?? {})).toEqual(['restore', 'dataZoom', 'saveAsImage', 'myCsv', 'myXlsx', 'magicType']);
    toolbox.feature?.myXlsx?.onclick?.();
    expect(xlsx).toHaveBeenCalledTimes(1);
    toolbox.feature?.myCsv?.onclick?.();
    expect(csv).toHaveBeenCalledTimes(1);
    const compact = workActivityOption(answer(), { parameter: 'work', magicType: 'line', edited: false, imageName: 'chart', csv, xlsx, t });
    expect((compact.toolbox as { show?: boolean }).show).toBe(false);
  });

  it('writes the CSV with semicolons, every cell quoted, seconds as answered to 2 decimals', () => {
    expect(workActivityCsv(answer(), 'work', t)).toBe(
      '"DateTime";"Forklift A [«monitor.unit.s»]";"Press 1 [«monitor.unit.s»]"\r\n' + '"2026-03-02 10:00";"120";""\r\n' + '"2026-03-02 10:05";"45.56";"30"\r\n',
    );
    expect(workActivityCsv(answer(), 'counter', t)).toBe(
      '"DateTime";"Forklift A";"Press 1"\r\n' + '"2026-03-02 10:00";"4";""\r\n' + '"2026-03-02 10:05";"";"7"\r\n',
    );
  });
});

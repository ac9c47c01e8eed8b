import { describe, expect, it } from 'vitest';
import type { DeviceDiagnosticsResponse, DiagnosticsUnit } from '@gearwatch/contracts';
import { workAnswer } from '../../test/fixtures.ts';
import { deviceParameterCsv, deviceParameterOption, deviceParameterSeries } from './device-parameter-chart.ts';

const t = (key: string) =>
  ({ 'monitor.axis.on': 'On', 'monitor.axis.off': 'Off', 'monitor.parameter.efficiency': 'Efficiency', 'monitor.unit.h': 'hrs' })[key] ?? key;

const SECONDS: DiagnosticsUnit = { short: 's', long: 'seconds', min: null, max: null };
const PERCENT: DiagnosticsUnit = { short: '%', long: 'percent', min: 0, max: 100 };
const VOLT: DiagnosticsUnit = { short: 'V', long: 'volt', min: 0, max: 80 };
const ON_OFF: DiagnosticsUnit = { short: '', long: '', min: 0, max: 1 };

/** One device with four parameters of four units: one y-axis each. */
const answer: DeviceDiagnosticsResponse = {
  interval: 'hour',
  categories: ['2026-03-02 10:00', '2026-03-02 11:00'],
  parameters: [
    { unit: SECONDS, parameters: [{ number: 1, name: 'Work time' }] },
    { unit: PERCENT, parameters: [{ number: 0, name: 'efficiency' }] },
    { unit: VOLT, parameters: [{ number: 5, name: 'Battery voltage' }] },
    { unit: ON_OFF, parameters: [{ number: 9, name: 'Power' }] },
  ],
  units: [SECONDS, PERCENT, VOLT, ON_OFF],
  data: [
    {
      device: { id: 1, name: 'Forklift A' },
      parameters: [
        { number: 1, name: 'Work time', unit: SECONDS, axis: 0, values: [2400.555, 7200] },
        { number: 0, name: 'efficiency', unit: PERCENT, axis: 1, values: [80, 75] },
        { number: 5, name: 'Battery voltage', unit: VOLT, axis: 2, values: [24.456, 24.1] },
        { number: 9, name: 'Power', unit: ON_OFF, axis: 3, values: [1, 0] },
      ],
    },
  ],
};

type AxisOption = {
  name?: string;
  position?: string;
  offset?: number;
  min?: number;
  max?: number;
  interval?: number;
  axisLabel: { formatter: (value: number) => string };
};
type SeriesOption = { name: string; type: string; yAxisIndex: number; tooltip: { valueFormatter: (value: unknown) => string } };

function build(options: { edited?: boolean; magicType?: 'bar' | 'line' } = {}) {
  const option = deviceParameterOption(answer, {
    magicType: options.magicType ?? 'bar',
    edited: options.edited ?? true,
    imageName: 'chart',
    csv: () => undefined,
    t,
  });
  return { option, yAxis: option.yAxis as AxisOption[], series: option.series as SeriesOption[] };
}

describe('deviceParameterOption', () => {
  it('draws one series per device and parameter, named after both, as the saved chart type', () => {
    const { series, option } = build({ magicType: 'line' });
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Forklift A – Work time', 'line', 0],
      ['Forklift A – Efficiency', 'line', 1],
      ['Forklift A – Battery voltage', 'line', 2],
      ['Forklift A – Power', 'line', 3],
    ]);
    expect(option.xAxis).toEqual({ type: 'category', data: answer.categories });
  });

  it('gives each unit its own y-axis, left and right in turn, the extra ones offset by 50 px with room in the grid', () => {
    const { yAxis, option } = build();
    expect(yAxis.map((axis) => [axis.position, axis.offset])).toEqual([
      ['left', 0],
      ['right', 0],
      ['left', 50],
      ['right', 50],
    ]);
    expect(option.grid).toMatchObject({ top: 80, left: 110, right: 140, bottom: 20 });
  });

  it('shows seconds in hours above an hour, percent 0–100 by 10, and on/off as words', () => {
    const { yAxis } = build();
    const [seconds, percent, volt, onOff] = yAxis;
    expect(seconds?.name).toBe('hrs');
    expect(seconds?.axisLabel.formatter(5400)).toBe('1.5');
    expect(percent).toMatchObject({ min: 0, max: 100, interval: 10, name: '%' });
    expect(volt?.axisLabel.formatter(24.456)).toBe('24.46');
    expect(onOff).toMatchObject({ min: 0, max: 1 });
    expect([onOff?.axisLabel.formatter(1), onOff?.axisLabel.formatter(0)]).toEqual(['On', 'Off']);
  });

  it('rounds tooltip values to 2 decimals in the unit of their axis', () => {
    const { series } = build();
    expect(series[0]?.tooltip.valueFormatter(2400.555)).toBe('0.67 hrs');
    expect(series[2]?.tooltip.valueFormatter(24.456)).toBe('24.46 V');
    expect(series[3]?.tooltip.valueFormatter(1)).toBe('On');
    expect(series[2]?.tooltip.valueFormatter(null)).toBe('–');
  });

  it('shows the toolbox and its room only in edit mode', () => {
    expect(build({ edited: true }).option.toolbox).toMatchObject({ show: true });
    const compact = build({ edited: false }).option;
    expect(compact.toolbox).toMatchObject({ show: false });
    expect((compact.grid as { top: number }).top).toBeLessThan(80);
  });
});

describe('deviceParameterSeries', () => {
  it('keeps nulls where a bucket had no reading', () => {
    const withGap: DeviceDiagnosticsResponse = {
      ...answer,
      data: [{ device: { id: 2, name: 'B' }, parameters: [{ number: 1, name: 'Work time', unit: SECONDS, axis: 0, values: [null, 5] }] }],
    };
    expect(deviceParameterSeries(withGap, t)).toEqual([{ name: 'B – Work time', unit: SECONDS, axis: 0, values: [null, 5] }]);
  });
});

describe('deviceParameterCsv', () => {
  it('writes DateTime, then "<device> – <parameter> [<unit>]" per series with the answer\'s values to 2 decimals, empty cells for none', () => {
    expect(deviceParameterCsv(workAnswer(), t)).toBe(
      '"DateTime";"Forklift A – Work time [s]";"Forklift B – Work time [s]"\r\n' +
        '"2026-03-02 10:00";"1800";""\r\n' +
        '"2026-03-02 11:00";"2400.56";"600"\r\n',
    );
  });

  it('names efficiency through its translation', () => {
    const efficiency: DeviceDiagnosticsResponse = {
      ...answer,
      data: [{ device: { id: 1, name: 'A' }, parameters: [{ number: 0, name: 'efficiency', unit: PERCENT, axis: 0, values: [80, 75.5] }] }],
    };
    expect(deviceParameterCsv(efficiency, t)).toBe('"DateTime";"A – Efficiency [%]"\r\n"2026-03-02 10:00";"80"\r\n"2026-03-02 11:00";"75.5"\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { efficiencyAnswer } from '../../test/fixtures.ts';
import { deviceParameterCsv, deviceParameterOption } from '../device-parameter/device-parameter-chart.ts';
import { wholeEfficiency } from './efficiency-rules.ts';

// The efficiency monitor draws and exports its answer, read with whole efficiencies, as the device parameter chart.
const t = (key: string) => ({ 'monitor.parameter.efficiency': 'Efficiency', 'monitor.unit.min': 'min' })[key] ?? key;
const read = () => wholeEfficiency(efficiencyAnswer());

describe('the efficiency chart', () => {
  it('draws whole efficiencies on a percent axis 0–100 by 10, beside the seconds axis of the other parameters', () => {
    const option = deviceParameterOption(read(), { magicType: 'bar', edited: true, imageName: 'chart', csv: () => undefined, t });
    const axes = option.yAxis as { name: string; min: number; max: number; interval: number; position: string }[];
    expect(axes.map((axis) => [axis.position, axis.name])).toEqual([
      ['left', '%'],
      ['right', 'min'],
    ]);
    expect(axes[0]).toMatchObject({ min: 0, max: 100, interval: 10 });
    const series = option.series as { name: string; type: string; data: (number | null)[] }[];
    expect(series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['Forklift A – Efficiency', 'bar', [88, 0]],
      ['Forklift A – Work time', 'bar', [1800, 2400.555]],
      ['Forklift B – Efficiency', 'bar', [50, 0]],
      ['Forklift B – Work time', 'bar', [null, 600]],
    ]);
  });

  it('writes the CSV with efficiency in percent and the other parameters in their units', () => {
    expect(deviceParameterCsv(read(), t)).toBe(
      '"DateTime";"Forklift A – Efficiency [%]";"Forklift A – Work time [s]";"Forklift B – Efficiency [%]";"Forklift B – Work time [s]"\r\n' +
        '"2026-03-02 10:00";"88";"1800";"50";""\r\n' +
        '"2026-03-02 11:00";"0";"2400.56";"0";"600"\r\n',
    );
  });
});

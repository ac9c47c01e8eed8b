import { describe, expect, it } from 'vitest';
import { CSV_BOM } from '@gearwatch/contracts';
import type { OperatorDiagnosticsResponse } from '@gearwatch/contracts';
import { deviceOperatorCsv, deviceOperatorOption, OPERATOR_STACK, operatorSeries, stackedMaximum } from './device-operator-chart.ts';

const t = (key: string) => `t:${key}`;

function answer(work: [(number | null)[], (number | null)[]], active: [(number | null)[], (number | null)[]] = [[], []]): OperatorDiagnosticsResponse {
  return {
    data: {
      interval: 'hour',
      categories: ['2026-03-02 10:00', '2026-03-02 11:00'],
      data: [
        { deviceOperator: { id: 5, name: 'Agnieszka Dąbrowska' }, work: work[0], active: active[0] },
        { deviceOperator: { id: 4, name: 'Grzegorz Lewandowski' }, work: work[1], active: active[1] },
      ],
    },
  };
}

function option(response: OperatorDiagnosticsResponse, parameter: 1 | 2 = 1) {
  return deviceOperatorOption(response, { parameter, magicType: 'bar', edited: true, imageName: 'chart', csv: () => undefined, t });
}

type Axis = { name: string; min: number; max: number; interval: number; axisLabel: { formatter: (value: number) => string } };
type Series = { name: string; type: string; stack: string; data: (number | null)[]; tooltip: { valueFormatter: (value: unknown) => string } };

describe('operatorSeries', () => {
  it('takes work for parameter 1 and activity for parameter 2, one series per operator in the answer order', () => {
    const response = answer(
      [
        [1, 2],
        [3, 4],
      ],
      [
        [10, 20],
        [30, 40],
      ],
    );
    expect(operatorSeries(response, 1)).toEqual([
      { id: 5, name: 'Agnieszka Dąbrowska', values: [1, 2] },
      { id: 4, name: 'Grzegorz Lewandowski', values: [3, 4] },
    ]);
    expect(operatorSeries(response, 2).map((s) => s.values)).toEqual([
      [10, 20],
      [30, 40],
    ]);
  });
});

describe('stackedMaximum', () => {
  it('is the largest per-category sum over the operators, nulls counting as nothing', () => {
    const series = operatorSeries(
      answer([
        [1000, null],
        [2000, 2500],
      ]),
      1,
    );
    expect(stackedMaximum(series, 2)).toBe(3000);
    expect(stackedMaximum([], 2)).toBe(0);
  });
});

describe('deviceOperatorOption', () => {
  it('stacks every operator as a bar of the chosen parameter', () => {
    const series = option(
      answer(
        [
          [1, 2],
          [3, 4],
        ],
        [
          [5, 6],
          [7, 8],
        ],
      ),
      2,
    ).series as Series[];
    expect(series.map((s) => [s.name, s.type, s.stack, s.data])).toEqual([
      ['Agnieszka Dąbrowska', 'bar', OPERATOR_STACK, [5, 6]],
      ['Grzegorz Lewandowski', 'bar', OPERATOR_STACK, [7, 8]],
    ]);
  });

  it('sizes the seconds axis by the highest stack and shows it in minutes above 60 s', () => {
    // Stacks of 1800 s and 3000 s: 50 minutes at the top, shown in min.
    const axis = option(
      answer([
        [1200, 1500],
        [600, 1500],
      ]),
    ).yAxis as Axis;
    expect(axis.name).toBe('t:monitor.unit.min');
    expect(axis.min).toBe(0);
    expect(axis.max).toBeGreaterThanOrEqual(3000);
    expect(axis.axisLabel.formatter(600)).toBe('10');
    const series = option(
      answer([
        [1200, 1500],
        [600, 1500],
      ]),
    ).series as Series[];
    expect(series[0]?.tooltip.valueFormatter(90)).toBe('1.5 t:monitor.unit.min');
    expect(series[0]?.tooltip.valueFormatter(null)).toBe('–');
  });

  it('shows the axis in hours above 3600 s and in seconds up to 60 s', () => {
    expect(
      (
        option(
          answer([
            [3600, 0],
            [1800, 0],
          ]),
        ).yAxis as Axis
      ).name,
    ).toBe('t:monitor.unit.h');
    expect(
      (
        option(
          answer([
            [30, 10],
            [20, 5],
          ]),
        ).yAxis as Axis
      ).name,
    ).toBe('t:monitor.unit.s');
  });

  it('draws lines, still stacked, when the saved chart type is line', () => {
    const chart = deviceOperatorOption(
      answer([
        [1, 2],
        [3, 4],
      ]),
      { parameter: 1, magicType: 'line', edited: false, imageName: 'chart', csv: () => undefined, t },
    );
    expect((chart.series as Series[]).map((s) => [s.type, s.stack])).toEqual([
      ['line', OPERATOR_STACK],
      ['line', OPERATOR_STACK],
    ]);
    expect((chart.toolbox as { show: boolean }).show).toBe(false);
  });
});

describe('deviceOperatorCsv', () => {
  it('writes DateTime and "<operator> [s]" columns, seconds to 3 decimals, empty cells for no value', () => {
    const csv = deviceOperatorCsv(
      answer([
        [1800.12345, null],
        [0.0005, 2400],
      ]),
      1,
      t,
    );
    expect(CSV_BOM + csv).toBe(
      CSV_BOM +
        '"DateTime";"Agnieszka Dąbrowska [t:monitor.unit.s]";"Grzegorz Lewandowski [t:monitor.unit.s]"\r\n' +
        '"2026-03-02 10:00";"1800.123";"0.001"\r\n' +
        '"2026-03-02 11:00";"";"2400"\r\n',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { EFFICIENCY_UNIT } from '../diagnostics.ts';
import type { DiagnosticsUnit } from '../diagnostics.ts';
import {
  axisExtents,
  axisKindOf,
  ON_OFF_AXIS,
  PERCENT_AXIS,
  roundValue,
  secondsAxis,
  secondsAxisLabel,
  unitAxes,
  valueAxisRange,
  yAxisPlacement,
} from './axes.ts';

const unit = (short: string, long: string, min: number | null = null, max: number | null = null): DiagnosticsUnit => ({ short, long, min, max });
const seconds = unit('s', 'seconds');
const volt = unit('V', 'volt');
const onOff = unit('on/off', 'on/off', 0, 1);

describe('secondsAxis', () => {
  it('shows seconds up to 60, minutes above 60 and hours above 3600', () => {
    expect(secondsAxis(45)).toMatchObject({ unit: 's', divider: 1 });
    expect(secondsAxis(60)).toMatchObject({ unit: 's', divider: 1 });
    expect(secondsAxis(61)).toMatchObject({ unit: 'min', divider: 60 });
    expect(secondsAxis(3600)).toMatchObject({ unit: 'min', divider: 60 });
    expect(secondsAxis(3601)).toMatchObject({ unit: 'h', divider: 3600 });
    expect(secondsAxis(86_400 * 20)).toMatchObject({ unit: 'h', divider: 3600 });
  });
  it('keeps to about ten ticks of a readable step covering the maximum', () => {
    for (const max of [1, 7, 45, 60, 61, 300, 1799, 3600, 3601, 7200, 36_000, 39_600, 86_400, 604_800, 31_536_000]) {
      const axis = secondsAxis(max);
      expect(axis.max, `max ${max}`).toBeGreaterThanOrEqual(max);
      expect(axis.max / axis.interval, `ticks for ${max}`).toBeLessThanOrEqual(10);
      expect(axis.max % axis.interval).toBe(0);
    }
    expect(secondsAxis(45)).toEqual({ unit: 's', divider: 1, interval: 5, max: 45 });
    expect(secondsAxis(3600)).toEqual({ unit: 'min', divider: 60, interval: 600, max: 3600 });
    expect(secondsAxis(30_000)).toEqual({ unit: 'h', divider: 3600, interval: 3600, max: 32_400 });
    expect(secondsAxis(60_000)).toEqual({ unit: 'h', divider: 3600, interval: 7200, max: 64_800 });
  });
  it('steps in whole days beyond a day per tick', () => {
    const axis = secondsAxis(86_400 * 30);
    expect(axis.interval % 86_400).toBe(0);
  });
  it('draws an empty or broken maximum as a small seconds axis', () => {
    expect(secondsAxis(0)).toEqual({ unit: 's', divider: 1, interval: 1, max: 1 });
    expect(secondsAxis(Number.NaN)).toEqual({ unit: 's', divider: 1, interval: 1, max: 1 });
    expect(secondsAxis(-5).unit).toBe('s');
  });
  it('labels values in the axis unit', () => {
    expect(secondsAxisLabel(5400, secondsAxis(7200))).toBe(1.5);
    expect(secondsAxisLabel(100, secondsAxis(3000))).toBe(1.67);
  });
});

describe('axis kinds', () => {
  it('recognises seconds, percent and on/off units', () => {
    expect(axisKindOf(seconds)).toBe('seconds');
    expect(axisKindOf(unit('', 'seconds'))).toBe('seconds');
    expect(axisKindOf(EFFICIENCY_UNIT)).toBe('percent');
    expect(axisKindOf(onOff)).toBe('on-off');
    expect(axisKindOf(unit('', '', 0, 1))).toBe('on-off');
    expect(axisKindOf(volt)).toBe('value');
    expect(axisKindOf(unit('', ''))).toBe('value');
  });
  it('draws percent 0–100 by 10 and on/off 0–1', () => {
    expect(PERCENT_AXIS).toEqual({ min: 0, max: 100, interval: 10 });
    expect(ON_OFF_AXIS).toEqual({ min: 0, max: 1, interval: 1 });
  });
});

describe('y axes per unit', () => {
  it('places axes left and right in turn, moving out 50 px after the second', () => {
    expect([0, 1, 2, 3, 4].map(yAxisPlacement)).toEqual([
      { position: 'left', offset: 0 },
      { position: 'right', offset: 0 },
      { position: 'left', offset: 50 },
      { position: 'right', offset: 50 },
      { position: 'left', offset: 100 },
    ]);
  });
  it('gives each unit an axis of its kind', () => {
    const extents = [7200, 80, 24.5, 1].map((max) => ({ min: 0, max }));
    const axes = unitAxes([seconds, EFFICIENCY_UNIT, volt, onOff], extents);
    expect(axes.map((a) => a.kind)).toEqual(['seconds', 'percent', 'value', 'on-off']);
    expect(axes[0]).toMatchObject({ position: 'left', offset: 0, min: 0, max: 7200, interval: 3600, seconds: { unit: 'h' } });
    expect(axes[1]).toMatchObject({ position: 'right', min: 0, max: 100, interval: 10 });
    expect(axes[2]).toMatchObject({ position: 'left', offset: 50, min: 0, max: 30 });
    expect(axes[3]).toMatchObject({ position: 'right', offset: 50, min: 0, max: 1 });
  });
  it('finds the smallest and largest value drawn against each axis', () => {
    const series = [
      { axis: 0, values: [10, null, 30] },
      { axis: 0, values: [50] },
      { axis: 1, values: [null, 2] },
      { axis: 5, values: [999] },
    ];
    expect(axisExtents(series, 3)).toEqual([{ min: 10, max: 50 }, { min: 2, max: 2 }, null]);
  });
  it('fits a value axis to its data with room above and below, not from zero (a 48 V battery)', () => {
    const axes = unitAxes([volt], [{ min: 47.2, max: 53.9 }]);
    expect(axes[0]).toMatchObject({ kind: 'value', min: 46, max: 56, interval: 2 });
  });
  it('leaves a value axis without data to the chart', () => {
    expect(unitAxes([volt], [null])[0]?.min).toBeUndefined();
    expect(valueAxisRange(null)).toBeNull();
  });
});

describe('valueAxisRange', () => {
  it('covers the data with padding on whole steps of about five, and never crosses zero the data does not', () => {
    for (const [min, max] of [
      [47.2, 53.9],
      [0.5, 0.9],
      [-12, 40],
      [-5, -1],
      [1200, 1260],
      [3, 3],
      [0, 0],
    ] as const) {
      const range = valueAxisRange({ min, max });
      if (!range) throw new Error('a range for data');
      // Readings at zero sit on the axis' floor rather than under a negative part nobody measured.
      if (min === 0) expect(range.min).toBe(0);
      else expect(range.min, `${min}..${max}`).toBeLessThan(min);
      expect(range.max, `${min}..${max}`).toBeGreaterThan(max);
      const steps = (range.max - range.min) / range.interval;
      expect(Math.abs(steps - Math.round(steps)), `${min}..${max} whole steps`).toBeLessThan(1e-9);
      expect(steps).toBeLessThanOrEqual(10);
      if (min >= 0) expect(range.min).toBeGreaterThanOrEqual(0);
      if (max < 0) expect(range.max).toBeLessThanOrEqual(0);
    }
    expect(valueAxisRange({ min: 0.5, max: 0.9 })).toEqual({ min: 0.4, max: 1, interval: 0.1 });
  });
});

describe('roundValue', () => {
  it('rounds non-integers to 2 decimals and leaves integers alone', () => {
    expect(roundValue(3)).toBe(3);
    expect(roundValue(3.14159)).toBe(3.14);
    expect(roundValue(2.675)).toBe(2.68);
    expect(roundValue(1.005)).toBe(1.01);
    expect(roundValue(-1.005)).toBe(-1.01);
    expect(roundValue(0.1 + 0.2)).toBe(0.3);
    expect(roundValue(1e-7)).toBe(0);
    expect(Object.is(roundValue(-0.001), 0)).toBe(true);
  });
  it('takes another precision', () => {
    expect(roundValue(1.23456, 3)).toBe(1.235);
    expect(roundValue(Number.NaN)).toBeNaN();
  });
});

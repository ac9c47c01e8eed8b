import type { DiagnosticsUnit } from '../diagnostics.ts';
import { DISPLAY_DECIMALS, SECONDS_AXIS_MAX_TICKS, Y_AXIS_OFFSET_PX } from './constants.ts';

/**
 * Y-axis rules of the monitor charts (spec 02 §9): seconds shown in s, min or h; percent 0–100 by 10; on/off 0–1;
 * one axis per unit, placed left and right in turn.
 */

/**
 * How an axis shows its values. A unit is recognised by what the unit says, since parameters carry no data type
 * in the monitors' lists: seconds by the short 's' (or long 'seconds'), percent by '%', on/off by the range 0–1
 * (min 0 and max 1, whatever its name), anything else is a plain value axis.
 */
export type AxisKind = 'seconds' | 'percent' | 'on-off' | 'value';

export function axisKindOf(unit: DiagnosticsUnit): AxisKind {
  if (unit.min === 0 && unit.max === 1) return 'on-off';
  if (unit.short === 's' || unit.long === 'seconds') return 'seconds';
  if (unit.short === '%') return 'percent';
  return 'value';
}

export const PERCENT_AXIS = { min: 0, max: 100, interval: 10 } as const;
/** Labels 0 and 1 are shown as Off and On. */
export const ON_OFF_AXIS = { min: 0, max: 1, interval: 1 } as const;

export type SecondsUnit = 's' | 'min' | 'h';

/** A seconds axis: values stay in seconds, labels show `value / divider` in `unit`; `interval` and `max` are seconds. */
export interface SecondsAxis {
  unit: SecondsUnit;
  divider: 1 | 60 | 3600;
  interval: number;
  max: number;
}

/** Tick steps that read well in each unit; beyond the list, whole days (24 h) in 1-2-5 steps. */
const STEPS: Record<SecondsUnit, readonly number[]> = {
  s: [1, 2, 5, 10],
  min: [1, 2, 5, 10],
  h: [1, 2, 3, 6, 12, 24],
};

function niceStep(raw: number, unit: SecondsUnit): number {
  const listed = STEPS[unit].find((step) => step >= raw);
  if (listed !== undefined) return listed;
  const days = raw / 24;
  const decade = 10 ** Math.floor(Math.log10(days));
  const mantissa = [1, 2, 5, 10].find((m) => m * decade >= days) ?? 10;
  return mantissa * decade * 24;
}

/** Spec 02 §9: s up to 60 s, min above 60 (divider 60), h above 3600 (divider 3600), at most about 10 ticks. */
export function secondsAxis(maxValue: number): SecondsAxis {
  const top = Number.isFinite(maxValue) && maxValue > 0 ? maxValue : 0;
  const [unit, divider]: [SecondsUnit, SecondsAxis['divider']] = top > 3600 ? ['h', 3600] : top > 60 ? ['min', 60] : ['s', 1];
  const step = niceStep(top / divider / SECONDS_AXIS_MAX_TICKS, unit);
  const interval = step * divider;
  return { unit, divider, interval, max: Math.max(interval, Math.ceil(top / interval) * interval) };
}

/** Non-integers to 2 decimals, halves away from zero (display and tooltips, spec 02 §9); integers unchanged. */
export function roundValue(value: number, decimals: number = DISPLAY_DECIMALS): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  const factor = 10 ** decimals;
  // One unit in the last place up keeps a written half a half: 1.005 * 100 is 100.49999… in binary.
  const rounded = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A seconds axis label's number: the value in the axis unit, rounded for display. */
export function secondsAxisLabel(value: number, axis: SecondsAxis): number {
  return roundValue(value / axis.divider);
}

export interface YAxisPlacement {
  position: 'left' | 'right';
  offset: number;
}

/** Axis 0 left, 1 right, then left and right in turn, each pair 50 px further out than the one before. */
export function yAxisPlacement(index: number): YAxisPlacement {
  return { position: index % 2 === 0 ? 'left' : 'right', offset: Math.floor(index / 2) * Y_AXIS_OFFSET_PX };
}

export interface UnitAxis extends YAxisPlacement {
  unit: DiagnosticsUnit;
  kind: AxisKind;
  min?: number;
  max?: number;
  interval?: number;
  /** For kind seconds: the unit its labels are shown in. */
  seconds?: SecondsAxis;
}

/**
 * One y-axis per unit, in the order of the diagnostics response's `units` (each series names its axis). `maxima[i]`
 * is the largest value drawn against axis i; it sizes the seconds axes.
 */
export function unitAxes(units: readonly DiagnosticsUnit[], maxima: readonly number[]): UnitAxis[] {
  return units.map((unit, index) => {
    const base = { unit, ...yAxisPlacement(index) };
    const kind = axisKindOf(unit);
    switch (kind) {
      case 'percent':
        return { ...base, kind, ...PERCENT_AXIS };
      case 'on-off':
        return { ...base, kind, ...ON_OFF_AXIS };
      case 'seconds': {
        const seconds = secondsAxis(maxima[index] ?? 0);
        return { ...base, kind, min: 0, max: seconds.max, interval: seconds.interval, seconds };
      }
      case 'value':
        return { ...base, kind };
    }
  });
}

/** The largest value of the series drawn against each of `axisCount` axes (0 where an axis has none). */
export function axisMaxima(series: readonly { axis: number; values: readonly (number | null)[] }[], axisCount: number): number[] {
  const maxima = Array.from({ length: axisCount }, () => 0);
  for (const { axis, values } of series) {
    for (const value of values) if (value !== null && axis < axisCount && value > (maxima[axis] ?? 0)) maxima[axis] = value;
  }
  return maxima;
}

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

/** The smallest and the largest value drawn against an axis; null when nothing is. */
export type AxisExtent = { min: number; max: number } | null;

/** A value axis' share of its data's span left free above and below the data. */
const VALUE_AXIS_PADDING = 0.1;
/** About this many steps between a value axis' ends. */
const VALUE_AXIS_STEPS = 5;

/** The 1-2-5 step at or above `raw` (2.5 too, so that a span of tens reads in quarters). */
function niceValueStep(raw: number): number {
  const decade = 10 ** Math.floor(Math.log10(raw));
  const mantissa = [1, 2, 2.5, 5, 10].find((m) => m * decade >= raw * (1 - 1e-9)) ?? 10;
  return mantissa * decade;
}

/**
 * A plain value axis fitted to its data (issue 32 item 18): the data's span with a tenth of it free on each side,
 * widened to whole steps of about five; a flat line gets a span of its own size. The axis does not cross zero unless
 * the data does, so positive readings never get a negative axis. Without data the chart picks its own.
 */
export function valueAxisRange(extent: AxisExtent): { min: number; max: number; interval: number } | null {
  if (!extent || !Number.isFinite(extent.min) || !Number.isFinite(extent.max)) return null;
  const span = extent.max - extent.min;
  const pad = span > 0 ? span * VALUE_AXIS_PADDING : Math.max(Math.abs(extent.max) * VALUE_AXIS_PADDING, 1);
  const interval = niceValueStep((span + 2 * pad) / VALUE_AXIS_STEPS);
  let min = Math.floor((extent.min - pad) / interval) * interval;
  let max = Math.ceil((extent.max + pad) / interval) * interval;
  if (extent.min >= 0 && min < 0) min = 0;
  if (extent.max < 0 && max > 0) max = 0;
  // Steps like 0.1 leave binary remainders (0.30000000000000004); the axis labels would show them.
  const tidy = (value: number) => Number(value.toPrecision(12));
  min = tidy(min);
  max = tidy(max);
  return { min, max, interval: tidy(interval) };
}

/**
 * One y-axis per unit, in the order of the diagnostics response's `units` (each series names its axis). `extents[i]`
 * is the range of the values drawn against axis i: it sizes the seconds axes (from 0 to the largest) and fits the
 * plain value axes (valueAxisRange).
 */
export function unitAxes(units: readonly DiagnosticsUnit[], extents: readonly AxisExtent[]): UnitAxis[] {
  return units.map((unit, index) => {
    const base = { unit, ...yAxisPlacement(index) };
    const kind = axisKindOf(unit);
    switch (kind) {
      case 'percent':
        return { ...base, kind, ...PERCENT_AXIS };
      case 'on-off':
        return { ...base, kind, ...ON_OFF_AXIS };
      case 'seconds': {
        const seconds = secondsAxis(extents[index]?.max ?? 0);
        return { ...base, kind, min: 0, max: seconds.max, interval: seconds.interval, seconds };
      }
      case 'value':
        return { ...base, kind, ...valueAxisRange(extents[index] ?? null) };
    }
  });
}

/** The smallest and largest value of the series drawn against each of `axisCount` axes (null where an axis has none). */
export function axisExtents(series: readonly { axis: number; values: readonly (number | null)[] }[], axisCount: number): AxisExtent[] {
  const extents: AxisExtent[] = Array.from({ length: axisCount }, () => null);
  for (const { axis, values } of series) {
    if (axis >= axisCount) continue;
    for (const value of values) {
      if (value === null || !Number.isFinite(value)) continue;
      const extent = extents[axis];
      extents[axis] = extent ? { min: Math.min(extent.min, value), max: Math.max(extent.max, value) } : { min: value, max: value };
    }
  }
  return extents;
}

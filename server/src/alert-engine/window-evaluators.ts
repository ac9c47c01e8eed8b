import { PARAMETER_NUMBERS } from '@gearwatch/contracts';
import type { AlertCondition } from '@gearwatch/contracts';
import { compare } from './conditions.ts';
import { operatorSymbol } from './rules.ts';
import type { ParameterNames, ParsedRule } from './rules.ts';
import type { MessageParams } from './timeline.ts';
import type { Window } from './windows.ts';
import { HOUR_MS } from '../time/calendar.ts';

type WindowCondition = AlertCondition<
  'effective-work-time' | 'effective-work-percentage' | 'work-efficiency' | 'counter-per-hour' | 'periodic-performance' | 'percentage-change'
>;

/** A window's sums per parameter (absent: no data in the window). */
export type Sums = (parameter: number) => number | undefined;

/** The parameters a windowed rule reads from the rollups. */
export function windowParameters(rule: ParsedRule): number[] {
  const set = new Set<number>();
  for (const raw of rule.conditions) {
    if (rule.type === 'effective-work-time') set.add(PARAMETER_NUMBERS.work);
    else if (rule.type === 'effective-work-percentage' || rule.type === 'work-efficiency') {
      set.add(PARAMETER_NUMBERS.work);
      set.add(PARAMETER_NUMBERS.active);
    } else set.add((raw as AlertCondition<'counter-per-hour'>).variable);
  }
  return [...set];
}

/**
 * Whether a window breaches all the rule's conditions, with the message of the first, or null when the window does
 * not count: no data for a parameter a condition reads (unless that condition has excludeDaysWithoutData: false,
 * which counts the missing sum as 0), no active time for a percentage, or no previous data for a change.
 */
export function windowOutcome(
  rule: ParsedRule,
  deviceId: number,
  window: Window,
  sums: Sums,
  previous: Sums,
  names: ParameterNames,
): { breach: boolean; params: MessageParams } | null {
  let params: MessageParams | null = null;
  let breach = true;
  for (const raw of rule.conditions) {
    const outcome = conditionOutcome(rule, raw as WindowCondition, deviceId, window, sums, previous, names);
    if (!outcome) return null;
    params ??= outcome.params;
    breach &&= outcome.breach;
  }
  return params ? { breach, params } : null;
}

function conditionOutcome(
  rule: ParsedRule,
  condition: WindowCondition,
  deviceId: number,
  window: Window,
  sums: Sums,
  previous: Sums,
  names: ParameterNames,
): { breach: boolean; params: MessageParams } | null {
  const zeroWithoutData = condition.excludeDaysWithoutData === false;
  const sum = (source: Sums, parameter: number) => source(parameter) ?? (zeroWithoutData ? 0 : undefined);
  const bounds = { windowStart: rule.zone.isoWithOffset(window.start), windowEnd: rule.zone.isoWithOffset(window.end) };
  switch (rule.type) {
    case 'effective-work-time': {
      const c = condition as AlertCondition<'effective-work-time'>;
      const work = sum(sums, PARAMETER_NUMBERS.work);
      if (work === undefined) return null;
      const minutes = work / 60;
      return { breach: compare(minutes, c.operator, c.argument), params: { minutes, operator: operatorSymbol(c.operator), argument: c.argument, ...bounds } };
    }
    case 'effective-work-percentage': {
      const c = condition as AlertCondition<'effective-work-percentage'>;
      const work = sum(sums, PARAMETER_NUMBERS.work);
      const active = sums(PARAMETER_NUMBERS.active);
      // Without active time there is no percentage: 0 of 0 is not 0 %.
      if (work === undefined || active === undefined || active <= 0) return null;
      const efficiency = (work / active) * 100;
      return {
        breach: compare(efficiency, c.operator, c.efficiency),
        params: { efficiency, operator: operatorSymbol(c.operator), argument: c.efficiency, ...bounds },
      };
    }
    case 'work-efficiency': {
      const c = condition as AlertCondition<'work-efficiency'>;
      const work = sum(sums, PARAMETER_NUMBERS.work);
      const active = sum(sums, PARAMETER_NUMBERS.active);
      if (work === undefined || active === undefined) return null;
      // The efficiency the product shows (spec 02 §9): a whole percent, 0 when the device was not active, so a
      // window it stood idle in is one of no efficiency, not one that does not count.
      const efficiency = workEfficiency(work, active);
      return {
        breach: c.bound === 'below' ? efficiency < c.efficiency : efficiency > c.efficiency,
        params: { efficiency, bound: c.bound, argument: c.efficiency, ...bounds },
      };
    }
    case 'counter-per-hour':
    case 'periodic-performance': {
      const c = condition as AlertCondition<'counter-per-hour'>;
      const total = sum(sums, c.variable);
      if (total === undefined) return null;
      const value = rule.type === 'counter-per-hour' ? total / ((window.end - window.start) / HOUR_MS) : total;
      return {
        breach: compare(value, c.operator, c.argument),
        params: {
          parameter: names.name(deviceId, c.variable),
          value,
          unit: names.unit(deviceId, c.variable),
          operator: operatorSymbol(c.operator),
          argument: c.argument,
          ...bounds,
        },
      };
    }
    case 'percentage-change': {
      const c = condition as AlertCondition<'percentage-change'>;
      const value = sum(sums, c.variable);
      const before = previous(c.variable);
      // A change needs a previous value to be a percentage of.
      if (value === undefined || before === undefined || before <= 0) return null;
      const percent = ((value - before) / before) * 100;
      const breach = c.change === 'increase' ? percent > c.percentageDifference : -percent > c.percentageDifference;
      return {
        breach,
        params: {
          parameter: names.name(deviceId, c.variable),
          change: c.change,
          percent,
          value,
          previous: before,
          argument: c.percentageDifference,
          ...bounds,
        },
      };
    }
    default:
      return null;
  }
}

/** Work ÷ active × 100 as a whole percent, 0 without active time (spec 02 §9). */
export function workEfficiency(work: number, active: number): number {
  return active > 0 ? Math.round((work / active) * 100) : 0;
}

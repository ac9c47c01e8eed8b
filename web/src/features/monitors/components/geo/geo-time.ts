import { addDays, MAP_DEFAULTS } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { localMidnightMs } from '../../../../components/dates/zone.ts';

/**
 * The geo monitor's time axis (spec 02 §2 item 6, §9): epoch milliseconds, from the start of the range's first local
 * day to the end of its last one in the company's timezone, in steps of MAP_DEFAULTS.sliderStepMs.
 */

export interface SliderBounds {
  min: number;
  max: number;
  step: number;
}

/** The slider's ends: the first day's midnight and the midnight after the last day (a day of 23 or 25 hours too). */
export function sliderBounds(range: DateRange, timezone: string): SliderBounds {
  return { min: localMidnightMs(range.from, timezone), max: localMidnightMs(addDays(range.to, 1), timezone), step: MAP_DEFAULTS.sliderStepMs };
}

/** The slider value at or after `ms` (a step of the slider), kept within its ends. */
export function snapUp(ms: number, bounds: SliderBounds): number {
  const steps = Math.ceil((ms - bounds.min) / bounds.step);
  return Math.min(bounds.max, Math.max(bounds.min, bounds.min + steps * bounds.step));
}

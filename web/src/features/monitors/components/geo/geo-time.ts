import { addDays, MAP_DEFAULTS } from '@gearwatch/contracts';
import type { DateRange } from '@gearwatch/contracts';
import { formattingLocale } from '../../../../i18n/locale.ts';

/**
 * The geo monitor's time axis (spec 02 §2 item 6, §9): epoch milliseconds, from the start of the range's first local
 * day to the end of its last one in the company's timezone, in steps of MAP_DEFAULTS.sliderStepMs.
 */

export interface SliderBounds {
  min: number;
  max: number;
  step: number;
}

// Building an Intl.DateTimeFormat is far slower than using one; a board asks for the same zones again and again.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timezone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timezone, formatter);
  }
  return formatter;
}

/** How far the timezone's wall clock is ahead of UTC at the instant `ms`. */
function zoneOffsetMs(ms: number, timezone: string): number {
  const parts = partsFormatter(timezone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour') % 24, part('minute'), part('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the local day `date` ('YYYY-MM-DD') starts in `timezone`. The offset is read twice, the second time
 * at the first guess, so a day whose offset differs from the UTC midnight's (clock changes) still starts right.
 */
export function localMidnightMs(date: string, timezone: string): number {
  const wall = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const guess = wall - zoneOffsetMs(wall, timezone);
  return wall - zoneOffsetMs(guess, timezone);
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

const labelFormatters = new Map<string, Intl.DateTimeFormat>();

/** A slider time as the user reads it: short date and time in the company's timezone and the interface language. */
export function formatSliderTime(ms: number, timezone: string, language: string): string {
  const key = `${language}|${timezone}`;
  let formatter = labelFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(formattingLocale(language), { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' });
    labelFormatters.set(key, formatter);
  }
  return formatter.format(new Date(ms));
}

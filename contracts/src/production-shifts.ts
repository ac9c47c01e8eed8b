import { z } from 'zod';
import { MESSAGE_KEYS } from './errors.ts';
import { nameText } from './text-rules.ts';

/**
 * The company's production shifts (spec 01 §3 "Production shift", §7 `GET /user/production_shifts`): full hours in
 * the company's timezone; a shift whose end is not after its start ends the next day. `index` is the shift's
 * position in the company's list (the client's key); `timeEnd` 24:00 means midnight at the end of the day.
 */
export const SHIFT_TIME_PATTERN = /^([01]\d|2[0-4]):00$/;

export const productionShiftSchema = z.object({
  id: z.number().int(),
  index: z.number().int().min(0),
  name: z.string(),
  timeStart: z.string().regex(SHIFT_TIME_PATTERN).meta({ example: '06:00' }),
  timeEnd: z.string().regex(SHIFT_TIME_PATTERN).meta({ example: '14:00' }),
});
export type ProductionShift = z.infer<typeof productionShiftSchema>;

export const productionShiftListSchema = z.object({ entries: z.array(productionShiftSchema) });
export type ProductionShiftList = z.infer<typeof productionShiftListSchema>;

/** 'HH:00' of a whole hour 0–24. */
export function shiftTime(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A company has at most this many shifts (spec 01 §9); a new one lasts this long by default (spec 01 §4). */
export const MAX_PRODUCTION_SHIFTS = 4;
export const DEFAULT_SHIFT_HOURS = 8;
export const SHIFT_NAME_MAX_LENGTH = 50;

/**
 * 'Range is invalid' (spec 01 §5): a shift that ends when it starts, or a start hour of 24:00. 'Overlapping': a shift
 * whose hours another shift of the list already covers (a company's shifts divide its day; issue 32).
 */
export const PRODUCTION_SHIFT_MESSAGE_KEYS = {
  rangeInvalid: 'shifts.range-invalid',
  overlapping: 'shifts.overlapping',
  tooMany: 'shifts.too-many',
} as const;

/** One shift as the company settings dialog sends it; `id` and `index` are the client's, the order is the list's. */
export const productionShiftInputSchema = z.object({
  id: z.number().int().optional(),
  index: z.number().int().optional(),
  name: nameText().max(SHIFT_NAME_MAX_LENGTH),
  timeStart: z.string().regex(SHIFT_TIME_PATTERN).meta({ example: '06:00' }),
  timeEnd: z.string().regex(SHIFT_TIME_PATTERN).meta({ example: '14:00' }),
});
export type ProductionShiftInput = z.infer<typeof productionShiftInputSchema>;

/** `POST /user/production_shifts`: the company's whole list, in order (an empty list removes every shift). */
export const productionShiftsSaveSchema = z.array(productionShiftInputSchema);

/** The hour of 'HH:00'. */
export function shiftHour(time: string): number {
  return Number(time.slice(0, 2));
}

/** The end hour 1–24 of a shift: one ending at 00:00 ends at midnight, 24:00. */
export function shiftEndHour(time: string): number {
  return shiftHour(time) || 24;
}

/** A new shift: it starts where the last one ends (or 00:00) and lasts DEFAULT_SHIFT_HOURS, ending by 24:00. */
export function nextShiftTimes(shifts: readonly Pick<ProductionShiftInput, 'timeEnd'>[]): { timeStart: string; timeEnd: string } {
  const last = shifts[shifts.length - 1];
  const start = last ? shiftHour(last.timeEnd) % 24 : 0;
  return { timeStart: shiftTime(start), timeEnd: shiftTime(Math.min(24, start + DEFAULT_SHIFT_HOURS)) };
}

/** The hours of the day (0–23) a shift covers; one whose end is not after its start goes over midnight. */
function coveredHours(shift: Pick<ProductionShiftInput, 'timeStart' | 'timeEnd'>): Set<number> {
  const start = shiftHour(shift.timeStart);
  const end = shiftHour(shift.timeEnd) % 24;
  const hours = new Set<number>();
  if (start > 23) return hours;
  for (let hour = start; ; hour = (hour + 1) % 24) {
    if (hours.size > 0 && hour === end) break;
    hours.add(hour);
    if (hours.size === 24) break;
  }
  return hours;
}

/** The first earlier shift of the list whose hours `index` shares (its position), or null. */
export function overlappedShift(shifts: readonly Pick<ProductionShiftInput, 'timeStart' | 'timeEnd'>[], index: number): number | null {
  const shift = shifts[index];
  if (!shift) return null;
  const hours = coveredHours(shift);
  const earlier = shifts.slice(0, index).findIndex((other) => [...coveredHours(other)].some((hour) => hours.has(hour)));
  return earlier < 0 ? null : earlier;
}

/**
 * What is wrong with a list of shifts, as field errors keyed by position (`{'1.timeEnd': ['shifts.range-invalid']}`):
 * a blank name, a shift that ends when it starts (or starts at 24:00), one that overlaps an earlier shift. The server
 * refuses such a list with these errors; the dialog shows them as the user edits.
 */
export function shiftListErrors(shifts: readonly ProductionShiftInput[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  shifts.forEach((shift, index) => {
    if (!shift.name.trim()) errors[`${index}.name`] = [MESSAGE_KEYS.notBlank];
    const start = shiftHour(shift.timeStart);
    // An end of 00:00 is midnight at the end of the day (24:00): 00:00–00:00 is the whole day, 06:00–06:00 nothing.
    if (start > 23 || start === shiftEndHour(shift.timeEnd)) errors[`${index}.timeEnd`] = [PRODUCTION_SHIFT_MESSAGE_KEYS.rangeInvalid];
    else if (overlappedShift(shifts, index) !== null) errors[`${index}.timeStart`] = [PRODUCTION_SHIFT_MESSAGE_KEYS.overlapping];
  });
  return errors;
}

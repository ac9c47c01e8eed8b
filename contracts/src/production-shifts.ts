import { z } from 'zod';

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

import { z } from 'zod';

/** The largest value of an int4 column: every row id in the database is one. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id in a path: plain decimal digits, no sign, space, hex or exponent, and within int4. Anything else names no
 * row, so the error handler answers 404 for it (a path parameter that does not validate is a path that does not
 * exist), never a database error.
 */
export const rowIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ROW_ID);

/** `/:id` of every route that names one row. */
export const idParams = z.object({ id: rowIdParam });

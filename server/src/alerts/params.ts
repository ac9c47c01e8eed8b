import { z } from 'zod';
import { MAX_ROW_ID, rowIdParam } from '../http/params.ts';

/** The most ids one call takes (a page of the list, confirmed at once, is far fewer). */
export const MAX_IDS_PER_CALL = 500;

/**
 * Row ids in a path, comma-separated (`/api/alerts/3,5,8/confirm`): each as a row id of `rowIdParam`. Anything else
 * names no rows, so it answers 404 like any path parameter that does not validate.
 */
export const rowIdsParam = z
  .string()
  .regex(new RegExp(`^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${MAX_IDS_PER_CALL - 1}}$`))
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.every((id) => id <= MAX_ROW_ID));

export const ruleIdsParams = z.object({ id: rowIdParam, ids: rowIdsParam });
export const idsParams = z.object({ ids: rowIdsParam });
export const conditionParams = z.object({ id: rowIdParam, conditionId: rowIdParam });

import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/**
 * A list's `context` names a variant of the list (e.g. `admin`, a report type). The answer echoes it in the
 * `x-contexts` header, so only header-safe identifiers are taken: a CR, LF or NUL would break the answer.
 */
export const LIST_CONTEXT_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Query of every list route: `?filter&search&page&page_size&sort=field,-field&context`. */
export const listQuerySchema = z.object({
  search: z.string().max(200).optional(),
  filter: z.string().max(2000).optional(),
  // Bounded so that (page - 1) × page size stays an offset PostgreSQL takes.
  page: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
  page_size: z.coerce.number().int().min(0).max(1000).default(DEFAULT_PAGE_SIZE),
  perPage: z.coerce.number().int().min(0).max(1000).optional(),
  sort: z.string().max(200).optional(),
  context: z.string().regex(LIST_CONTEXT_PATTERN).optional(),
  requestId: z.string().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

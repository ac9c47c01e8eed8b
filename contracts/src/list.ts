import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.ts';

/** Query of every list route: `?filter&search&page&page_size&sort=field,-field&context`. */
export const listQuerySchema = z.object({
  search: z.string().max(200).optional(),
  filter: z.string().max(2000).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(0).max(1000).default(DEFAULT_PAGE_SIZE),
  perPage: z.coerce.number().int().min(0).max(1000).optional(),
  sort: z.string().max(200).optional(),
  context: z.string().max(100).optional(),
  requestId: z.string().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

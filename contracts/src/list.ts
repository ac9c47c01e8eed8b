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

const MAX_ROW_ID = 2_147_483_647;
const noValue = (value: unknown) => value === undefined || value === null || value === '';

/** A list filter's row id: a number or its decimal text within int4; absent, null or '' for none. */
export const filterIdSchema = z.preprocess(
  (value) => (noValue(value) ? undefined : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
  z.number().int().min(1).max(MAX_ROW_ID).optional(),
);

/** A list filter's yes or no: a boolean, 'true' / 'false', 1 / 0 or their text; absent, null or '' for either. */
export const filterBooleanSchema = z.preprocess((value) => {
  if (noValue(value)) return undefined;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return value;
}, z.boolean().optional());

/** A list filter's choice among constant values (a status, an importance); absent, null or '' for any. */
export function filterChoiceSchema<const V extends readonly [string, ...string[]]>(values: V) {
  return z.preprocess((value) => (noValue(value) ? undefined : value), z.enum(values).optional());
}

/**
 * A list filter's instant: an ISO 8601 date-time with its offset, or a date `YYYY-MM-DD` (the list decides in whose
 * time zone a date is read, usually the company's); absent, null or '' for none.
 */
export const filterDateSchema = z.preprocess(
  (value) => (noValue(value) ? undefined : value),
  z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
);

type FilterValueSchema = typeof filterIdSchema | typeof filterBooleanSchema | typeof filterDateSchema | ReturnType<typeof filterChoiceSchema>;

/**
 * The keys a list's `filter` (a JSON object in the query) may carry; any other key, or a value of the wrong kind, is
 * refused with `400 {errors: {filter: [...]}}`.
 */
export function listFilterSchema<S extends Record<string, FilterValueSchema>>(shape: S) {
  return z.strictObject(shape);
}

/** The filter of a list that has none: only `{}` (or no filter at all). */
export const noListFilterSchema = listFilterSchema({});

/** A list's filter schema, as the query schema below describes it. */
export type ListFilterSchema = z.ZodObject<Record<string, FilterValueSchema>>;

function describeFilterValue(value: FilterValueSchema): string {
  if (value === filterBooleanSchema) return 'boolean';
  if (value === filterIdSchema) return 'id';
  if (value === filterDateSchema) return 'date or date-time';
  return 'one of the listed values';
}

/** The list query of a list with this filter: `filter` documented with its keys and the kind of each value. */
export function listQuerySchemaFor(filter: ListFilterSchema) {
  const keys = Object.entries(filter.shape).map(([key, value]) => `"${key}": ${describeFilterValue(value)}`);
  const description = keys.length
    ? `JSON object, every key optional: {${keys.join(', ')}}; other keys are refused (400)`
    : 'This list has no filter: {} or nothing';
  return listQuerySchema.extend({ filter: z.string().max(2000).optional().meta({ description }) });
}

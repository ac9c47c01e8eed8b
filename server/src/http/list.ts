import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ListFilterSchema, ListQuery } from '@gearwatch/contracts';
import { LIST_HEADERS, MESSAGE_KEYS, PAGE_SIZE_NO_LIMIT, listQuerySchemaFor, noListFilterSchema } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { ValidationError } from './errors.ts';
import type { App } from './types.ts';

export interface SortTerm<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

export interface ListRequest<F extends string, Filter = unknown> {
  search?: string;
  /** The list's filter, checked against its schema (contracts: `listFilterSchema`). */
  filter: Filter;
  sort: SortTerm<F>[];
  /** null = no limit. */
  limit: number | null;
  offset: number;
  page: number;
  context?: string;
}

export interface Page<T> {
  entries: T[];
  total: number;
}

/**
 * Turns the list query (`sort=name,-id`, `filter={"deviceType":3}`) into a checked request: the filter parsed against
 * the list's schema, `400 {errors: {filter}}` for JSON that is not an object, an unknown key or a bad value.
 */
export function parseListQuery<F extends string, S extends ListFilterSchema = typeof noListFilterSchema>(
  query: ListQuery,
  sortable: readonly F[],
  defaultSort: SortTerm<F>[],
  filterSchema: S = noListFilterSchema as unknown as S,
): ListRequest<F, z.output<S>> {
  // PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
  if (query.search?.includes('\u0000')) throw ValidationError.field('search', MESSAGE_KEYS.incorrect);
  if (query.filter?.includes('\u0000')) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  const sort: SortTerm<F>[] = [];
  for (const raw of (query.sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const direction = raw.startsWith('-') ? 'desc' : 'asc';
    const field = raw.replace(/^[-+]/, '') as F;
    if (!sortable.includes(field)) throw ValidationError.field('sort', MESSAGE_KEYS.incorrect);
    sort.push({ field, direction });
  }
  let raw: unknown = {};
  if (query.filter) {
    try {
      raw = JSON.parse(query.filter);
    } catch {
      throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
    }
  }
  const filter = filterSchema.safeParse(raw);
  if (!filter.success) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  const pageSize = query.perPage ?? query.page_size;
  const limit = pageSize === PAGE_SIZE_NO_LIMIT ? null : pageSize;
  return {
    search: query.search?.trim() || undefined,
    filter: filter.data,
    sort: sort.length ? sort : defaultSort,
    limit,
    offset: limit === null ? 0 : (query.page - 1) * limit,
    page: query.page,
    context: query.context,
  };
}

/** Sends a page: paging totals in headers, `{entries}` in the body, 204 when there is nothing at all. */
export function sendPage<T>(reply: FastifyReply, request: ListRequest<string>, page: Page<T>, requestId: string) {
  const totalPages = request.limit === null ? (page.total > 0 ? 1 : 0) : Math.ceil(page.total / request.limit);
  void reply.headers({
    [LIST_HEADERS.pageEntries]: String(page.entries.length),
    [LIST_HEADERS.pageNumber]: String(request.page),
    [LIST_HEADERS.totalEntries]: String(page.total),
    [LIST_HEADERS.totalPages]: String(totalPages),
    [LIST_HEADERS.requestId]: requestId,
    [LIST_HEADERS.contexts]: request.context ?? 'default',
    'access-control-expose-headers': Object.values(LIST_HEADERS).join(', '),
  });
  if (page.total === 0) return reply.status(204).send(null);
  return reply.status(200).send({ entries: page.entries });
}

/** `%search%` for ILIKE, with the search's own `%`, `_` and `\` taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A list route of the list protocol: the query parsed against its sort fields, the page sent with its headers. */
export interface ListRoute<F extends string, S extends ListFilterSchema = typeof noListFilterSchema> {
  summary: string;
  sortable: readonly F[];
  defaultSort: SortTerm<F>[];
  /** The keys `filter` may carry (contracts); none when left out. */
  filter?: S;
  /** The responses by status: the page (200), nothing at all (204) and the errors. */
  response: RouteResponses;
  load: (auth: AuthContext, list: ListRequest<F, z.output<S>>) => Promise<Page<unknown>>;
}

/** Response schemas by status code, as a route's `schema.response` takes them. */
export type RouteResponses = Record<number, z.ZodType>;

/** `GET path` answering one page of a list (`?search=&filter=&sort=&page=&perPage=`). */
export function registerListRoute<F extends string, S extends ListFilterSchema = typeof noListFilterSchema>(
  app: App,
  path: string,
  tags: string[],
  route: ListRoute<F, S>,
): void {
  const filter = route.filter ?? (noListFilterSchema as unknown as S);
  app.get(path, { schema: { tags, summary: route.summary, querystring: listQuerySchemaFor(filter), response: route.response } }, async (request, reply) => {
    const list = parseListQuery(request.query, route.sortable, route.defaultSort, filter);
    return sendPage(reply, list, await route.load(request.auth, list), request.id);
  });
}

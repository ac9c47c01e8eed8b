import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ListQuery } from '@gearwatch/contracts';
import { LIST_HEADERS, MESSAGE_KEYS, PAGE_SIZE_NO_LIMIT, listQuerySchema } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { ValidationError } from './errors.ts';
import { MAX_ROW_ID } from './params.ts';
import type { App } from './types.ts';

export interface SortTerm<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

export interface ListRequest<F extends string> {
  search?: string;
  filter: Record<string, unknown>;
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

/** Turns the list query (`sort=name,-id`, `filter={"deviceType":3}`) into a checked request. */
export function parseListQuery<F extends string>(query: ListQuery, sortable: readonly F[], defaultSort: SortTerm<F>[]): ListRequest<F> {
  // PostgreSQL text cannot hold NUL: refused here rather than failing in the database.
  if (query.search?.includes('\u0000')) throw ValidationError.field('search', MESSAGE_KEYS.incorrect);
  if (query.filter?.includes('\u0000')) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  const sort: SortTerm<F>[] = [];
  for (const raw of (query.sort ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const direction = raw.startsWith('-') ? 'desc' : 'asc';
    const field = raw.replace(/^[-+]/, '') as F;
    if (!sortable.includes(field)) throw ValidationError.field('sort', MESSAGE_KEYS.incorrect);
    sort.push({ field, direction });
  }
  let filter: Record<string, unknown> = {};
  if (query.filter) {
    try {
      const parsed: unknown = JSON.parse(query.filter);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      filter = parsed as Record<string, unknown>;
    } catch {
      throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
    }
  }
  const pageSize = query.perPage ?? query.page_size;
  const limit = pageSize === PAGE_SIZE_NO_LIMIT ? null : pageSize;
  return {
    search: query.search?.trim() || undefined,
    filter,
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

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** A list filter's row id (a number or its text); undefined when absent; 400 on `filter` for anything else. */
export function idFilter(value: unknown): number | undefined {
  if (absent(value)) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(number) || number <= 0 || number > MAX_ROW_ID) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  return number;
}

/** A list filter's yes or no (a boolean, or 'true' / 'false' / 1 / 0); undefined when absent; 400 otherwise. */
export function booleanFilter(value: unknown): boolean | undefined {
  if (absent(value)) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 'true' || value === '1') return true;
  if (value === 0 || value === 'false' || value === '0') return false;
  throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
}

/** A list route of the list protocol: the query parsed against its sort fields, the page sent with its headers. */
export interface ListRoute<F extends string> {
  summary: string;
  sortable: readonly F[];
  defaultSort: SortTerm<F>[];
  /** The responses by status: the page (200), nothing at all (204) and the errors. */
  response: RouteResponses;
  load(auth: AuthContext, list: ListRequest<F>): Promise<Page<unknown>>;
}

/** Response schemas by status code, as a route's `schema.response` takes them. */
export type RouteResponses = Record<number, z.ZodType>;

/** `GET path` answering one page of a list (`?search=&filter=&sort=&page=&perPage=`). */
export function registerListRoute<F extends string>(app: App, path: string, tags: string[], route: ListRoute<F>): void {
  app.get(path, { schema: { tags, summary: route.summary, querystring: listQuerySchema, response: route.response } }, async (request, reply) => {
    const list = parseListQuery(request.query, route.sortable, route.defaultSort);
    return sendPage(reply, list, await route.load(request.auth, list), request.id);
  });
}

import type { QueryValue } from '../../api/client.ts';

/** What a list shows: the query of the list protocol (docs/forms.md "List") in the client's terms. */
export interface ListParams {
  search: string;
  /** Resource-specific keys, sent JSON-encoded as `filter`. */
  filter?: Record<string, unknown>;
  /** 1-based. */
  page: number;
  /** Rows per page; PAGE_SIZE_NO_LIMIT (0) for all. */
  pageSize: number;
  /** `field` ascending, `-field` descending, or null for the server's order. */
  sort: string | null;
  context?: string;
}

function hasKeys(filter: Record<string, unknown> | undefined): filter is Record<string, unknown> {
  return filter !== undefined && Object.values(filter).some((value) => value !== undefined);
}

/** The query string values of `GET /api/{plural}`; empty ones are left out. */
export function listQuery(params: ListParams): Record<string, QueryValue> {
  return {
    search: params.search.trim() || undefined,
    filter: hasKeys(params.filter) ? JSON.stringify(params.filter) : undefined,
    page: params.page,
    page_size: params.pageSize,
    sort: params.sort ?? undefined,
    context: params.context,
  };
}

/** How a header shows the current sort: ascending, descending, or not sorted by it. */
export function sortDirection(sort: string | null, field: string): 'asc' | 'desc' | false {
  if (sort === field) return 'asc';
  if (sort === `-${field}`) return 'desc';
  return false;
}

/** A header click: a new field sorts ascending, the current one flips. */
export function nextSort(sort: string | null, field: string): string {
  return sort === field ? `-${field}` : field;
}

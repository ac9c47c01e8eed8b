import { LIST_HEADERS } from '@gearwatch/contracts';
import type { FakeCall, FakeReply } from './fake-api.ts';

/** A whole list answer of the list protocol: 204 when empty. */
export function listReply(entries: readonly unknown[]): FakeReply {
  if (entries.length === 0) return { status: 204 };
  const count = String(entries.length);
  return {
    body: { entries },
    headers: { [LIST_HEADERS.pageNumber]: '1', [LIST_HEADERS.pageEntries]: count, [LIST_HEADERS.totalEntries]: count, [LIST_HEADERS.totalPages]: '1' },
  };
}

/** One page of `entries` as the call asks (page, page_size; 0 is all), the totals in the headers. */
export function pagedReply(entries: readonly unknown[], call: FakeCall): FakeReply {
  if (entries.length === 0) return { status: 204 };
  const page = Number(call.query.get('page') ?? 1);
  const size = Number(call.query.get('page_size') ?? 25);
  const shown = size === 0 ? entries : entries.slice((page - 1) * size, page * size);
  return {
    body: { entries: shown },
    headers: {
      [LIST_HEADERS.pageNumber]: String(page),
      [LIST_HEADERS.pageEntries]: String(shown.length),
      [LIST_HEADERS.totalEntries]: String(entries.length),
      [LIST_HEADERS.totalPages]: String(size === 0 ? 1 : Math.ceil(entries.length / size)),
    },
  };
}

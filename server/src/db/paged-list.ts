import { sql } from 'kysely';
import type { Expression, SelectQueryBuilder } from 'kysely';

/** The part of a list request (http/list.ts) that picks a page: its order and its window. */
export interface PageRequest<F extends string> {
  sort: readonly { field: F; direction: 'asc' | 'desc' }[];
  /** null = every row. */
  limit: number | null;
  offset: number;
}

/** How a list orders its rows. */
export interface PageOrder<F extends string> {
  /** The columns each sort field orders by, in turn. */
  columns: Record<F, Expression<unknown> | readonly Expression<unknown>[]>;
  /** Ordered by last (ascending), so the order is total and pages neither overlap nor skip a row: the row id. */
  tiebreak: Expression<unknown>;
  /** Rows without a value (never signed in, never called) come last whichever the direction. */
  nullsLast?: boolean;
}

/**
 * How a list counts its matching rows, when not by count(*) over all of them: a list of millions of rows counts up
 * to a limit (an exact count would read every row on each page).
 */
export type PageCount<DB, TB extends keyof DB, S> = (matching: SelectQueryBuilder<DB, TB, S>) => Promise<number>;

/**
 * One page of a list and how many rows match in all: `matching` is the query with its joins, tenancy, filter and
 * search; `select` picks what a row of the page holds. Every list repository pages through this one query shape.
 */
export async function pagedList<DB, TB extends keyof DB, S, O, F extends string>(
  matching: SelectQueryBuilder<DB, TB, S>,
  select: (query: SelectQueryBuilder<DB, TB, S>) => SelectQueryBuilder<DB, TB, O>,
  request: PageRequest<F>,
  order: PageOrder<F>,
  count?: PageCount<DB, TB, S>,
): Promise<{ entries: O[]; total: number }> {
  // Kysely cannot infer a selection added to a query of generic shape; the count's row is exactly this.
  const counting = count
    ? count(matching)
    : matching
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow()
        .then((row) => (row as unknown as { total: number }).total);
  let rows = select(matching);
  const nulls = order.nullsLast ? sql` nulls last` : sql``;
  for (const term of request.sort) {
    for (const column of [order.columns[term.field]].flat()) rows = rows.orderBy(sql`${column} ${sql.raw(term.direction)}${nulls}`);
  }
  rows = rows.orderBy(sql`${order.tiebreak} asc`);
  if (request.limit !== null) rows = rows.limit(request.limit).offset(request.offset);
  // The count and the page run side by side on a pool (one after the other on PGlite's single connection).
  const [total, entries] = await Promise.all([counting, rows.execute()]);
  return { entries, total };
}

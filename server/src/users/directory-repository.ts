import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantScope } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { likePattern } from '../http/list.ts';

export type CompanyUserSortField = 'id' | 'name';

export interface CompanyUserRow {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
}

const SORT = {
  id: [sql`users.id`],
  name: [sql`lower(users.firstname)`, sql`lower(users.lastname)`, sql`lower(users.username)`],
} as const;

/** The users of a company as other features pick them (alert recipients, report recipients, tasks). */
export class UserDirectoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(scope: TenantScope, request: ListRequest<CompanyUserSortField>): Promise<Page<CompanyUserRow>> {
    let query = this.db.selectFrom('users');
    if (scope.kind === 'company') query = query.where('users.company_id', '=', scope.companyId);
    if (request.search) {
      const pattern = likePattern(request.search);
      query = query.where((eb) =>
        eb.or([
          eb('users.firstname', 'ilike', pattern),
          eb('users.lastname', 'ilike', pattern),
          eb('users.username', 'ilike', pattern),
          eb(sql`users.firstname || ' ' || users.lastname`, 'ilike', pattern),
        ]),
      );
    }
    const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    let rows = query.select(['users.id', 'users.username', 'users.firstname', 'users.lastname']);
    for (const term of request.sort) for (const column of SORT[term.field]) rows = rows.orderBy(column, term.direction);
    rows = rows.orderBy('users.id', 'asc');
    if (request.limit !== null) rows = rows.limit(request.limit).offset(request.offset);
    return { entries: await rows.execute(), total };
  }
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { IMPERSONABLE_USER_SORT_FIELDS } from '@gearwatch/contracts';
import type { DB } from '../db/schema.ts';
import type { ListRequest, Page } from '../http/list.ts';
import { pagedList } from '../db/paged-list.ts';

export type ImpersonableSortField = (typeof IMPERSONABLE_USER_SORT_FIELDS)[number];

/** Whose users a caller may act as: the SQL form of security/impersonation-policy.ts's mayImpersonate. */
export interface ImpersonationScope {
  callerId: number;
  /** null: every company (a super-admin). */
  companyId: number | null;
  includeSuperAdmins: boolean;
}

export interface ImpersonableRow {
  id: number;
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  companyId: number;
  companyName: string;
}

// The display name (presenter.ts displayName): "first last", or the username when both are empty.
const NAME = sql<string>`coalesce(nullif(trim(users.firstname || ' ' || users.lastname), ''), users.username)`;

const SORT_COLUMNS = {
  name: sql`lower(${NAME})`,
  username: sql`lower(users.username)`,
  email: sql`lower(users.email)`,
  company: sql`lower(companies.name)`,
  id: sql`users.id`,
} as const;

export class ImpersonationRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private candidates(scope: ImpersonationScope) {
    let query = this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .where('users.is_active', '=', true)
      .where('users.id', '<>', scope.callerId);
    if (scope.companyId !== null) query = query.where('users.company_id', '=', scope.companyId);
    if (!scope.includeSuperAdmins) query = query.where('users.is_super_admin', '=', false);
    return query;
  }

  async list(scope: ImpersonationScope, request: ListRequest<ImpersonableSortField>): Promise<Page<ImpersonableRow>> {
    let query = this.candidates(scope);
    if (request.search) {
      const pattern = `%${request.search.replace(/[\\%_]/g, '\\$&')}%`;
      query = query.where((eb) => eb.or([eb(NAME, 'ilike', pattern), eb('users.username', 'ilike', pattern), eb('users.email', 'ilike', pattern)]));
    }
    return pagedList(
      query,
      (matching) =>
        matching.select([
          'users.id',
          'users.firstname',
          'users.lastname',
          'users.username',
          'users.email',
          'users.company_id as companyId',
          'companies.name as companyName',
        ]),
      request,
      { columns: SORT_COLUMNS, tiebreak: sql`users.id` },
    );
  }

  /** True when the user is one the scope may act as. */
  async isCandidate(scope: ImpersonationScope, userId: number): Promise<boolean> {
    const row = await this.candidates(scope).select('users.id').where('users.id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }
}

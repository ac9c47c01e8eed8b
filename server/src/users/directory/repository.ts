import type { CompanyUserSortField } from '@gearwatch/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../security/context.ts';
import type { ListRequest, Page } from '../../http/list.ts';
import { likePattern } from '../../http/list.ts';
import { pagedList } from '../../db/paged-list.ts';

export interface CompanyUserRow {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  language: string;
  isActive: boolean;
  isSuperAdmin: boolean;
  lastLoginAt: Date | string | null;
  companyId: number;
  companyName: string;
}

/** `company`: one company's users (within the caller's scope); `active`: only active or only inactive users. */
export interface CompanyUserFilter {
  companyId?: number;
  active?: boolean;
}

const SORT = {
  id: [sql`users.id`],
  name: [sql`lower(users.firstname)`, sql`lower(users.lastname)`, sql`lower(users.username)`],
  email: [sql`lower(users.email)`],
  lastLogin: [sql`users.last_login_at`],
} as const;

/**
 * The users of a company as other features pick them (alert recipients, report recipients, tasks) and as the user
 * management lists them.
 */
export class UserDirectoryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(scope: TenantScope, request: ListRequest<CompanyUserSortField>, filter: CompanyUserFilter = {}): Promise<Page<CompanyUserRow>> {
    let query = this.db.selectFrom('users').innerJoin('companies', 'companies.id', 'users.company_id');
    // Super-administrators belong to a company for their own settings, but are not its users: a company's list
    // does not show them (their edit and delete would be refused).
    if (scope.kind === 'company') query = query.where('users.company_id', '=', scope.companyId).where('users.is_super_admin', '=', false);
    if (filter.companyId !== undefined) query = query.where('users.company_id', '=', filter.companyId);
    if (filter.active !== undefined) query = query.where('users.is_active', '=', filter.active);
    if (request.search) {
      const pattern = likePattern(request.search);
      query = query.where((eb) =>
        eb.or([
          eb('users.firstname', 'ilike', pattern),
          eb('users.lastname', 'ilike', pattern),
          eb('users.username', 'ilike', pattern),
          eb('users.email', 'ilike', pattern),
          eb(sql`users.firstname || ' ' || users.lastname`, 'ilike', pattern),
        ]),
      );
    }
    // Users who never signed in come last in either direction.
    return pagedList(
      query,
      (matching) =>
        matching.select([
          'users.id',
          'users.username',
          'users.firstname',
          'users.lastname',
          'users.email',
          'users.language',
          'users.is_active as isActive',
          'users.is_super_admin as isSuperAdmin',
          'users.last_login_at as lastLoginAt',
          'users.company_id as companyId',
          'companies.name as companyName',
        ]),
      request,
      { columns: SORT, tiebreak: sql`users.id`, nullsLast: true },
    );
  }
}

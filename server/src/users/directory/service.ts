import type { CompanyUserSortField, UserListEntry, UserListFilter } from '@gearwatch/contracts';
import type { AuthContext } from '../../security/context.ts';
import { scopeOf } from '../../security/context.ts';
import type { ListRequest, Page } from '../../http/list.ts';
import type { UserDirectoryRepository } from './repository.ts';
import { displayName, languageOf, presentLastLogin } from '../presenter.ts';

/**
 * `GET /api/users`: the caller's company's users (every company's for a super-admin), by name. Filter keys:
 * `company` (an id) and `active` (a boolean); `superAdmin` is told to super-admins only.
 */
export class UserDirectoryService {
  constructor(private readonly repository: UserDirectoryRepository) {}

  async list(auth: AuthContext, request: ListRequest<CompanyUserSortField, UserListFilter>): Promise<Page<UserListEntry>> {
    const page = await this.repository.list(scopeOf(auth), request, { companyId: request.filter.company, active: request.filter.active });
    return {
      total: page.total,
      entries: page.entries.map((u) => ({
        id: u.id,
        name: displayName(u),
        firstname: u.firstname,
        lastname: u.lastname,
        username: u.username,
        email: u.email,
        language: languageOf(u.language),
        active: u.isActive,
        lastLogin: presentLastLogin(u.lastLoginAt),
        company: { id: u.companyId, name: u.companyName },
        ...(auth.isSuperAdmin ? { superAdmin: u.isSuperAdmin } : {}),
      })),
    };
  }
}

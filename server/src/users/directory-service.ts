import type { UserListEntry } from '@gearwatch/contracts';
import { MESSAGE_KEYS } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import { ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { CompanyUserFilter, CompanyUserSortField, UserDirectoryRepository } from './directory-repository.ts';
import { displayName, languageOf, presentLastLogin } from './presenter.ts';

/**
 * `GET /api/users`: the caller's company's users (every company's for a super-admin), by name. Filter keys:
 * `company` (an id) and `active` (a boolean); `superAdmin` is told to super-admins only.
 */
export class UserDirectoryService {
  constructor(private readonly repository: UserDirectoryRepository) {}

  async list(auth: AuthContext, request: ListRequest<CompanyUserSortField>): Promise<Page<UserListEntry>> {
    const page = await this.repository.list(scopeOf(auth), request, filterOf(request.filter));
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

const absent = (value: unknown) => value === undefined || value === null || value === '';

function filterOf(filter: Record<string, unknown>): CompanyUserFilter {
  const result: CompanyUserFilter = {};
  const { company, active } = filter;
  if (!absent(company)) {
    const id = typeof company === 'number' ? company : typeof company === 'string' && /^\d+$/.test(company.trim()) ? Number(company) : Number.NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
    result.companyId = id;
  }
  if (!absent(active)) {
    if (active === true || active === 'true' || active === 1 || active === '1') result.active = true;
    else if (active === false || active === 'false' || active === 0 || active === '0') result.active = false;
    else throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  }
  return result;
}

import type { CompanyUser } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { CompanyUserSortField, UserDirectoryRepository } from './directory-repository.ts';
import { displayName } from './presenter.ts';

/** `GET /api/users`: the caller's company's users (every company's for a super-admin), by name. */
export class UserDirectoryService {
  constructor(private readonly repository: UserDirectoryRepository) {}

  async list(auth: AuthContext, request: ListRequest<CompanyUserSortField>): Promise<Page<CompanyUser>> {
    const page = await this.repository.list(scopeOf(auth), request);
    return {
      total: page.total,
      entries: page.entries.map((u) => ({ id: u.id, name: displayName(u), firstname: u.firstname, lastname: u.lastname })),
    };
  }
}

import { COMPANY_USER_SORT_FIELDS, USER_RESPONSES, userListFilterSchema } from '@gearwatch/contracts';
import type { App } from '../../http/types.ts';
import { registerListRoute } from '../../http/list.ts';
import type { UserDirectoryService } from './service.ts';

export function userDirectoryRoutes(app: App, directory: UserDirectoryService): void {
  registerListRoute(app, '/api/users', ['users'], {
    summary:
      'Users of the caller\'s company (every company for a super-admin); search on names, e-mail and username, filter {"company": id, "active": bool}, sort id, name, email, lastLogin',
    sortable: COMPANY_USER_SORT_FIELDS,
    filter: userListFilterSchema,
    defaultSort: [{ field: 'name', direction: 'asc' }],
    response: USER_RESPONSES.list,
    load: (auth, list) => directory.list(auth, list),
  });
}

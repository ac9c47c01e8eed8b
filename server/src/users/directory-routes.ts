import { COMPANY_USER_SORT_FIELDS, USER_RESPONSES, listQuerySchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { UserDirectoryService } from './directory-service.ts';

export function userDirectoryRoutes(app: App, directory: UserDirectoryService): void {
  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary:
          "Users of the caller's company (every company for a super-admin); search on names, e-mail and username, filter {\"company\": id, \"active\": bool}, sort id, name, email, lastLogin",
        querystring: listQuerySchema,
        response: USER_RESPONSES.list,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, COMPANY_USER_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await directory.list(request.auth, list), request.id);
    },
  );
}

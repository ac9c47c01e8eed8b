import { z } from 'zod';
import { COMPANY_USER_SORT_FIELDS, companyUserListSchema, listQuerySchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { UserDirectoryService } from './directory-service.ts';

export function userDirectoryRoutes(app: App, directory: UserDirectoryService): void {
  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: "Users of the caller's company (every company for a super-admin); search on names, sort id or name",
        querystring: listQuerySchema,
        response: { 200: companyUserListSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, COMPANY_USER_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await directory.list(request.auth, list), request.id);
    },
  );
}

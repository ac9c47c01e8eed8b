import { z } from 'zod';
import {
  IMPERSONABLE_USER_SORT_FIELDS,
  impersonableUserListSchema,
  impersonateParamsSchema,
  impersonateQuerySchema,
  listQuerySchema,
  problemSchema,
  tokenResponseSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { ImpersonationService } from './service.ts';

export function impersonationRoutes(app: App, impersonation: ImpersonationService): void {
  const tags = ['impersonation'];
  app.get(
    '/api/impersonate/users',
    {
      schema: {
        tags,
        summary: 'Users the caller may act as, by name (needs the impersonate extra; a super-admin sees every company)',
        querystring: listQuerySchema,
        response: { 200: impersonableUserListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, IMPERSONABLE_USER_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await impersonation.list(request.auth, list), request.id);
    },
  );
  app.get(
    '/api/impersonate/:userId',
    {
      schema: {
        tags,
        summary: 'Start a session as another user: answers like POST /api/token; the session records who is impersonating',
        params: impersonateParamsSchema,
        querystring: impersonateQuerySchema,
        response: { 200: tokenResponseSchema, 400: validationErrorSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const tokens = await impersonation.impersonate(request.auth, request.params.userId, request.query.client_id);
      request.log.info({ impersonatorId: request.auth.userId, userId: request.params.userId }, 'impersonation started');
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
    },
  );
}

import { z } from 'zod';
import {
  IMPERSONABLE_USER_SORT_FIELDS,
  impersonableUserListSchema,
  impersonateParamsSchema,
  impersonateQuerySchema,
  problemSchema,
  tokenResponseSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { registerListRoute } from '../http/list.ts';
import type { ImpersonationService } from './service.ts';

export function impersonationRoutes(app: App, impersonation: ImpersonationService): void {
  const tags = ['impersonation'];
  registerListRoute(app, '/api/impersonate/users', tags, {
    summary: 'Users the caller may act as, by name (needs the impersonate extra; a super-admin sees every company)',
    sortable: IMPERSONABLE_USER_SORT_FIELDS,
    defaultSort: [{ field: 'name', direction: 'asc' }],
    response: { 200: impersonableUserListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema, 403: problemSchema },
    load: (auth, list) => impersonation.list(auth, list),
  });
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

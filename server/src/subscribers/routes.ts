import { ADMINISTRATION_RESPONSES, SUBSCRIBER_SORT_FIELDS, listQuerySchema } from '@gearwatch/contracts';
import { superAdminRoutes } from '../administration/scope.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { FormTokens } from '../forms/token.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { App } from '../http/types.ts';
import type { SubscribersService } from './service.ts';
import { SUBSCRIBER_RESOURCE } from './service.ts';
import { idParams } from '../http/params.ts';


/** `/api/subscribers`: the billing parties of companies, for super-admins only (403 otherwise). */
export function subscribersRoutes(app: App, subscribers: SubscribersService, tokens: FormTokens): void {
  const tags = ['administration'];
  superAdminRoutes(app, (scope) => {
    scope.get(
      '/api/subscribers',
      {
        schema: {
          tags,
          summary: 'Every subscriber with its company count (super-admin); search on name, tax number and city, sort id, name',
          querystring: listQuerySchema,
          response: ADMINISTRATION_RESPONSES.subscriberList,
        },
      },
      async (request, reply) => {
        const list = parseListQuery(request.query, SUBSCRIBER_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
        return sendPage(reply, list, await subscribers.list(request.auth, list), request.id);
      },
    );
    registerFormRoutes(scope, { resource: SUBSCRIBER_RESOURCE, tag: 'administration', form: subscribers, tokens });
    scope.get(
      '/api/subscribers/:id',
      { schema: { tags, summary: 'One subscriber with its company count (super-admin)', params: idParams, response: ADMINISTRATION_RESPONSES.subscriberGet } },
      (request) => subscribers.get(request.auth, request.params.id),
    );
    registerDeleteRoutes(scope, {
      resource: 'subscribers',
      tag: 'administration',
      summary: 'Delete a subscriber; 409 with dependents.companies while companies are billed to it (no unassign: change those companies first)',
      remove: (auth, id) => subscribers.delete(auth, id),
    });
  });
}

import { ADMINISTRATION_RESPONSES, SUBSCRIBER_SORT_FIELDS } from '@gearwatch/contracts';
import { superAdminRoutes } from '../http/super-admin-scope.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { FormTokens } from '../forms/token.ts';
import type { App } from '../http/types.ts';
import type { SubscribersService } from './service.ts';
import { SUBSCRIBER_RESOURCE } from './service.ts';

/** `/api/subscribers`: the billing parties of companies, for super-admins only (403 otherwise). */
export function subscribersRoutes(app: App, subscribers: SubscribersService, tokens: FormTokens): void {
  superAdminRoutes(app, (scope) =>
    registerResourceRoutes(scope, {
      resource: SUBSCRIBER_RESOURCE,
      tag: 'administration',
      list: {
        summary: 'Every subscriber with its company count (super-admin); search on name, tax number and city, sort id, name',
        sortable: SUBSCRIBER_SORT_FIELDS,
        defaultSort: [{ field: 'name', direction: 'asc' }],
        response: ADMINISTRATION_RESPONSES.subscriberList,
        load: (auth, list) => subscribers.list(auth, list),
      },
      get: {
        summary: 'One subscriber with its company count (super-admin)',
        response: ADMINISTRATION_RESPONSES.subscriberGet,
        load: (auth, id) => subscribers.get(auth, id),
      },
      form: subscribers,
      tokens,
      remove: {
        summary: 'Delete a subscriber; 409 with dependents.companies while companies are billed to it (no unassign: change those companies first)',
        remove: (auth, id) => subscribers.delete(auth, id),
      },
    }),
  );
}

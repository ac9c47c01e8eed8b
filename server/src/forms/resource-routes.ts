import type { ListFilterSchema, noListFilterSchema } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { superAdminRoutes } from '../http/super-admin-scope.ts';
import type { ListRoute, RouteResponses } from '../http/list.ts';
import { registerListRoute } from '../http/list.ts';
import { idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { DeleteRoutes } from './delete-routes.ts';
import { registerDeleteRoutes } from './delete-routes.ts';
import type { FormResource } from './routes.ts';
import { registerFormRoutes } from './routes.ts';
import type { FormTokens } from './token.ts';

/** What a resource of the management screens serves under `/api/{resource}`. */
export interface ResourceRoutes<F extends string, S extends ListFilterSchema> {
  /** The path segment, which is also the name its form tokens are issued for. */
  resource: string;
  tag: string;
  /** `GET /api/{resource}`; left out when another feature serves the list. */
  list?: ListRoute<F, S>;
  /** `GET /api/{resource}/{id}`. */
  get: { summary: string; response: RouteResponses; load(auth: AuthContext, id: number): Promise<unknown> };
  /** `GET new`, `GET {id}/edit`, `POST`, `PUT {id}` (forms/routes.ts). */
  form: FormResource;
  tokens: FormTokens;
  /** `DELETE {id}` and its unblocking calls (forms/delete-routes.ts). */
  remove: Omit<DeleteRoutes, 'resource' | 'tag'>;
  /** Creating, editing and deleting are for super-admins only (403 for anyone else); reading is for everyone. */
  superAdminWrites?: boolean;
}

/** The list, one row, the form and delete of one resource, each with the schemas of its protocol. */
export function registerResourceRoutes<F extends string, S extends ListFilterSchema = typeof noListFilterSchema>(
  app: App,
  options: ResourceRoutes<F, S>,
): void {
  const { resource, tag, get } = options;
  const tags = [tag];
  const form = (scope: App) => registerFormRoutes(scope, { resource, tag, form: options.form, tokens: options.tokens });
  const remove = (scope: App) => registerDeleteRoutes(scope, { resource, tag, ...options.remove });
  if (options.list) registerListRoute(app, `/api/${resource}`, tags, options.list);
  if (!options.superAdminWrites) form(app);
  app.get(`/api/${resource}/:id`, { schema: { tags, summary: get.summary, params: idParams, response: get.response } }, (request) =>
    get.load(request.auth, request.params.id),
  );
  if (!options.superAdminWrites) remove(app);
  else
    superAdminRoutes(app, (admin) => {
      form(admin);
      remove(admin);
    });
}

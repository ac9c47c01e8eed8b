import { ADMINISTRATION_RESPONSES, COMPANY_SORT_FIELDS, FORM_TOKEN_FIELD } from '@gearwatch/contracts';
import { superAdminRoutes } from '../http/super-admin-scope.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { FormTokens } from '../forms/token.ts';
import type { App } from '../http/types.ts';
import type { CompaniesService } from './service.ts';
import { COMPANY_RESOURCE } from './service.ts';

const UPDATE_ROUTE = `/api/${COMPANY_RESOURCE}/:id`;

/** `/api/companies`: every company (the administration's "user groups"), for super-admins only (403 otherwise). */
export function companiesRoutes(app: App, companies: CompaniesService, tokens: FormTokens): void {
  superAdminRoutes(app, (scope) => {
    // The form's timezone is disabled once the company has telemetry, so the decoder would skip it: a submit that
    // changes it anyway (with a valid token; a bad token is the form routes' to answer) is refused before decoding.
    scope.addHook('preHandler', async (request) => {
      if (request.method !== 'PUT' || request.routeOptions.url !== UPDATE_ROUTE) return;
      const companyId = (request.params as { id: number }).id;
      const body = request.body as Record<string, unknown>;
      if (!tokens.verify({ userId: request.auth.userId, resource: COMPANY_RESOURCE, id: companyId }, body[FORM_TOKEN_FIELD])) return;
      await companies.refuseLockedTimezoneChange(request.auth, companyId, body.timezone ?? body['timezone[]']);
    });
    registerResourceRoutes(scope, {
      resource: COMPANY_RESOURCE,
      tag: 'administration',
      list: {
        summary: 'Every company with its user and device counts (super-admin); search on the name, sort id, name',
        sortable: COMPANY_SORT_FIELDS,
        defaultSort: [{ field: 'name', direction: 'asc' }],
        response: ADMINISTRATION_RESPONSES.companyList,
        load: (auth, list) => companies.list(auth, list),
      },
      get: {
        summary: 'One company with its user and device counts (super-admin)',
        response: ADMINISTRATION_RESPONSES.companyGet,
        load: (auth, id) => companies.get(auth, id),
      },
      form: companies,
      tokens,
      remove: {
        summary:
          'Delete a company with its device groups, operators, operator groups and shifts; 409 with dependents.users, .devices, .sensors while it has any (remove or move them first)',
        remove: (auth, id) => companies.delete(auth, id),
      },
    });
  });
}

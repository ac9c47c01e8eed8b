import { PARAMETER_RESPONSES, PARAMETER_SORT_FIELDS, listQuerySchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { ParametersService } from './parameters-service.ts';
import { PARAMETER_RESOURCE } from './parameters-service.ts';
import { idParams } from '../http/params.ts';
import { superAdminRoutes } from '../administration/scope.ts';

export function parametersRoutes(app: App, parameters: ParametersService, tokens: FormTokens): void {
  const tags = ['device types'];
  app.get(
    '/api/parameters',
    {
      schema: {
        tags,
        summary:
          "Parameters of the caller's device types (every type's for a super-admin); filter {\"deviceType\": id}, search on name, tags and number, sort id, number, name, deviceType (default deviceType, number)",
        querystring: listQuerySchema,
        response: PARAMETER_RESPONSES.list,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, PARAMETER_SORT_FIELDS, [
        { field: 'deviceType', direction: 'asc' },
        { field: 'number', direction: 'asc' },
      ]);
      return sendPage(reply, list, await parameters.list(request.auth, list), request.id);
    },
  );
  app.get(
    '/api/parameters/:id',
    { schema: { tags, summary: 'One parameter with its device type and unit', params: idParams, response: PARAMETER_RESPONSES.get } },
    (request) => parameters.get(request.auth, request.params.id),
  );
  app.get(
    '/api/parameters/:id/unit',
    { schema: { tags, summary: "The name of the parameter's unit (null without one)", params: idParams, response: PARAMETER_RESPONSES.unit } },
    (request) => parameters.unit(request.auth, request.params.id),
  );
  superAdminRoutes(app, (admin) => {
    registerFormRoutes(admin, { resource: PARAMETER_RESOURCE, tag: 'device types', form: parameters, tokens });
    registerDeleteRoutes(admin, {
      resource: 'parameters',
      tag: tags[0]!,
      summary: 'Delete a parameter (super-admin); readings of its number are kept',
      remove: (auth, id) => parameters.remove(auth, id),
    });
  });
}

import { PARAMETER_RESPONSES, PARAMETER_SORT_FIELDS, parameterListFilterSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { idParams } from '../http/params.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { ParametersService } from './parameters-service.ts';
import { PARAMETER_RESOURCE } from './parameters-service.ts';

export function parametersRoutes(app: App, parameters: ParametersService, tokens: FormTokens): void {
  const tags = ['device types'];
  registerResourceRoutes(app, {
    resource: PARAMETER_RESOURCE,
    tag: tags[0]!,
    list: {
      summary:
        'Parameters of the caller\'s device types (every type\'s for a super-admin); filter {"deviceType": id}, search on name, tags and number, sort id, number, name, deviceType (default deviceType, number)',
      sortable: PARAMETER_SORT_FIELDS,
      filter: parameterListFilterSchema,
      defaultSort: [
        { field: 'deviceType', direction: 'asc' },
        { field: 'number', direction: 'asc' },
      ],
      response: PARAMETER_RESPONSES.list,
      load: (auth, list) => parameters.list(auth, list),
    },
    get: { summary: 'One parameter with its device type and unit', response: PARAMETER_RESPONSES.get, load: (auth, id) => parameters.get(auth, id) },
    form: parameters,
    tokens,
    remove: { summary: 'Delete a parameter (super-admin); readings of its number are kept', remove: (auth, id) => parameters.remove(auth, id) },
    superAdminWrites: true,
  });
  app.get(
    '/api/parameters/:id/unit',
    { schema: { tags, summary: "The name of the parameter's unit (null without one)", params: idParams, response: PARAMETER_RESPONSES.unit } },
    (request) => parameters.unit(request.auth, request.params.id),
  );
}

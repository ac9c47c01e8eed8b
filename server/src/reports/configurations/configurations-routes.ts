import { z } from 'zod';
import {
  REPORT_CONFIGURATION_SORT_FIELDS,
  problemSchema,
  reportConfigurationInputSchema,
  reportConfigurationListFilterSchema,
  reportConfigurationListSchema,
  reportConfigurationSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import { registerListRoute } from '../../http/list.ts';
import { registerDuplicateRoute } from '../../forms/duplicate.ts';
import { idParams } from '../../http/params.ts';
import type { App } from '../../http/types.ts';
import type { ConfigurationsService } from './configurations-service.ts';

const tags = ['reports'];
const contextQuery = z.object({ context: z.string().max(100).optional() });
const oneResponses = { 200: reportConfigurationSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema };

/** `/api/reportsconfigurations`: the wizard's create and edit, the list, one, delete, enable and disable. */
export function reportConfigurationsRoutes(app: App, configurations: ConfigurationsService): void {
  registerListRoute(app, '/api/reportsconfigurations', tags, {
    summary: "Report configurations of the caller's company; search on the name; filter keys reportType, frequency, cyclic, enabled",
    sortable: REPORT_CONFIGURATION_SORT_FIELDS,
    filter: reportConfigurationListFilterSchema,
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
    response: { 200: reportConfigurationListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
    load: (auth, list) => configurations.list(auth, list),
  });
  app.post(
    '/api/reportsconfigurations',
    {
      schema: {
        tags,
        summary:
          "Create a report configuration (the wizard's Finish): reportType (or ?context=), groups, users, emails, reportInterval, name, frequency (once when absent: the file is made at once), format (xlsx when absent), from/to for once (the last complete month when absent); 400 names every wrong field at once (reportType, reportInterval, deviceOperators, deviceGroups, name, users, emails, frequency, format, from, to) and writes nothing",
        querystring: contextQuery,
        body: reportConfigurationInputSchema,
        response: { 201: reportConfigurationSchema, 400: validationErrorSchema, 401: problemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await configurations.create(request.auth, request.body, request.query.context)),
  );
  app.get(
    '/api/reportsconfigurations/:id',
    { schema: { tags, summary: 'One report configuration with its groups, recipients and last period', params: idParams, response: oneResponses } },
    (request) => configurations.get(request.auth, request.params.id),
  );
  app.put(
    '/api/reportsconfigurations/:id',
    {
      schema: {
        tags,
        summary: 'Change a report configuration (the wizard opened to edit): the fields of the create call; 400 as there',
        params: idParams,
        body: reportConfigurationInputSchema,
        response: oneResponses,
      },
    },
    (request) => configurations.update(request.auth, request.params.id, request.body),
  );
  app.delete(
    '/api/reportsconfigurations/:id',
    {
      schema: {
        tags,
        summary: 'Delete a report configuration; its files stay until they expire',
        params: idParams,
        response: { 200: z.object({}), 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      await configurations.delete(request.auth, request.params.id);
      return {};
    },
  );
  registerDuplicateRoute(app, {
    resource: 'reportsconfigurations',
    tag: tags[0]!,
    summary:
      "Copy a report configuration with its groups and recipients (not its files or periods), switched off, named `name` or the original's name + ' (copy)' (numbered when taken)",
    duplicate: (auth, id, name) => configurations.duplicate(auth, id, name),
  });
  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.patch(
      `/api/reportsconfigurations/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${enabled ? 'Switch a cyclic report configuration on (periods are made from now on)' : 'Switch a cyclic report configuration off'}; answers the configuration`,
          params: idParams,
          response: oneResponses,
        },
      },
      (request) => configurations.setEnabled(request.auth, request.params.id, enabled),
    );
  }
}

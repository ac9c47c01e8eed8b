import { z } from 'zod';
import {
  DEVICE_OPERATOR_GROUP_SORT_FIELDS,
  DEVICE_OPERATOR_RESPONSES,
  DEVICE_OPERATOR_SORT_FIELDS,
  operatorGroupPageSchema,
  listQuerySchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { OperatorsService } from './service.ts';
import { DEVICE_OPERATOR_RESOURCE } from './service.ts';
import { idParams } from '../http/params.ts';


export function operatorsRoutes(app: App, operators: OperatorsService, tokens: FormTokens): void {
  const tags = ['operators'];
  app.get(
    '/api/deviceoperators',
    {
      schema: {
        tags,
        summary:
          "Device operators of the caller's company (every company for a super-admin); search on names, e-mail and RFID, filter {\"group\": id}, sort id, name (last name, first name), firstname, lastname, rfid, group",
        querystring: listQuerySchema,
        response: DEVICE_OPERATOR_RESPONSES.list,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_OPERATOR_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await operators.listOperators(request.auth, list), request.id);
    },
  );
  registerFormRoutes(app, { resource: DEVICE_OPERATOR_RESOURCE, tag: 'operators', form: operators, tokens });
  app.get(
    '/api/deviceoperators/:id',
    {
      schema: {
        tags,
        summary: 'One device operator with the devices it is assigned to and its last 50 card sessions, newest first',
        params: idParams,
        response: DEVICE_OPERATOR_RESPONSES.get,
      },
    },
    (request) => operators.get(request.auth, request.params.id),
  );
  registerDeleteRoutes(app, {
    resource: 'deviceoperators',
    tag: tags[0]!,
    summary: 'Delete a device operator; 409 with dependents.devices while it is assigned to devices. Its card sessions stay, without the operator',
    remove: (auth, id) => operators.delete(auth, id),
    unblock: { devices: { summary: 'Take the device operator off every device it is assigned to', run: (auth, id) => operators.unassignDevices(auth, id) } },
  });
  app.get(
    '/api/deviceoperatorgroups',
    {
      schema: {
        tags,
        summary: "Operator groups of the caller's company with their operator ids, by name in Polish collation; search on the name, sort id or name",
        querystring: listQuerySchema,
        response: { 200: operatorGroupPageSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_OPERATOR_GROUP_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await operators.listOperatorGroups(request.auth, list), request.id);
    },
  );
}

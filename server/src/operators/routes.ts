import { z } from 'zod';
import {
  DEVICE_OPERATOR_GROUP_SORT_FIELDS,
  DEVICE_OPERATOR_RESPONSES,
  DEVICE_OPERATOR_SORT_FIELDS,
  operatorGroupPageSchema,
  validationErrorSchema,
  deviceOperatorListFilterSchema,
} from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { registerListRoute } from '../http/list.ts';
import { idParams } from '../http/params.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { OperatorsService } from './service.ts';
import { DEVICE_OPERATOR_RESOURCE } from './service.ts';

export function operatorsRoutes(app: App, operators: OperatorsService, tokens: FormTokens): void {
  registerResourceRoutes(app, {
    resource: DEVICE_OPERATOR_RESOURCE,
    tag: 'operators',
    list: {
      summary:
        'Device operators of the caller\'s company (every company for a super-admin); search on names, e-mail and RFID, filter {"group": id}, sort id, name (last name, first name), firstname, lastname, rfid, group',
      sortable: DEVICE_OPERATOR_SORT_FIELDS,
      filter: deviceOperatorListFilterSchema,
      defaultSort: [{ field: 'name', direction: 'asc' }],
      response: DEVICE_OPERATOR_RESPONSES.list,
      load: (auth, list) => operators.listOperators(auth, list),
    },
    get: {
      summary: 'One device operator with the devices it is assigned to and its last 50 card sessions, newest first',
      response: DEVICE_OPERATOR_RESPONSES.get,
      load: (auth, id) => operators.get(auth, id),
    },
    form: operators,
    tokens,
    remove: {
      summary: 'Delete a device operator; 409 with dependents.devices while it is assigned to devices. Its card sessions stay, without the operator',
      remove: (auth, id) => operators.delete(auth, id),
      unblock: { devices: { summary: 'Take the device operator off every device it is assigned to', run: (auth, id) => operators.unassignDevices(auth, id) } },
    },
  });
  app.get(
    '/api/deviceoperators/:id/work-time',
    {
      schema: {
        tags: ['operators'],
        summary:
          "The operator page's work-time windows: work and activity today, this week (from Monday) and this month, each so far and against the previous equal period with the trends, in the company's timezone",
        params: idParams,
        response: DEVICE_OPERATOR_RESPONSES.workTime,
      },
    },
    async (request) => operators.workTime(request.auth, request.params.id),
  );
  registerListRoute(app, '/api/deviceoperatorgroups', ['operators'], {
    summary:
      "Operator groups of the caller's company with their operator ids, operator count and today's work and activity per operator and productivity, by name in Polish collation; search on the name, sort id or name",
    sortable: DEVICE_OPERATOR_GROUP_SORT_FIELDS,
    defaultSort: [{ field: 'name', direction: 'asc' }],
    response: { 200: operatorGroupPageSchema, 204: z.null(), 400: validationErrorSchema },
    load: (auth, list) => operators.listOperatorGroups(auth, list),
  });
}

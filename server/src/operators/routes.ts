import { z } from 'zod';
import {
  DEVICE_OPERATOR_GROUP_SORT_FIELDS,
  DEVICE_OPERATOR_SORT_FIELDS,
  deviceOperatorGroupListSchema,
  deviceOperatorListSchema,
  listQuerySchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { OperatorsService } from './service.ts';

export function operatorsRoutes(app: App, operators: OperatorsService): void {
  const tags = ['operators'];
  app.get(
    '/api/deviceoperators',
    {
      schema: {
        tags,
        summary: "Device operators of the caller's company; search on names and RFID, filter {\"group\": id}, sort id, name, firstname, lastname",
        querystring: listQuerySchema,
        response: { 200: deviceOperatorListSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_OPERATOR_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await operators.listOperators(request.auth, list), request.id);
    },
  );
  app.get(
    '/api/deviceoperatorgroups',
    {
      schema: {
        tags,
        summary: "Operator groups of the caller's company with their operator ids, by name in Polish collation; search on the name, sort id or name",
        querystring: listQuerySchema,
        response: { 200: deviceOperatorGroupListSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_OPERATOR_GROUP_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await operators.listOperatorGroups(request.auth, list), request.id);
    },
  );
}

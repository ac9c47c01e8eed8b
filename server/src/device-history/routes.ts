import { z } from 'zod';
import {
  OPERATOR_SESSION_SORT_FIELDS,
  batteryCyclesQuerySchema,
  batteryCyclesSchema,
  currentReadingsSchema,
  listQuerySchemaFor,
  operatorSessionListFilterSchema,
  operatorSessionListSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { idParams } from '../http/params.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { DeviceHistoryService } from './service.ts';

export function deviceHistoryRoutes(app: App, history: DeviceHistoryService): void {
  const tags = ['devices'];
  const params = idParams;
  app.get(
    '/api/devices/:id/readings/current',
    {
      schema: {
        tags,
        summary: "The newest value of each of the device type's parameters",
        params,
        response: { 200: currentReadingsSchema, 404: problemSchema },
      },
    },
    async (request) => ({ entries: await history.currentReadings(request.auth, request.params.id) }),
  );
  app.get(
    '/api/devices/:id/operator-sessions',
    {
      schema: {
        tags,
        summary: 'The operator history of a device: operator, start, end, active and work time (list protocol; filter key operator)',
        params,
        querystring: listQuerySchemaFor(operatorSessionListFilterSchema),
        response: { 200: operatorSessionListSchema, 204: z.null(), 400: validationErrorSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, OPERATOR_SESSION_SORT_FIELDS, [{ field: 'start', direction: 'desc' }], operatorSessionListFilterSchema);
      return sendPage(reply, list, await history.sessions(request.auth, request.params.id, list), request.id);
    },
  );
  app.get(
    '/api/devices/:id/battery-cycles',
    {
      schema: {
        tags,
        summary: 'Battery cycles (discharge, then charge) found in the local dates from..to',
        params,
        querystring: batteryCyclesQuerySchema,
        response: { 200: batteryCyclesSchema, 400: validationErrorSchema, 404: problemSchema },
      },
    },
    async (request) => ({ cycles: await history.batteryCycles(request.auth, request.params.id, request.query.from, request.query.to) }),
  );
}

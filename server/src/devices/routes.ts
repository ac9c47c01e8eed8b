import { z } from 'zod';
import { deviceListSchema, deviceSchema, listQuerySchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import { DEVICE_SORT_FIELDS } from './repository.ts';
import type { DevicesService } from './service.ts';

export function devicesRoutes(app: App, devices: DevicesService): void {
  const tags = ['devices'];
  app.get(
    '/api/devices',
    {
      schema: {
        tags,
        summary: 'Devices of the caller\'s company (every company for a super-admin); filter keys: deviceType, deviceGroup',
        querystring: listQuerySchema,
        response: { 200: deviceListSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await devices.list(request.auth, list), request.id);
    },
  );
  app.get(
    '/api/devices/:id',
    {
      schema: { tags, summary: 'One device', params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }), response: { 200: deviceSchema, 404: problemSchema } },
    },
    (request) => devices.get(request.auth, request.params.id),
  );
}

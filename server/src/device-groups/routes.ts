import { z } from 'zod';
import { DEVICE_GROUP_SORT_FIELDS, deviceGroupListSchema, listQuerySchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { DeviceGroupsService } from './service.ts';

export function deviceGroupsRoutes(app: App, groups: DeviceGroupsService): void {
  app.get(
    '/api/devicegroups',
    {
      schema: {
        tags: ['device groups'],
        summary: "Device groups of the caller's company with their device ids; search on the name, sort id or name",
        querystring: listQuerySchema,
        response: { 200: deviceGroupListSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_GROUP_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await groups.list(request.auth, list), request.id);
    },
  );
}

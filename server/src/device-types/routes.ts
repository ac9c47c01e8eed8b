import { z } from 'zod';
import { DEVICE_TYPE_SORT_FIELDS, deviceTypeMonitorListSchema, listQuerySchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { DeviceTypesService } from './service.ts';

export function deviceTypesRoutes(app: App, deviceTypes: DeviceTypesService): void {
  app.get(
    '/api/devicetypes',
    {
      schema: {
        tags: ['device types'],
        summary: "Device types of the caller's devices (every type for a super-admin) with their parameters; context devicetypes_monitor",
        querystring: listQuerySchema,
        response: { 200: deviceTypeMonitorListSchema, 204: z.null(), 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_TYPE_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await deviceTypes.list(request.auth, list), request.id);
    },
  );
}

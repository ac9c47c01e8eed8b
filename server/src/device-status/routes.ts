import {
  DEVICE_STATUS_SORT_FIELDS,
  deviceStatusListFilterSchema,
  deviceStatusListSchema,
  deviceStatusSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import { registerListRoute } from '../http/list.ts';
import type { DeviceStatusService } from './service.ts';
import { idParams } from '../http/params.ts';

export function deviceStatusRoutes(app: App, status: DeviceStatusService): void {
  const tags = ['devices'];
  registerListRoute(app, '/api/devices/status', tags, {
    summary: 'Devices with their last position and status icons (the /location map); filter key deviceGroup; sort id, name, lastSync',
    sortable: DEVICE_STATUS_SORT_FIELDS,
    filter: deviceStatusListFilterSchema,
    defaultSort: [{ field: 'name', direction: 'asc' }],
    response: { 200: deviceStatusListSchema, 204: z.null(), 400: validationErrorSchema },
    load: (auth, list) => status.list(auth, list),
  });
  app.get(
    '/api/devices/:id/status',
    {
      schema: {
        tags,
        summary: "One device's last position and status icons (the device page)",
        params: idParams,
        response: { 200: deviceStatusSchema, 404: problemSchema },
      },
    },
    (request) => status.get(request.auth, request.params.id),
  );
}

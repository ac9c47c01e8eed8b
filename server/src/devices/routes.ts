import { z } from 'zod';
import { deviceListSchema, deviceSchema, listQuerySchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import { DEVICE_SORT_FIELDS } from './repository.ts';
import type { DevicesService } from './service.ts';
import type { DeviceForm } from './form.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import { idParams } from '../http/params.ts';

export function devicesRoutes(app: App, devices: DevicesService, form: DeviceForm, tokens: FormTokens): void {
  const tags = ['devices'];
  app.get(
    '/api/devices',
    {
      schema: {
        tags,
        summary: 'Devices of the caller\'s company (every company for a super-admin); filter keys: deviceType, deviceGroup, company',
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
      schema: { tags, summary: 'One device', params: idParams, response: { 200: deviceSchema, 404: problemSchema } },
    },
    (request) => devices.get(request.auth, request.params.id),
  );
  registerFormRoutes(app, { resource: 'devices', tag: 'devices', form, tokens });
  registerDeleteRoutes(app, {
    resource: 'devices',
    tag: tags[0]!,
    summary: 'Delete a device and its telemetry; 409 naming the fitted modules while there are any',
    remove: (auth, id) => form.remove(auth, id),
    unblock: { sensors: { summary: 'Unassign every module fitted to the device', run: (auth, id) => form.unassignSensors(auth, id) } },
  });
}

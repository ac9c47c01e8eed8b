import { ADMINISTRATION_RESPONSES, SENSOR_SORT_FIELDS, listQuerySchema } from '@gearwatch/contracts';
import { superAdminRoutes } from '../administration/scope.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { FormTokens } from '../forms/token.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { App } from '../http/types.ts';
import type { SensorsService } from './service.ts';
import { SENSOR_RESOURCE } from './service.ts';
import { idParams } from '../http/params.ts';


/** `/api/sensors`: the measurement modules of every company, for super-admins only (403 for anyone else). */
export function sensorsRoutes(app: App, sensors: SensorsService, tokens: FormTokens): void {
  const tags = ['administration'];
  superAdminRoutes(app, (scope) => {
    scope.get(
      '/api/sensors',
      {
        schema: {
          tags,
          summary:
            'Measurement modules of every company (super-admin); search on name, serial number and SIM card number, filter {"company": id, "device": id, "active": boolean}, sort id, name, serialNumber, company, lastActivity',
          querystring: listQuerySchema,
          response: ADMINISTRATION_RESPONSES.sensorList,
        },
      },
      async (request, reply) => {
        const list = parseListQuery(request.query, SENSOR_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
        return sendPage(reply, list, await sensors.list(request.auth, list), request.id);
      },
    );
    registerFormRoutes(scope, { resource: SENSOR_RESOURCE, tag: 'administration', form: sensors, tokens });
    scope.get(
      '/api/sensors/:id',
      {
        schema: { tags, summary: 'One measurement module with its last contact, position and work time (super-admin)', params: idParams, response: ADMINISTRATION_RESPONSES.sensorGet },
      },
      (request) => sensors.get(request.auth, request.params.id),
    );
    registerDeleteRoutes(scope, {
      resource: 'sensors',
      tag: 'administration',
      summary: 'Delete a measurement module with its positions, events and unassigned readings; 409 with dependents.devices while it is fitted to a device',
      remove: (auth, id) => sensors.delete(auth, id),
      unblock: { devices: { summary: 'Take the measurement module off its device', run: (auth, id) => sensors.unassignDevices(auth, id) } },
    });
  });
}

import { ADMINISTRATION_RESPONSES, SENSOR_SORT_FIELDS, sensorListFilterSchema, unknownModuleParamsSchema } from '@gearwatch/contracts';
import { superAdminRoutes } from '../http/super-admin-scope.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { FormTokens } from '../forms/token.ts';
import type { App } from '../http/types.ts';
import type { SensorsService } from './service.ts';
import { SENSOR_RESOURCE } from './service.ts';
import type { UnknownModulesService } from './unknown-modules.ts';
import type { OpcuaMachineService } from './opcua-machine-service.ts';
import { opcuaMachineRoutes } from './opcua-routes.ts';

/**
 * `/api/sensors`: the measurement modules of every company, and `/api/unknown-modules`: devices that tried to connect
 * unregistered; for super-admins only (403 for anyone else).
 */
export function sensorsRoutes(
  app: App,
  sensors: SensorsService,
  unknownModules: UnknownModulesService,
  tokens: FormTokens,
  opcuaMachines: OpcuaMachineService,
): void {
  superAdminRoutes(app, (scope) => {
    opcuaMachineRoutes(scope, opcuaMachines);
    scope.get(
      '/api/unknown-modules',
      {
        schema: {
          tags: ['administration'],
          summary:
            'Devices that tried to connect with a serial number (a Teltonika IMEI) no module of their protocol has, the latest tries first (super-admin)',
          response: ADMINISTRATION_RESPONSES.unknownModules,
        },
      },
      async (request) => ({ entries: await unknownModules.list(request.auth) }),
    );
    scope.delete(
      '/api/unknown-modules/:protocol/:serialNumber',
      {
        schema: {
          tags: ['administration'],
          summary: 'Forget an unknown device (it is listed again at its next try)',
          params: unknownModuleParamsSchema,
          response: ADMINISTRATION_RESPONSES.unknownModuleDismiss,
        },
      },
      async (request) => {
        await unknownModules.dismiss(request.auth, request.params.protocol, request.params.serialNumber);
        return {};
      },
    );
    registerResourceRoutes(scope, {
      resource: SENSOR_RESOURCE,
      tag: 'administration',
      list: {
        summary:
          'Measurement modules of every company (super-admin); search on name, serial number and SIM card number, filter {"company": id, "device": id, "active": boolean, "protocol": gearwatch|teltonika}, sort id, name, serialNumber, company, lastActivity',
        sortable: SENSOR_SORT_FIELDS,
        filter: sensorListFilterSchema,
        defaultSort: [{ field: 'name', direction: 'asc' }],
        response: ADMINISTRATION_RESPONSES.sensorList,
        load: (auth, list) => sensors.list(auth, list),
      },
      get: {
        summary: 'One measurement module with its last contact, position and work time (super-admin)',
        response: ADMINISTRATION_RESPONSES.sensorGet,
        load: (auth, id) => sensors.get(auth, id),
      },
      form: sensors,
      tokens,
      remove: {
        summary: 'Delete a measurement module with its positions, events and unassigned readings; 409 with dependents.devices while it is fitted to a device',
        remove: (auth, id) => sensors.delete(auth, id),
        unblock: { devices: { summary: 'Take the measurement module off its device', run: (auth, id) => sensors.unassignDevices(auth, id) } },
      },
    });
  });
}

import { DEVICE_TYPE_RESPONSES, DEVICE_TYPE_SORT_FIELDS, duplicateRequestSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { superAdminRoutes } from '../http/super-admin-scope.ts';
import { idParams } from '../http/params.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { DeviceTypesService } from './service.ts';
import { DEVICE_TYPE_RESOURCE } from './service.ts';

export function deviceTypesRoutes(app: App, deviceTypes: DeviceTypesService, tokens: FormTokens): void {
  const tags = ['device types'];
  registerResourceRoutes(app, {
    resource: DEVICE_TYPE_RESOURCE,
    tag: tags[0]!,
    list: {
      summary:
        "Device types of the caller's devices (every type for a super-admin); context devicetypes_monitor (default: with the parameters a monitor offers) or admin (super-admin: description, deviceCount, parameterCount); search on the name, sort id, name (admin also deviceCount, parameterCount)",
      sortable: DEVICE_TYPE_SORT_FIELDS,
      defaultSort: [{ field: 'name', direction: 'asc' }],
      response: DEVICE_TYPE_RESPONSES.list,
      load: (auth, list) => deviceTypes.list(auth, list),
    },
    get: {
      summary: "One device type with every parameter by number (a company user: only a type of the company's devices)",
      response: DEVICE_TYPE_RESPONSES.get,
      load: (auth, id) => deviceTypes.get(auth, id),
    },
    form: deviceTypes,
    tokens,
    remove: {
      summary: 'Delete a device type with its parameters (super-admin); 409 with dependents.devices while devices have it',
      remove: (auth, id) => deviceTypes.remove(auth, id),
    },
    superAdminWrites: true,
  });
  superAdminRoutes(app, (admin) => {
    admin.post(
      '/api/devicetypes/:id/duplicate',
      {
        schema: {
          tags,
          summary: "Copy a device type with every parameter (super-admin), named `name` or the original's name + ' (copy)'",
          params: idParams,
          body: duplicateRequestSchema.optional(),
          response: DEVICE_TYPE_RESPONSES.duplicate,
        },
      },
      async (request, reply) => reply.status(201).send({ id: await deviceTypes.duplicate(request.auth, request.params.id, request.body?.name) }),
    );
  });
}

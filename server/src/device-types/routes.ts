import { DEVICE_TYPE_RESPONSES, DEVICE_TYPE_SORT_FIELDS, duplicateRequestSchema, listQuerySchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { superAdminRoutes } from '../administration/scope.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { DeviceTypesService } from './service.ts';
import { DEVICE_TYPE_RESOURCE } from './service.ts';
import { idParams } from '../http/params.ts';


export function deviceTypesRoutes(app: App, deviceTypes: DeviceTypesService, tokens: FormTokens): void {
  const tags = ['device types'];
  app.get(
    '/api/devicetypes',
    {
      schema: {
        tags,
        summary:
          "Device types of the caller's devices (every type for a super-admin); context devicetypes_monitor (default: with the parameters a monitor offers) or admin (super-admin: description, deviceCount, parameterCount); search on the name, sort id, name (admin also deviceCount, parameterCount)",
        querystring: listQuerySchema,
        response: DEVICE_TYPE_RESPONSES.list,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_TYPE_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await deviceTypes.list(request.auth, list), request.id);
    },
  );
  app.get(
    '/api/devicetypes/:id',
    {
      schema: {
        tags,
        summary: "One device type with every parameter by number (a company user: only a type of the company's devices)",
        params: idParams,
        response: DEVICE_TYPE_RESPONSES.get,
      },
    },
    (request) => deviceTypes.get(request.auth, request.params.id),
  );
  superAdminRoutes(app, (admin) => {
    registerFormRoutes(admin, { resource: DEVICE_TYPE_RESOURCE, tag: 'device types', form: deviceTypes, tokens });
    registerDeleteRoutes(admin, {
      resource: 'devicetypes',
      tag: tags[0]!,
      summary: 'Delete a device type with its parameters (super-admin); 409 with dependents.devices while devices have it',
      remove: (auth, id) => deviceTypes.remove(auth, id),
    });
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

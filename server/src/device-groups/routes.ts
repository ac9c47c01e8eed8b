import { DEVICE_GROUP_SORT_FIELDS, GROUP_RESPONSES, listQuerySchema } from '@gearwatch/contracts';
import type { FormTokens } from '../forms/token.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { App } from '../http/types.ts';
import { parseListQuery, sendPage } from '../http/list.ts';
import type { DeviceGroupsService } from './service.ts';
import { idParams } from '../http/params.ts';


export function deviceGroupsRoutes(app: App, groups: DeviceGroupsService, tokens: FormTokens): void {
  const tags = ['device groups'];
  app.get(
    '/api/devicegroups',
    {
      schema: {
        tags,
        summary:
          "Device groups of the caller's company with their device ids, device count and today's work, activity and productivity; search on the name, sort id, name or deviceCount",
        querystring: listQuerySchema,
        response: GROUP_RESPONSES.deviceGroupList,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, DEVICE_GROUP_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
      return sendPage(reply, list, await groups.list(request.auth, list), request.id);
    },
  );
  registerFormRoutes(app, { resource: 'devicegroups', tag: tags[0]!, form: groups, tokens });
  app.get(
    '/api/devicegroups/:id',
    { schema: { tags, summary: 'One device group: the list entry with its devices named', params: idParams, response: GROUP_RESPONSES.deviceGroupGet } },
    (request) => groups.get(request.auth, request.params.id),
  );
  registerDeleteRoutes(app, {
    resource: 'devicegroups',
    tag: tags[0]!,
    summary: 'Delete a device group; 409 with dependents {devices} while it holds devices',
    remove: (auth, id) => groups.delete(auth, id),
    unblock: { devices: { summary: 'Take every device out of the group', run: (auth, id) => groups.unassignDevices(auth, id) } },
  });
}

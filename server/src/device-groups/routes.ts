import { DEVICE_GROUP_SORT_FIELDS, GROUP_RESPONSES } from '@gearwatch/contracts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import { registerDuplicateRoute } from '../forms/duplicate.ts';
import type { App } from '../http/types.ts';
import type { DeviceGroupsService } from './service.ts';

export function deviceGroupsRoutes(app: App, groups: DeviceGroupsService, tokens: FormTokens): void {
  registerResourceRoutes(app, {
    resource: 'devicegroups',
    tag: 'device groups',
    list: {
      summary:
        "Device groups of the caller's company with their device ids, device count and today's work, activity and productivity; search on the name, sort id, name or deviceCount",
      sortable: DEVICE_GROUP_SORT_FIELDS,
      defaultSort: [{ field: 'name', direction: 'asc' }],
      response: GROUP_RESPONSES.deviceGroupList,
      load: (auth, list) => groups.list(auth, list),
    },
    get: {
      summary: 'One device group: the list entry with its devices named',
      response: GROUP_RESPONSES.deviceGroupGet,
      load: (auth, id) => groups.get(auth, id),
    },
    form: groups,
    tokens,
    remove: {
      summary: 'Delete a device group; 409 with dependents {devices} while it holds devices',
      remove: (auth, id) => groups.delete(auth, id),
      unblock: { devices: { summary: 'Take every device out of the group', run: (auth, id) => groups.unassignDevices(auth, id) } },
    },
  });
  registerDuplicateRoute(app, {
    resource: 'devicegroups',
    tag: 'device groups',
    summary: "Copy a device group with its devices, named `name` or the original's name + ' (copy)' (numbered when taken)",
    duplicate: (auth, id, name) => groups.duplicate(auth, id, name),
  });
}

import { DEVICE_SORT_FIELDS, deviceListFilterSchema, deviceListSchema, deviceSchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import { z } from 'zod';
import type { App } from '../http/types.ts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import { registerDuplicateRoute } from '../forms/duplicate.ts';
import type { DevicesService } from './service.ts';
import type { DeviceForm } from './device-form.ts';

export function devicesRoutes(app: App, devices: DevicesService, form: DeviceForm, tokens: FormTokens): void {
  registerResourceRoutes(app, {
    resource: 'devices',
    tag: 'devices',
    list: {
      summary: "Devices of the caller's company (every company for a super-admin); filter keys: deviceType, deviceGroup, company",
      sortable: DEVICE_SORT_FIELDS,
      filter: deviceListFilterSchema,
      defaultSort: [{ field: 'name', direction: 'asc' }],
      response: { 200: deviceListSchema, 204: z.null(), 400: validationErrorSchema },
      load: (auth, list) => devices.list(auth, list),
    },
    get: { summary: 'One device', response: { 200: deviceSchema, 404: problemSchema }, load: (auth, id) => devices.get(auth, id) },
    form,
    tokens,
    remove: {
      summary: 'Delete a device, its telemetry and its alerts; 409 naming the fitted modules and the unconfirmed alerts (the newest 100) while there are any',
      remove: (auth, id) => form.remove(auth, id),
      unblock: {
        sensors: { summary: 'Unassign every module fitted to the device', run: (auth, id) => form.unassignSensors(auth, id) },
        alerts: { summary: 'Confirm every unconfirmed alert of the device', run: (auth, id) => form.confirmAlerts(auth, id) },
      },
    },
  });
  registerDuplicateRoute(app, {
    resource: 'devices',
    tag: 'devices',
    summary:
      "Copy a device with its type, state, technical data, groups, operators and requirements (not its modules, readings, status or alerts), named `name` or the original's name + ' (copy)' (numbered when taken)",
    duplicate: (auth, id, name) => form.duplicate(auth, id, name),
  });
}

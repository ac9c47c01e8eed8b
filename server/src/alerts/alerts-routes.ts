import { z } from 'zod';
import type { AlertListFilter } from '@gearwatch/contracts';
import {
  ALERT_SORT_FIELDS,
  MESSAGE_KEYS,
  alarmStatsSchema,
  alarmTotalSchema,
  alertConfirmResultSchema,
  alertListFilterSchema,
  alertListSchema,
  alertRowSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import { ValidationError } from '../http/errors.ts';
import { registerListRoute } from '../http/list.ts';
import { idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { AlertsService } from './alerts-service.ts';
import { idsParams } from './params.ts';

const tags = ['alerts'];
const FILTER_KEYS = 'status (all, active, ended, confirmed), importance, device, rule, from and to (dates of the company, to inclusive, or date-times)';

/** `/api/alerts` and the counts `/api/alarms/*`: what the caller sees of the alerts, and confirming them. */
export function alertsRoutes(app: App, alerts: AlertsService): void {
  registerListRoute(app, '/api/alerts', tags, {
    summary: `Alerts the caller sees (their rules' and the requirement alerts of devices that name them; a super-admin every one), newest first; filter keys ${FILTER_KEYS}`,
    sortable: ALERT_SORT_FIELDS,
    filter: alertListFilterSchema,
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
    response: { 200: alertListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
    load: (auth, list) => alerts.list(auth, list),
  });
  app.patch(
    '/api/alerts/confirm',
    {
      schema: {
        tags,
        summary: `Confirm every unconfirmed alert the caller sees that matches the filter (the list's: ${FILTER_KEYS}); a super-admin's filter without device or rule stays in their own company`,
        querystring: z.object({ filter: z.string().max(2000).optional() }),
        response: { 200: alertConfirmResultSchema, 400: validationErrorSchema, 401: problemSchema },
      },
    },
    (request) => alerts.confirmMatching(request.auth, parseFilter(request.query.filter)),
  );
  app.get(
    '/api/alerts/:id',
    { schema: { tags, summary: 'One alert the caller sees', params: idParams, response: { 200: alertRowSchema, 401: problemSchema, 404: problemSchema } } },
    (request) => alerts.get(request.auth, request.params.id),
  );
  app.patch(
    '/api/alerts/:ids/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm alerts (comma-separated ids); those the caller does not see or that are confirmed already are left alone; 404 when the caller sees none of them',
        params: idsParams,
        response: { 200: alertConfirmResultSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    (request) => alerts.confirm(request.auth, request.params.ids),
  );
  app.get(
    '/api/alarms/stats',
    {
      schema: {
        tags,
        summary: 'Active unconfirmed alerts the caller sees per importance, every level, highest first',
        response: { 200: alarmStatsSchema, 401: problemSchema },
      },
    },
    (request) => alerts.stats(request.auth),
  );
  app.get(
    '/api/device/:id/alarms/stats',
    {
      schema: {
        tags,
        summary: "One device's active unconfirmed alerts the caller sees per importance, every level, highest first",
        params: idParams,
        response: { 200: alarmStatsSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    (request) => alerts.deviceStats(request.auth, request.params.id),
  );
  app.get(
    '/api/alarms/total',
    {
      schema: {
        tags,
        summary: 'How many active unconfirmed alerts the caller sees, and the highest importance among them (null for none)',
        response: { 200: alarmTotalSchema, 401: problemSchema },
      },
    },
    (request) => alerts.total(request.auth),
  );
}

/** The list's filter, checked as the list checks it: 400 {errors: {filter}} for what the list would refuse. */
function parseFilter(text: string | undefined): AlertListFilter {
  if (text?.includes('\u0000')) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  let raw: unknown = {};
  if (text) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
    }
  }
  const filter = alertListFilterSchema.safeParse(raw);
  if (!filter.success) throw ValidationError.field('filter', MESSAGE_KEYS.incorrect);
  return filter.data;
}

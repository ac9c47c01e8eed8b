import {
  devicesSummaryQuerySchema,
  devicesSummaryResponseSchema,
  devicesWithAlertsQuerySchema,
  devicesWithAlertsResponseSchema,
  hourlyWorkQuerySchema,
  hourlyWorkResponseSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { App } from '../../http/types.ts';
import type { DeviceSummariesService } from './service.ts';

const errors = { 400: validationErrorSchema, 401: problemSchema };

/** The dashboard's device summaries (contracts/src/summaries/devices.ts); the newest alerts read `GET /api/alerts`. */
export function deviceSummariesRoutes(app: App, summaries: DeviceSummariesService): void {
  const tags = ['summaries'];
  app.get(
    '/api/summaries/devices-with-alerts',
    {
      schema: {
        tags,
        summary: "The company's devices with active alerts the caller sees: alert counts, module activity, tagged readings, work and enabled time of the period with trends against the previous equal period",
        querystring: devicesWithAlertsQuerySchema,
        response: { 200: devicesWithAlertsResponseSchema, ...errors },
      },
    },
    (request) => summaries.devicesWithAlerts(request.auth, request.query),
  );
  app.get(
    '/api/summaries/devices-summary',
    {
      schema: {
        tags,
        summary: "The company's devices (or the chosen devices and groups) counted by module activity, work now and active alerts",
        querystring: devicesSummaryQuerySchema,
        response: { 200: devicesSummaryResponseSchema, ...errors },
      },
    },
    (request) => summaries.devicesSummary(request.auth, request.query),
  );
  app.get(
    '/api/summaries/hourly-work',
    {
      schema: {
        tags,
        summary: 'Work of the chosen devices per interval of the local day over today, this week or this month (devices or deviceGroups required)',
        querystring: hourlyWorkQuerySchema,
        response: { 200: hourlyWorkResponseSchema, ...errors },
      },
    },
    (request) => summaries.hourlyWork(request.auth, request.query),
  );
}

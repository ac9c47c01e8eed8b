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
import { summaryRoute } from '../routes.ts';
import type { DeviceSummariesService } from './service.ts';

const errors = { 400: validationErrorSchema, 401: problemSchema };

/** The dashboard's device summaries (contracts/src/summaries/devices.ts); the newest alerts read `GET /api/alerts`. */
export function deviceSummariesRoutes(app: App, summaries: DeviceSummariesService): void {
  summaryRoute(app, '/api/summaries/devices-with-alerts', errors, {
    summary:
      "The company's devices with active alerts the caller sees: alert counts, module activity, tagged readings, work and enabled time of the period with trends against the previous equal period",
    querystring: devicesWithAlertsQuerySchema,
    answer: devicesWithAlertsResponseSchema,
    handle: (auth, query) => summaries.devicesWithAlerts(auth, query),
  });
  summaryRoute(app, '/api/summaries/devices-summary', errors, {
    summary: "The company's devices (or the chosen devices and groups) counted by module activity, work now and active alerts",
    querystring: devicesSummaryQuerySchema,
    answer: devicesSummaryResponseSchema,
    handle: (auth, query) => summaries.devicesSummary(auth, query),
  });
  summaryRoute(app, '/api/summaries/hourly-work', errors, {
    summary: 'Work of the chosen devices per interval of the local day over today, this week or this month (devices or deviceGroups required)',
    querystring: hourlyWorkQuerySchema,
    answer: hourlyWorkResponseSchema,
    handle: (auth, query) => summaries.hourlyWork(auth, query),
  });
}

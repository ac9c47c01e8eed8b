import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Services } from './services.ts';
import { buildApp } from './http/app.ts';
import type { Readiness } from './http/health.ts';
import type { App } from './http/types.ts';
import { alertConditionsRoutes } from './alerts/conditions-routes.ts';
import { alertRulesRoutes } from './alerts/rules-routes.ts';
import { alertsRoutes } from './alerts/alerts-routes.ts';
import { alertPreviewRoutes } from './alert-engine/preview-routes.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { appConfigRoutes } from './app-config/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { companiesRoutes } from './companies/routes.ts';
import { deviceGroupsRoutes } from './device-groups/routes.ts';
import { deviceHistoryRoutes } from './device-history/routes.ts';
import { deviceStatusRoutes } from './device-status/routes.ts';
import { deviceSummariesRoutes } from './summaries/devices/routes.ts';
import { deviceTypesRoutes } from './device-types/routes.ts';
import { parametersRoutes } from './device-types/parameters-routes.ts';
import { devicesRoutes } from './devices/routes.ts';
import { diagnosticsRoutes } from './diagnostics/routes.ts';
import { eventsRoutes } from './push/streams/routes.ts';
import { impersonationRoutes } from './impersonation/routes.ts';
import { metricsRoutes, observeRequests } from './metrics/routes.ts';
import { operatorGroupsRoutes } from './operator-groups/routes.ts';
import { operatorsRoutes } from './operators/routes.ts';
import { tasksRoutes } from './tasks/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { productionShiftsRoutes } from './production-shifts/routes.ts';
import { resettingRoutes } from './resetting/routes.ts';
import { sensorsRoutes } from './sensors/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { subscribersRoutes } from './subscribers/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { MODULE_SECURITY_SCHEME, ingestRoutes } from './telemetry/routes.ts';
import { userAdminRoutes } from './users/admin/routes.ts';
import { userDirectoryRoutes } from './users/directory/routes.ts';
import { usersRoutes } from './users/routes.ts';
import { unsubscribeRoutes } from './mail/unsubscribe-routes.ts';
import { reportDataRoutes } from './reports/screens/data-routes.ts';
import { reportConfigurationsRoutes } from './reports/configurations/configurations-routes.ts';
import { reportFilesRoutes } from './reports/delivery/files-routes.ts';
import { productionViewsRoutes } from './production-views/routes.ts';
import { productionLiveRoutes } from './production-views/live/routes.ts';
import { workSummariesRoutes } from './summaries/work/routes.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  services: Services;
  readiness?: Readiness;
  /** Sees the bare instance before any route is registered (the tests list every route with an onRoute hook). */
  observe?: (app: FastifyInstance) => void;
}

/** The HTTP app with every feature: the bare app of http/ and each feature's routes with the services it needs. */
export function createApp({ config, database, services, readiness, observe }: AppDependencies): Promise<FastifyInstance> {
  return buildApp({
    config,
    database,
    auth: services.auth,
    readiness,
    // Telemetry modules (POST /api/ingest) authenticate with their serial number and security code.
    securitySchemes: { [MODULE_SECURITY_SCHEME]: { type: 'http', scheme: 'basic' } },
    observe: (app) => {
      observeRequests(app, services.metrics);
      observe?.(app);
    },
    features: (app) => {
      registerFeatures(app, config, services);
      // One LISTEN per instance wakes the event streams; they end before the server closes (clients reconnect).
      services.events.useListener(database.listen);
      services.events.useLog(app.log);
      // Live screens of production views: the readings bell's LISTEN while a screen is open, the topic streams.
      services.productionScreens.useListener(database.listen);
      services.productionScreens.useLog(app.log);
      services.readingsBell.useLog(app.log);
      eventsRoutes(app, services.events, services.streamLimits, services.productionScreens);
      productionLiveRoutes(app, services.productionLive, services.productionScreens, services.events, services.streamLimits);
      app.addHook('preClose', async () => {
        await services.productionScreens.close();
        await services.readingsBell.close();
        await services.events.close();
      });
    },
  });
}

function registerFeatures(app: App, config: Config, services: Services): void {
  const { formTokens } = services;
  metricsRoutes(app, services.metrics, { token: config.METRICS_TOKEN, public: config.METRICS_PUBLIC });
  appConfigRoutes(app, config);
  authRoutes(app, services.auth);
  usersRoutes(app, services.users);
  settingsRoutes(app, services.settings);
  profileRoutes(app, services.profile);
  devicesRoutes(app, services.devices, services.deviceForm, formTokens);
  deviceStatusRoutes(app, services.deviceStatus);
  deviceSummariesRoutes(app, services.deviceSummaries);
  deviceHistoryRoutes(app, services.deviceHistory);
  impersonationRoutes(app, services.impersonation);
  const perWindow = { windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS };
  supportRoutes(app, services.support, { max: config.SUPPORT_MAIL_RATE_LIMIT, ...perWindow });
  resettingRoutes(app, services.passwordLinks, { max: config.RESET_REQUEST_RATE_LIMIT, ...perWindow });
  ingestRoutes(app, services.ingest, services.moduleThrottle);
  diagnosticsRoutes(app, { diagnostics: services.diagnostics, operatorDiagnostics: services.operatorDiagnostics, factoryReports: services.factoryReports });
  workSummariesRoutes(app, services.workSummaries);
  deviceGroupsRoutes(app, services.deviceGroups, formTokens);
  operatorsRoutes(app, services.operators, formTokens);
  tasksRoutes(app, services.tasks, formTokens);
  operatorGroupsRoutes(app, services.operatorGroups, formTokens);
  deviceTypesRoutes(app, services.deviceTypes, formTokens);
  parametersRoutes(app, services.parameters, formTokens);
  userDirectoryRoutes(app, services.userDirectory);
  userAdminRoutes(app, services.userAdmin, formTokens);
  productionShiftsRoutes(app, services.productionShifts);
  sensorsRoutes(app, services.sensors, services.unknownModules, formTokens, services.opcuaMachines);
  companiesRoutes(app, services.companies, formTokens);
  subscribersRoutes(app, services.subscribers, formTokens);
  alertRulesRoutes(app, services.alertRules, services.alertRuleForm, formTokens);
  alertConditionsRoutes(app, services.alertConditions);
  alertsRoutes(app, services.alerts);
  alertPreviewRoutes(app, services.alertPreview);
  unsubscribeRoutes(app, services.unsubscribe);
  notificationsRoutes(app, services.notifications);
  reportDataRoutes(app, services.reportData);
  reportConfigurationsRoutes(app, services.reportConfigurations);
  reportFilesRoutes(app, services.reportFiles);
  productionViewsRoutes(app, services.productionViews, services.displayLinks);
}

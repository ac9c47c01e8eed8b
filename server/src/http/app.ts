import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BUILD_VERSION } from '@gearwatch/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import { appConfigRoutes } from '../app-config/routes.ts';
import { authRoutes } from '../auth/routes.ts';
import { devicesRoutes } from '../devices/routes.ts';
import { deviceStatusRoutes } from '../device-status/routes.ts';
import { deviceHistoryRoutes } from '../device-history/routes.ts';
import { impersonationRoutes } from '../impersonation/routes.ts';
import { resettingRoutes } from '../resetting/routes.ts';
import { settingsRoutes } from '../settings/routes.ts';
import { supportRoutes } from '../support/routes.ts';
import { MODULE_SECURITY_SCHEME, ingestRoutes } from '../telemetry/routes.ts';
import { deviceGroupsRoutes } from '../device-groups/routes.ts';
import { deviceTypesRoutes } from '../device-types/routes.ts';
import { parametersRoutes } from '../device-types/parameters-routes.ts';
import { diagnosticsRoutes } from '../diagnostics/routes.ts';
import { operatorsRoutes } from '../operators/routes.ts';
import { operatorGroupsRoutes } from '../operator-groups/routes.ts';
import { productionShiftsRoutes } from '../production-shifts/routes.ts';
import { sensorsRoutes } from '../sensors/routes.ts';
import { companiesRoutes } from '../companies/routes.ts';
import { subscribersRoutes } from '../subscribers/routes.ts';
import { userDirectoryRoutes } from '../users/directory-routes.ts';
import { userAdminRoutes } from '../users/admin-routes.ts';
import { usersRoutes } from '../users/routes.ts';
import { registerMetrics } from '../metrics/routes.ts';
import { registerAuthHook } from './auth-hook.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerInputGuard } from './input-guard.ts';
import { healthRoutes } from './health.ts';
import type { Readiness } from './health.ts';
import { registerStaticClient } from './static.ts';

export interface AppDependencies {
  config: Config;
  database: Database;
  services: Services;
  readiness?: Readiness;
}

export async function buildApp({ config, database, services, readiness = { accepting: true } }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.NODE_ENV === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
  });
  // Kept for the tenancy harness, which checks that every route taking an id is covered.
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // API answers are one user's data: no shared or browser cache may keep them (a route may say otherwise).
    if (isApiRequest(request.routeOptions.url, request.url) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server; avatars may be data URLs.
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(config.MAP_TILE_URL)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(formbody);
  registerErrorHandler(app);
  registerInputGuard(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Gearwatch API', version: BUILD_VERSION, description: 'Machine monitoring: devices, telemetry, operators, alerts, reports.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Telemetry modules (POST /api/ingest): serial number and security code.
          [MODULE_SECURITY_SCHEME]: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, staticCSP: true });

  registerMetrics(app, services.metrics, { token: config.METRICS_TOKEN, public: config.METRICS_PUBLIC });
  registerAuthHook(app, services.auth);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  healthRoutes(routes, database.db, readiness);
  appConfigRoutes(routes, config);
  authRoutes(routes, services.auth);
  usersRoutes(routes, services.users);
  settingsRoutes(routes, services.settings);
  devicesRoutes(routes, services.devices, services.deviceForm, services.formTokens);
  deviceStatusRoutes(routes, services.deviceStatus);
  deviceHistoryRoutes(routes, services.deviceHistory);
  impersonationRoutes(routes, services.impersonation);
  supportRoutes(routes, services.support);
  resettingRoutes(routes, services.passwordLinks);
  ingestRoutes(routes, services.ingest, services.moduleThrottle);
  diagnosticsRoutes(routes, services);
  deviceGroupsRoutes(routes, services.deviceGroups, services.formTokens);
  operatorsRoutes(routes, services.operators, services.formTokens);
  operatorGroupsRoutes(routes, services.operatorGroups, services.formTokens);
  deviceTypesRoutes(routes, services.deviceTypes, services.formTokens);
  parametersRoutes(routes, services.parameters, services.formTokens);
  userDirectoryRoutes(routes, services.userDirectory);
  userAdminRoutes(routes, services.userAdmin, services.formTokens);
  productionShiftsRoutes(routes, services.productionShifts);
  sensorsRoutes(routes, services.sensors, services.formTokens);
  companiesRoutes(routes, services.companies, services.formTokens);
  subscribersRoutes(routes, services.subscribers, services.formTokens);
  // Password mail goes out after the answer; closing waits for it, so a shutdown does not drop a link being sent.
  app.addHook('onClose', () => services.passwordLinks.settled());
  await registerStaticClient(app, config.WEB_DIST_DIR);
  return app;
}

/** By the matched route when there is one (the router decodes the path), else by the raw path (an unknown /api path). */
function isApiRequest(route: string | undefined, rawUrl: string): boolean {
  const path = route ?? rawUrl;
  return (path === '/api' || path.startsWith('/api/')) && !path.startsWith('/api/docs');
}

function tileOrigin(template: string): string {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, '0'));
    return url.origin;
  } catch {
    return "'self'";
  }
}

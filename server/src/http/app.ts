import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { BearerAuthenticator } from './auth-hook.ts';
import { registerAuthHook } from './auth-hook.ts';
import { registerErrorHandler, sendFrameworkError } from './error-handler.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerRateLimits } from './rate-limit.ts';
import { healthRoutes } from './health.ts';
import { registerOpenApi } from './openapi.ts';
import type { SecurityScheme } from './openapi.ts';
import type { Readiness } from './health.ts';
import { registerStaticClient } from './static.ts';
import type { App } from './types.ts';

/** Request bodies larger than this are refused (413) unless a route sets its own limit (telemetry ingest). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The longest path parameter the router matches: a list of 500 row ids (`PATCH /api/alerts/{ids}/confirm`) is
 * 5,499 characters. A longer one names nothing: 404 in the app's error shape (sendFrameworkError), never the router's
 * own 414 body.
 */
export const MAX_PARAM_LENGTH = 6000;

export interface HttpAppOptions {
  config: Config;
  database: Database;
  /** Checks the bearer token of every non-public /api route. */
  auth: BearerAuthenticator;
  readiness?: Readiness;
  /** Security schemes of the OpenAPI document besides `bearer`, by name. */
  securitySchemes?: Record<string, SecurityScheme>;
  /**
   * Called on the bare Fastify instance before any route or plugin is registered, for what must see every route
   * (request metrics; the route list the tests check their coverage against).
   */
  observe?: (app: FastifyInstance) => void;
  /** Registers the features' routes, after the auth hook and health checks and before the client's fallback. */
  features: (app: App) => void | Promise<void>;
}

/**
 * The bare HTTP app: logging, request ids, security headers, the zod compilers, the OpenAPI document, the error
 * handler, the input guard, the auth hook, health checks and the built client. It knows no feature: the
 * composition root (src/app.ts) hands them in as `features`.
 */
export async function buildApp({
  config,
  database,
  auth,
  readiness = { accepting: true },
  securitySchemes = {},
  observe,
  features,
}: HttpAppOptions): Promise<FastifyInstance> {
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
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (a parameter past MAX_PARAM_LENGTH, a malformed percent-encoding) in the app's shapes.
    frameworkErrors: sendFrameworkError,
  });
  observe?.(app);
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
  await registerOpenApi(app, securitySchemes);

  await registerRateLimits(app);
  registerAuthHook(app, auth);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  healthRoutes(routes, database.db, readiness);
  await features(routes);
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

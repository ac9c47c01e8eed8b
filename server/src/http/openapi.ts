import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUILD_VERSION, oauthErrorSchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';

/** Where the OpenAPI document's UI is served; the document itself is `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3.1: its schemas are JSON Schema 2020-12, so a nullable enum is `anyOf: [{enum}, {type: 'null'}]` and a
 * strict validator accepts the null the answer carries (3.0's `nullable` beside an `enum` without null refuses it).
 */
export const OPENAPI_VERSION = '3.1.0';

/** An OpenAPI security scheme a feature authenticates with besides the bearer token. */
export interface SecurityScheme {
  type: 'http';
  scheme: string;
}

/** The 200 of a route that answers with Server-Sent Events: its body is a stream of text, not JSON. */
export const eventStreamResponse = {
  description: 'Server-Sent Events',
  content: { 'text/event-stream': { schema: z.string() } },
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Declares, on every documented route, the answers the app gives whatever the route's own code does, so the
 * document lists every status a route can answer and the serializer knows their shape:
 * - 400: the input guard (NUL, lone surrogates, deep nesting in any part) and schema validation; the OAuth shape on
 *   the token endpoints;
 * - 401: the auth hook, unless the route is public;
 * - 404: a path parameter that does not validate or is longer than any route accepts (MAX_PARAM_LENGTH);
 * - 413, 415: a body too large or of a type no parser reads, on methods with a body;
 * - 429: the per-address rate limit, on the routes that have one;
 * - 500: the error handler's answer to anything unexpected.
 * A route's own declaration of a status wins. 403, 409 and other statuses of a route's own rules are declared by
 * the route.
 */
export function declareCommonResponses(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!route.schema || !response || route.schema.hide) return;
  const config = (route.config ?? {}) as { public?: boolean; oauthErrors?: boolean; rateLimit?: unknown };
  const methods = [route.method].flat();
  const common: Record<number, unknown> = {
    400: config.oauthErrors ? oauthErrorSchema : validationErrorSchema,
    500: problemSchema,
  };
  if (!config.public) common[401] = problemSchema;
  if (/[:*]/.test(route.url)) common[404] = problemSchema;
  if (methods.some((method) => BODY_METHODS.has(method))) Object.assign(common, { 413: problemSchema, 415: problemSchema });
  if (config.rateLimit) common[429] = problemSchema;
  // A new object: routes may share one response map, and each gets the statuses of its own url and method.
  route.schema = { ...route.schema, response: { ...common, ...response } };
}

/**
 * The OpenAPI document (`/api/docs/json`) and its UI, generated from the routes' zod schemas. Public routes
 * (`config.public`) need no token (`security: []`) unless they name their own scheme.
 */
export async function registerOpenApi(app: FastifyInstance, securitySchemes: Record<string, SecurityScheme>): Promise<void> {
  app.addHook('onRoute', declareCommonResponses);
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: 'Gearwatch API', version: BUILD_VERSION, description: 'Machine monitoring: devices, telemetry, operators, alerts, reports.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, ...securitySchemes } },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const isPublic = document.route.config?.public === true;
      if (isPublic && transformed.schema && !('security' in transformed.schema)) return { ...transformed, schema: { ...transformed.schema, security: [] } };
      return transformed;
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list' }, staticCSP: true });
}

import type { FastifyInstance, InjectOptions } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Holds every answer the API tests receive to the OpenAPI document the app serves (`/api/docs/json`): the answer's
 * status must be declared for its route and method, its media type declared for that status, and a JSON body must
 * validate against the declared schema with a strict JSON Schema 2020-12 validator (what OpenAPI 3.1 schemas are,
 * and what generated clients and strict gateways check). createTestContext installs it on every app it builds, so
 * the route harness and every *.api.test.ts file check the document as a side effect, and the document cannot drift
 * from the answers again (docs/hardening.md).
 */

/** The parts of an OpenAPI 3.1 document the check reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> } | undefined>;
}

/** One answer as the client received it. */
export interface Answer {
  method: string;
  /** The route pattern the router matched (`/api/devices/:id`), undefined when it matched none. */
  route: string | undefined;
  /** The request's path, without the query. */
  path: string;
  statusCode: number;
  /** The `content-type` header, if any. */
  contentType: string | undefined;
  /** The body as sent; null when it is a stream or a buffer (not JSON text). */
  body: string | null;
}

/** OpenAPI's own schema keywords beside JSON Schema 2020-12 (its base vocabulary): annotations for a validator. */
const OPENAPI_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * One validator per process, strict: an unknown keyword or format in the document is an error, not ignored (union
 * types, `type: ['string', 'null']`, are how OpenAPI 3.1 writes a nullable value). Each distinct response schema is
 * compiled once, on the first answer that needs it (most routes share the error shapes).
 */
const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, addUsedSchema: false }));
ajv.addVocabulary(OPENAPI_KEYWORDS);
const compiled = new Map<string, ValidateFunction>();
/**
 * The checks by the routes they were generated from: the apps of one test file have the same routes, and generating
 * the document (every route's zod schemas to JSON Schema) is the slow part, so it is done once per process.
 */
const byRoutes = new Map<string, OpenApiConformance>();

const COMPONENTS_ID = 'https://gearwatch.invalid/openapi/components';

/** Fastify's `/api/devices/:id` and `/api/settings/*` as the document's `/api/devices/{id}`, `/api/settings/{*}`. */
export function documentPath(route: string): string {
  return route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** The media type of a content-type header: `application/json; charset=utf-8` → `application/json`. */
function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function isJson(media: string): boolean {
  return media === 'application/json' || media.endsWith('+json');
}

/** A document path as a pattern for paths the router matched to no route (its own 404 of a too-long parameter). */
interface PathPattern {
  path: string;
  pattern: RegExp;
  params: number;
}

function pathPatterns(document: OpenApiDocument): PathPattern[] {
  return Object.keys(document.paths)
    .map((path) => {
      const source = path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? (part === '{*}' ? '.+' : '[^/]+') : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      return { path, pattern: new RegExp(`^${source}$`), params: (path.match(/\{/g) ?? []).length };
    })
    .sort((a, b) => a.params - b.params);
}

export class OpenApiConformance {
  private readonly patterns: PathPattern[];

  constructor(private readonly document: OpenApiDocument) {
    this.patterns = pathPatterns(document);
    if (!ajv.getSchema(COMPONENTS_ID)) ajv.addSchema({ $id: COMPONENTS_ID, $defs: document.components?.schemas ?? {} });
  }

  /** What is wrong with an answer, as readable lines; empty when the document describes it. */
  check(answer: Answer): string[] {
    const method = answer.method.toLowerCase();
    const path = answer.route === undefined ? this.documentPathOf(answer.path, method) : documentPath(answer.route);
    // Routes the document hides (docs, metrics, the client's fallback) and paths no route matched describe nothing.
    const operation = path === undefined ? undefined : this.document.paths[path]?.[method];
    if (!operation || method === 'head') return [];
    const what = `${answer.method} ${path} → ${answer.statusCode}`;
    const response = operation.responses?.[String(answer.statusCode)] ?? operation.responses?.default;
    if (!response) return [`${what}: status not declared (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`];

    const media = mediaType(answer.contentType);
    // A 204 or 304 carries no body whatever the reply held (Fastify drops it after onSend).
    const hasBody = answer.statusCode !== 204 && answer.statusCode !== 304 && (answer.body === null || answer.body.length > 0);
    if (!hasBody) return [];
    if (!media) return [`${what}: a body without a content-type`];
    const declared = response.content?.[media];
    if (!declared) return [`${what}: answers ${media}, the document declares ${Object.keys(response.content ?? {}).join(', ') || 'no body'}`];
    if (!isJson(media) || answer.body === null) return [];
    if (declared.schema === undefined) return [`${what}: no schema declared for ${media}`];

    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${what}: ${media} body is not JSON`];
    }
    let validate: ValidateFunction;
    try {
      validate = compile(declared.schema);
    } catch (error) {
      return [`${what}: the declared schema does not compile under the strict validator: ${(error as Error).message}`];
    }
    if (validate(body)) return [];
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`);
    return [`${what}: body does not match the schema: ${problems.join('; ')}`];
  }

  /** The document path a request path falls under when the router matched no route. */
  private documentPathOf(requestPath: string, method: string): string | undefined {
    let decoded = requestPath;
    try {
      decoded = decodeURI(requestPath);
    } catch {
      // Left encoded: the segments are matched as they are.
    }
    return this.patterns.find(({ path, pattern }) => this.document.paths[path]?.[method] && (pattern.test(requestPath) || pattern.test(decoded)))?.path;
  }
}

/** Compiles a response schema once per process; its `#/components/schemas/X` refs point into the components schema. */
function compile(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`);
  let validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text) as object);
    compiled.set(text, validate);
  }
  return validate;
}

/** The violations an app's answers made so far, each with how many answers made it. */
export interface ConformanceRecorder {
  violations(): { message: string; count: number; example: string }[];
  /** The violations as one readable list, or null when there are none. */
  report(): string | null;
}

/**
 * Checks every answer of the app (inject or a real connection) in an onSend hook, on the bare instance before any
 * route is registered. The document is read on the first answer (the app is ready by then). A check never changes
 * an answer: the test that made it goes on, and the context's close() fails the file with the list.
 */
export function recordConformance(app: FastifyInstance): ConformanceRecorder {
  // By message, with how many answers made it and the first one's body, so a route the harness probes 60 times is one line.
  const found = new Map<string, { count: number; example: string }>();
  let conformance: OpenApiConformance | null = null;
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(`${[route.method].flat().join()} ${route.url} ${route.config?.public ? 'public' : ''} ${route.schema?.hide ? 'hidden' : ''}`);
  });
  const documented = () => {
    const key = routes.join('\n');
    let found = byRoutes.get(key);
    if (!found) {
      found = new OpenApiConformance(app.swagger() as unknown as OpenApiDocument);
      byRoutes.set(key, found);
    }
    return found;
  };
  const record = (answer: Answer) => {
    // A check that throws would turn the answer into a 500: it is recorded instead.
    let messages: string[];
    try {
      conformance ??= documented();
      messages = conformance.check(answer);
    } catch (error) {
      messages = [`${answer.method} ${answer.route ?? answer.path} → ${answer.statusCode}: the check failed: ${(error as Error).message}`];
    }
    for (const message of messages) {
      const seen = found.get(message);
      if (seen) seen.count++;
      else found.set(message, { count: 1, example: answer.body === null ? '(stream)' : answer.body.slice(0, 300) });
    }
  };
  /** The raw requests whose answer the onSend hook checked. */
  const checked = new WeakSet<object>();
  app.addHook('onSend', async (request, reply, payload) => {
    // An error after a stream's headers went out (the client went away) is logged, never received: nothing to check.
    if (reply.raw.headersSent) return payload;
    checked.add(request.raw);
    const contentType = reply.getHeader('content-type');
    record({
      method: request.method,
      route: request.routeOptions.url,
      path: pathOf(request.url),
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : null,
    });
    return payload;
  });
  // What the router answers before any route or hook (a path parameter past its limit, `frameworkErrors`) passes no
  // onSend hook: such an injected answer is checked as the client got it, under the document path it falls in.
  const inject = app.inject.bind(app);
  const injectChecked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const raw = response.raw.req as object;
    if (!checked.has(raw)) {
      const sent = typeof options === 'string' ? { method: 'GET', url: options } : options;
      const contentType = response.headers['content-type'];
      record({
        method: String(sent.method ?? 'GET').toUpperCase(),
        route: undefined,
        path: pathOf(String(sent.url ?? sent.path ?? '/')),
        statusCode: response.statusCode,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        body: sent.payloadAsStream ? null : response.body,
      });
    }
    return response;
  };
  Object.assign(app, {
    inject: (options?: InjectOptions | string, callback?: unknown) =>
      options === undefined || callback !== undefined ? (inject as (...args: unknown[]) => unknown)(options, callback) : injectChecked(options),
  });
  return {
    violations: () => [...found.entries()].map(([message, { count, example }]) => ({ message, count, example })),
    report() {
      if (!found.size) return null;
      const lines = [...found.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([message, { count, example }]) => `  - ${message}${count > 1 ? ` (×${count})` : ''}${example ? `\n      body: ${example}` : ''}`);
      return `${found.size} answer(s) the OpenAPI document does not describe (server/test/openapi-conformance.ts):\n${lines.join('\n')}`;
    },
  };
}

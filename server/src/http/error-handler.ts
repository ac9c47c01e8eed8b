import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGE_KEYS } from '@gearwatch/contracts';
import { AppError, ConflictError, NotFoundError, OAuthError, TooManyRequestsError, ValidationError } from './errors.ts';

export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params?: Record<string, unknown>;
}

/** The value a schema issue is about, when the caller can look it up (zod 4 issues do not carry the input). */
export type IssueInputLookup = (instancePath: string) => unknown;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Maps a schema issue to the spec's message keys: a missing or empty value is "not blank", the rest "incorrect". */
function messageKeyFor(issue: SchemaIssue, notBlank: string, lookup: IssueInputLookup): string {
  const params = issue.params ?? {};
  if (issue.keyword === 'invalid_type') {
    const input = 'input' in params ? params.input : lookup(issue.instancePath);
    return isBlank(input) ? notBlank : MESSAGE_KEYS.incorrect;
  }
  if (issue.keyword === 'too_small' && params.origin === 'string' && params.minimum === 1) return notBlank;
  if (issue.keyword === 'too_big' && params.origin === 'string') return MESSAGE_KEYS.tooLong;
  if (issue.keyword === 'too_small' && params.origin === 'string') return MESSAGE_KEYS.tooShort;
  return MESSAGE_KEYS.incorrect;
}

/** `notBlank` replaces the generic key for a missing or empty field, for forms whose spec names its own key. */
export function validationErrorFromIssues(
  issues: SchemaIssue[],
  notBlank: string = MESSAGE_KEYS.notBlank,
  lookup: IssueInputLookup = () => undefined,
): ValidationError {
  const errors: Record<string, string[]> = {};
  const rootErrors: string[] = [];
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = messageKeyFor(issue, notBlank, lookup);
    if (!field) {
      rootErrors.push(key);
      continue;
    }
    const list = (errors[field] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  return new ValidationError(errors, rootErrors);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError | AppError, request, reply) => {
    let error: unknown = rawError;
    if (hasZodFastifySchemaValidationErrors(rawError)) {
      // A path parameter that does not validate (`/devices/0x1f`, an id past int4) names nothing: the path does not exist.
      if ((rawError as FastifyError).validationContext === 'params') return sendError(reply, request, new NotFoundError());
      const part = requestPart(request, (rawError as FastifyError).validationContext);
      error = validationErrorFromIssues(rawError.validation as SchemaIssue[], MESSAGE_KEYS.notBlank, (path) => valueAt(part, path));
    }

    if (error instanceof OAuthError) {
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ error: error.code, error_description: error.message });
    }
    if (error instanceof ValidationError) {
      if (request.routeOptions.config.oauthErrors) {
        const fields = Object.keys(error.errors);
        return reply.status(400).send({ error: 'invalid_request', error_description: fields.length ? `Invalid ${fields.join(', ')}` : 'Invalid request' });
      }
      return reply.status(400).send({ errors: error.errors, rootErrors: error.rootErrors });
    }
    if (error instanceof TooManyRequestsError) void reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) return sendError(reply, request, error);

    const fastifyError = rawError as FastifyError;
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large) stay 4xx.
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500 && !isResponseSerializationError(rawError)) {
      if (status === 400 && request.routeOptions.config.oauthErrors) {
        return reply.status(400).send({ error: 'invalid_request', error_description: fastifyError.message });
      }
      if (status === 400) return reply.status(400).send({ errors: {}, rootErrors: [MESSAGE_KEYS.incorrect] });
      return reply.status(status).send({ statusCode: status, error: statusText(status), message: fastifyError.message, requestId: request.id });
    }

    request.log.error({ err: rawError }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, error: statusText(500), message: MESSAGE_KEYS.internal, requestId: request.id });
  });
}

/** The router's refusals of a path parameter: longer than any route accepts, or not decodable (`%zz`). */
const UNMATCHABLE_PARAM_CODES = new Set(['FST_ERR_MAX_PARAM_LENGTH', 'FST_ERR_BAD_URL']);

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route is matched, so neither the error handler nor
 * a route's schema sees it. A path parameter it cannot match names nothing (404, as one that does not validate);
 * anything else is unexpected (500). Both in the app's error shape, as documented for every route.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (UNMATCHABLE_PARAM_CODES.has(error.code)) {
    void sendError(reply, request, new NotFoundError());
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send({ statusCode: 500, error: statusText(500), message: MESSAGE_KEYS.internal, requestId: request.id });
}

function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  return reply.status(error.statusCode).send({
    statusCode: error.statusCode,
    error: statusText(error.statusCode),
    message: error.message,
    requestId: request.id,
    ...(error instanceof ConflictError && error.dependents ? { dependents: error.dependents } : {}),
  });
}

function requestPart(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

/** A lookup for `validationErrorFromIssues` into a route's own copy of the validated input. */
export function lookupIn(root: unknown): IssueInputLookup {
  return (path) => valueAt(root, path);
}

/** Follows a JSON pointer such as `/lines/0/name` into a parsed request part. */
function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const segment of instancePath.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}

import { INGEST_LIMITS, INGEST_MESSAGE_KEYS, ingestRequestSchema, ingestResponseSchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, TooManyRequestsError, UnauthorizedError, UnstorableBatchError } from '../http/errors.ts';
import type { AttemptThrottle } from '../auth/throttle.ts';
import { ThrottledError } from '../auth/throttle.ts';
import type { App } from '../http/types.ts';
import { unstorableText } from '../http/input-guard.ts';
import { parseIngestBody } from './payload.ts';
import type { IngestRejectLog, IngestService, ModuleIdentity } from './types.ts';

/** The security scheme name of module authentication in the OpenAPI document (declared by src/app.ts). */
export const MODULE_SECURITY_SCHEME = 'moduleBasic';

/** `Authorization: Basic base64(serial:securityCode)`; null when the header is missing or not of that form. */
export function moduleCredentials(header: string | undefined): { serial: string; code: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const credentials = { serial: decoded.slice(0, colon), code: decoded.slice(colon + 1) };
  // No module has such a serial or code, and the database cannot even be asked about one: a wrong credential.
  if (unstorableText(credentials.serial) || unstorableText(credentials.code)) return null;
  return credentials;
}

/** The module a request proved to be, set by the route's onRequest hook before its body is read. */
const provenModules = new WeakMap<FastifyRequest, ModuleIdentity>();

export function ingestRoutes(app: App, ingest: IngestService & IngestRejectLog, throttle: AttemptThrottle): void {
  app.post(
    '/api/ingest',
    {
      // Modules are not users: they prove who they are with their serial number and security code, checked here.
      config: { public: true },
      bodyLimit: INGEST_LIMITS.maxBodyBytes,
      schema: {
        tags: ['telemetry'],
        summary:
          'A module sends a batch of readings, positions and events (HTTP Basic serial:securityCode). Stored in one ' +
          'transaction, answered after commit; a repeated reading changes nothing; one bad item refuses the whole batch ' +
          '(a data fault of the database too: 400 ingest.batch-not-storable). ' +
          'Wrong codes are throttled per serial and address (429 with Retry-After), and refused before the body is read.',
        security: [{ [MODULE_SECURITY_SCHEME]: [] }],
        body: ingestRequestSchema,
        response: { 200: ingestResponseSchema, 400: validationErrorSchema, 401: problemSchema, 413: problemSchema, 415: problemSchema, 429: problemSchema },
      },
      // The credentials are checked before the body is read: a guesser's 50 MB body is neither buffered nor parsed,
      // and the connection is closed after the refusal so its rest is not read either.
      onRequest: async (request, reply) => {
        const credentials = moduleCredentials(request.headers.authorization);
        try {
          if (!credentials) throw new UnauthorizedError();
          try {
            await throttle.begin(credentials.serial, request.ip);
          } catch (error) {
            if (error instanceof ThrottledError) throw new TooManyRequestsError(error.retryAfterSeconds);
            throw error;
          }
          provenModules.set(request, await ingest.authenticate(credentials.serial, credentials.code));
          await throttle.succeeded(credentials.serial, request.ip);
        } catch (error) {
          if (error instanceof UnauthorizedError) void reply.header('www-authenticate', 'Basic realm="gearwatch-modules", charset="UTF-8"');
          if (error instanceof AppError && request.headers['content-length'] !== '0') void reply.header('connection', 'close');
          throw error;
        }
      },
      // The schema above documents the body; parseIngestBody checks it, far faster on 50,000 items than a zod parse
      // and naming at most 100 bad items (payload.ts).
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const module = provenModules.get(request);
      if (!module) throw new UnauthorizedError();
      // A form-encoded body (curl -d without a content type) would parse into an object of nothing: refuse it.
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) throw new AppError(INGEST_MESSAGE_KEYS.jsonRequired, 415);
      const parsed = parseIngestBody(request.body);
      if (!parsed.ok) throw parsed.error;
      try {
        return await ingest.ingest(module, parsed.batch);
      } catch (error) {
        // Refused for its data (400 batch-not-storable): kept with the database's reason, which the module is not told.
        if (error instanceof UnstorableBatchError) {
          const reject = {
            source: 'http',
            topic: null,
            serialNumber: module.serialNumber,
            reason: `not storable: ${error.detail}`,
            payload: JSON.stringify(request.body),
          } as const;
          await ingest
            .recordReject(reject)
            .catch((rejectError: unknown) => request.log.error({ err: rejectError, cause: error.detail }, 'ingest reject not kept'));
        }
        throw error;
      }
    },
  );
}

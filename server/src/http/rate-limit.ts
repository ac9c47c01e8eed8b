import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { TooManyRequestsError } from './errors.ts';

/** At most `max` requests from one address within `windowSeconds`; beyond it 429 with Retry-After. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Per-address limits for the routes that ask for one (`config: rateLimited(...)`); no other route is limited here
 * (sign-in and ingest have their own throttles in the database, decision 011). Counts are kept in this instance's
 * memory: with several instances an address gets the limit on each.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Thrown, so the error handler answers it in the app's usual shape (`{statusCode, error, message, requestId}`).
    errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/** The route config of a rate-limited route. */
export function rateLimited({ max, windowSeconds }: RateLimit) {
  return { rateLimit: { max, timeWindow: windowSeconds * 1000 } };
}

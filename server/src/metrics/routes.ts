import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NotFoundError, UnauthorizedError } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import type { Metrics } from './metrics.ts';

export interface MetricsAccess {
  /** Bearer token Prometheus scrapes with (`authorization: {credentials: …}` in its scrape config). */
  token?: string;
  /** Answer without a token: only for a port that only the monitoring network reaches. */
  public: boolean;
}

/** Counts and times every request by its route pattern; installed before any route, so it sees them all. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: ids in paths would make a series per row. Unmatched paths share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: request.method, route };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

/**
 * `GET /metrics` in Prometheus' text format. Closed unless configured: with neither a token nor `public` the route
 * answers 404, as if it did not exist, so a deployment that never set it up does not publish its request rates.
 */
export function metricsRoutes(app: App, metrics: Metrics, access: MetricsAccess): void {
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!access.public && !(access.token && bearerMatches(request.headers.authorization, access.token))) {
      if (!access.token) throw new NotFoundError();
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedError();
    }
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

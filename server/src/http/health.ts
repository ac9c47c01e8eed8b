import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import type { App } from './types.ts';

export interface Readiness {
  /** False once shutdown has begun, so a load balancer stops sending traffic before the server closes. */
  accepting: boolean;
}

const healthSchema = z.object({ status: z.string() });

export function healthRoutes(app: App, db: Kysely<DB>, readiness: Readiness): void {
  app.get('/healthz', { config: { public: true }, schema: { tags: ['ops'], summary: 'Liveness', response: { 200: healthSchema } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: { tags: ['ops'], summary: 'Readiness: database reachable and not shutting down', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      if (!readiness.accepting) return reply.status(503).send({ status: 'shutting-down' });
      try {
        await sql`select 1`.execute(db);
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database-unavailable' });
      }
    },
  );
}

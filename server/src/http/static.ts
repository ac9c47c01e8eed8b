import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGE_KEYS } from '@gearwatch/contracts';
import type { FastifyInstance } from 'fastify';
import { statusText } from './error-handler.ts';

/**
 * Serves the built client when it exists, with SPA fallback: any GET outside /api that is not a file gets
 * index.html, so deep links work. Everything else that matches no route is a JSON 404.
 */
export async function registerStaticClient(app: FastifyInstance, distDir: string): Promise<boolean> {
  const hasClient = existsSync(path.join(distDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Every built file gets its own route at start-up; whatever else is asked for falls to the handler below.
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (hasClient && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 404, error: statusText(404), message: MESSAGE_KEYS.notFound, requestId: request.id });
  });
  return hasClient;
}

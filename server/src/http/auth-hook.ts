import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/service.ts';
import type { AuthContext } from '../auth/context.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

/**
 * Every /api route requires a valid bearer token unless its route config says `public: true`: a route that
 * forgets to declare itself is closed, not open.
 */
export function registerAuthHook(app: FastifyInstance, authService: AuthService): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    if (request.url === '/api/docs' || request.url.startsWith('/api/docs/')) return; // the OpenAPI document and its UI
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers 404
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new UnauthorizedError();
    const auth = await authService.authenticate(match[1]);
    if (!auth) throw new UnauthorizedError();
    request.auth = auth;
  });
}

export function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw new ForbiddenError();
}

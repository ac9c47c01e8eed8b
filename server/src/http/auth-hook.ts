import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../security/context.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import { DOCS_PREFIX } from './openapi.ts';

/** What the hook needs of the sign-in service; declared here so the http layer imports no feature. */
export interface BearerAuthenticator {
  authenticate(bearer: string): Promise<AuthContext | null>;
}

/**
 * Every /api route requires a valid bearer token unless its route config says `public: true`: a route that
 * forgets to declare itself is closed, not open. The decision is made on the route the router matched (its
 * pattern), never on the raw URL: `/%61pi/devices` reaches the same handler as `/api/devices`, so it must meet the
 * same check.
 */
export function registerAuthHook(app: FastifyInstance, authService: BearerAuthenticator): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined) return; // unknown route: the not-found handler answers 404
    if (!route.startsWith('/api/') || request.routeOptions.config.public) return;
    // The OpenAPI document and its UI: readable without a token, so a developer can find out how to get one.
    if (route === DOCS_PREFIX || route.startsWith(`${DOCS_PREFIX}/`)) return;
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

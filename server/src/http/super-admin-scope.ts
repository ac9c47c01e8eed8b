import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSuperAdmin } from './auth-hook.ts';
import type { App } from './types.ts';

/**
 * Registers routes that only a super-admin may call (spec 01 §2 /administration): in their own plugin scope with an
 * `onRequest` hook, so anyone else gets 403 after authentication and before anything about the request — its
 * parameters, query, body or form token — is looked at.
 */
export function superAdminRoutes(app: App, register: (scoped: App) => void): void {
  void app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => requireSuperAdmin(request.auth));
    register(scope.withTypeProvider<ZodTypeProvider>() as App);
  });
}

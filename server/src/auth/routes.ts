import { z } from 'zod';
import { oauthErrorSchema, tokenRequestSchema, tokenResponseSchema, tokenRevocationRequestSchema, tokenRevocationResponseSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { OAuthError } from '../http/errors.ts';
import type { AuthService } from './service.ts';

const GRANT_TYPES = new Set(['password', 'refresh_token']);

export function authRoutes(app: App, authService: AuthService): void {
  app.post(
    '/api/token',
    {
      config: { public: true, oauthErrors: true },
      // Token errors use the OAuth2 shape, so validation failures are answered here rather than by the error handler.
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Sign in (password grant) or renew a session (refresh_token grant); form-encoded',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: oauthErrorSchema, 401: oauthErrorSchema, 429: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const grantType = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
        if (typeof grantType === 'string' && grantType && !GRANT_TYPES.has(grantType)) {
          throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`);
        }
        const fields = [...new Set(request.validationError.validation.map((v: { instancePath: string }) => v.instancePath.replace(/^\//, '') || 'grant_type'))];
        throw new OAuthError('invalid_request', `Missing or invalid: ${fields.join(', ')}`);
      }
      const tokens = await authService.grant(request.body, request.ip);
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return tokens;
    },
  );

  app.post(
    '/api/token/revoke',
    {
      config: { public: true, oauthErrors: true },
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Log out: revoke a refresh token and its whole session (RFC 7009); form-encoded; 200 {} even for an unknown token',
        consumes: ['application/x-www-form-urlencoded'],
        body: tokenRevocationRequestSchema,
        response: { 200: tokenRevocationResponseSchema, 400: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const fields = [...new Set(request.validationError.validation.map((v: { instancePath: string }) => v.instancePath.replace(/^\//, '') || 'body'))];
        throw new OAuthError('invalid_request', `Missing or invalid: ${fields.join(', ')}`);
      }
      await authService.revoke(request.body);
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {};
    },
  );

  app.get('/api/token', { config: { public: true }, schema: { hide: true, response: { 405: z.object({ error: z.string() }) } } }, async (_request, reply) =>
    reply.status(405).header('allow', 'POST').send({ error: 'Use POST' }),
  );
}

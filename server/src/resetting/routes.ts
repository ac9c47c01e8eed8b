import { problemSchema, resettingRequestSchema, resettingResetSchema, resettingResponseSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { RateLimit } from '../http/rate-limit.ts';
import { rateLimited } from '../http/rate-limit.ts';
import type { App } from '../http/types.ts';
import type { PasswordLinksService } from './service.ts';

/** `requestLimit`: reset requests per address, on top of the service's hourly limit per user. */
export function resettingRoutes(app: App, links: PasswordLinksService, requestLimit: RateLimit): void {
  app.post(
    '/api/resetting/request',
    {
      config: { public: true, ...rateLimited(requestLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link by e-mail; 202 {} for every well-formed address, whether or not an account uses it',
        security: [],
        body: resettingRequestSchema,
        response: { 202: resettingResponseSchema, 400: validationErrorSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const outcome = await links.requestReset(request.body);
      if (outcome.userId !== null && !outcome.issued) {
        request.log.info({ userId: outcome.userId }, 'password reset link not sent: hourly limit reached');
      }
      return reply.status(202).send({});
    },
  );

  app.post(
    '/api/resetting/reset',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of an e-mailed link; signs the user out everywhere',
        security: [],
        body: resettingResetSchema,
        response: { 200: resettingResponseSchema, 400: validationErrorSchema },
      },
    },
    async (request) => {
      await links.reset(request.body);
      return {};
    },
  );
}

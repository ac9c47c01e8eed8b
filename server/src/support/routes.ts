import { SUPPORT_MESSAGE_KEYS, problemSchema, supportMailRequestSchema, supportMailResponseSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { SchemaIssue } from '../http/error-handler.ts';
import { lookupIn, validationErrorFromIssues } from '../http/error-handler.ts';
import type { RateLimit } from '../http/rate-limit.ts';
import { rateLimited } from '../http/rate-limit.ts';
import type { App } from '../http/types.ts';
import type { SupportService } from './service.ts';

/** `limit`: messages per address, so a signed-in script cannot flood the support mailbox. */
export function supportRoutes(app: App, support: SupportService, limit: RateLimit): void {
  app.post(
    '/api/support/mail',
    {
      config: rateLimited(limit),
      // A missing field must read like a blank one: the dialog shows support.no-empty-values for both.
      attachValidation: true,
      schema: {
        tags: ['support'],
        summary: 'Send a message to support (JSON); stored with its mail in the outbox, which delivers it; sent:false when no mail server is configured',
        body: supportMailRequestSchema,
        response: { 201: supportMailResponseSchema, 400: validationErrorSchema, 401: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        throw validationErrorFromIssues(request.validationError.validation as SchemaIssue[], SUPPORT_MESSAGE_KEYS.noEmptyValues, lookupIn(request.body));
      }
      const outcome = await support.send(request.auth, request.body);
      if (!outcome.sent) request.log.warn({ supportMessageId: outcome.id, reason: outcome.error }, 'support mail kept unsent: no mail server is configured');
      return reply.status(201).send({ id: outcome.id, sent: outcome.sent });
    },
  );
}

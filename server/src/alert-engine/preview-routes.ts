import { z } from 'zod';
import { alertPreviewSchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import { idParams } from '../http/params.ts';
import type { AlertPreviewService } from './preview.ts';

/** The wizard's step 3 preview (spec 01 §2 "beyond the anchors"): how often the rule would have fired lately. */
export function alertPreviewRoutes(app: App, preview: AlertPreviewService): void {
  app.post(
    '/api/alertrules/:id/preview',
    {
      schema: {
        tags: ['alert rules'],
        summary:
          "What the rule would have done on its devices over the last 7 days of stored data with this condition (a condition of the rule's type; {} for types without conditions): alerts opened and occurrences, per device; writes nothing",
        params: idParams,
        body: z.record(z.string(), z.unknown()),
        response: { 200: alertPreviewSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => preview.preview(request.auth, request.params.id, request.body),
  );
}

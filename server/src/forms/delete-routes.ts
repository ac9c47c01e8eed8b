import { z } from 'zod';
import { problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import type { App } from '../http/types.ts';
import { idParams } from '../http/params.ts';

const responses = { 200: z.object({}), 400: validationErrorSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** What deleting a row of one resource takes: the delete, and the calls that unblock it (docs/forms.md). */
export interface DeleteRoutes {
  /** The path segment: /api/{resource}/{id}. */
  resource: string;
  tag: string;
  /** What the delete removes with the row and what blocks it (409 with which dependents). */
  summary: string;
  remove(auth: AuthContext, id: number): Promise<void>;
  /** Dependent kind → the call that unassigns, confirms or removes all of them: DELETE /api/{resource}/{id}/{kind}. */
  unblock?: Record<string, { summary: string; run(auth: AuthContext, id: number): Promise<void> }>;
}

/** `DELETE /api/{resource}/{id}` → 200 `{}` (404 unknown, 409 with dependents) and its unblocking calls. */
export function registerDeleteRoutes(app: App, options: DeleteRoutes): void {
  const tags = [options.tag];
  app.delete(`/api/${options.resource}/:id`, { schema: { tags, summary: options.summary, params: idParams, response: responses } }, async (request) => {
    await options.remove(request.auth, request.params.id);
    return {};
  });
  for (const [kind, call] of Object.entries(options.unblock ?? {})) {
    app.delete(`/api/${options.resource}/:id/${kind}`, { schema: { tags, summary: call.summary, params: idParams, response: responses } }, async (request) => {
      await call.run(request.auth, request.params.id);
      return {};
    });
  }
}

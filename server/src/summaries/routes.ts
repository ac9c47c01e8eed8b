import type { z } from 'zod';
import type { RouteResponses } from '../http/list.ts';
import type { App } from '../http/types.ts';
import type { AuthContext } from '../security/context.ts';

/** One dashboard summary call: what tells it apart from the others, the rest being the same for all of them. */
export interface SummaryRoute<Q extends z.ZodType> {
  summary: string;
  querystring: Q;
  /** The 200 answer's schema. */
  answer: z.ZodType;
  handle: (auth: AuthContext, query: z.output<Q>) => Promise<unknown>;
}

/**
 * `GET path` of a summary widget under the OpenAPI tag `summaries`, answering what the service gives for the caller
 * and the parsed query; `errors` are the route file's error answers (both summary files share this one setup).
 */
export function summaryRoute<Q extends z.ZodType>(app: App, path: string, errors: RouteResponses, route: SummaryRoute<Q>): void {
  app.get(
    path,
    { schema: { tags: ['summaries'], summary: route.summary, querystring: route.querystring, response: { 200: route.answer, ...errors } } },
    (request) => route.handle(request.auth, request.query as z.output<Q>),
  );
}

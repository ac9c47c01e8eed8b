import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthContext } from '../security/context.ts';

/** The app as route modules see it: zod schemas give typed requests and replies. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller; set by the auth hook on every route that is not marked public. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a bearer token. */
    public?: boolean;
    /** Routes whose errors use the OAuth2 shape `{error, error_description}` (the token endpoint). */
    oauthErrors?: boolean;
    /** Routes that answer with a stream that stays open (text/event-stream): the route harness reads only its start. */
    eventStream?: boolean;
  }
}

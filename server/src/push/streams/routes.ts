import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { problemSchema } from '@gearwatch/contracts';
import { NotFoundError } from '../../http/errors.ts';
import { rowIdParam } from '../../http/params.ts';
import { eventStreamResponse } from '../../http/openapi.ts';
import type { App } from '../../http/types.ts';
import type { AuthContext } from '../../security/context.ts';
import type { EventHub, OpenStream } from './hub.ts';
import type { ReleaseStream, StreamLimits } from './stream-limits.ts';

/** Unread text a client may leave with us before its stream is ended (it resumes from its Last-Event-ID). */
const MAX_BUFFERED = 1 << 20;
/** What an EventSource waits before reconnecting; the web client has its own backoff (web/src/api/events.ts). */
const RETRY_MS = 5000;

/** `Last-Event-ID`: the decimal id of the last event the client has; anything else is as if absent. */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** What `?productionView=` adds to the stream (push/screens/screens.ts): the view's topic and its state now. */
export interface TopicStreams {
  /** Throws NotFoundError for a view that is not the caller's company's. */
  forUser(auth: AuthContext, viewId: number): Promise<{ topics: string[]; initial: string }>;
}

const eventsQuerySchema = z.object({ productionView: z.string().optional() }).passthrough();

/**
 * Answers a request with an open Server-Sent Events stream registered on the hub: `retry` and a comment first, then
 * what the hub writes until it or the client ends it. Every check that may refuse must have been made before.
 * `release` gives the stream's slot (StreamLimits) back once the connection closes, whoever ends it, or at once when
 * the stream cannot be opened.
 */
export async function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: EventHub,
  stream: Omit<OpenStream, 'sink'>,
  release: ReleaseStream,
): Promise<FastifyReply> {
  const body = new PassThrough();
  let close: (() => void) | null = null;
  let gone = false;
  const onGone = () => {
    gone = true;
    close?.();
    body.destroy();
    release();
  };
  request.raw.once('close', onGone);
  reply.raw.once('close', onGone);
  body.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  try {
    close = await hub.open({
      ...stream,
      sink: {
        write: (text) => {
          if (body.destroyed || body.writableEnded) return true;
          body.write(text);
          return body.writableLength + body.readableLength <= MAX_BUFFERED;
        },
        end: () => body.end(),
      },
    });
  } catch (error) {
    release();
    throw error;
  }
  if (gone) close();
  void reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  // The stream is the body (fastify pipes it and destroys it when the client goes); the schema types only JSON.
  return reply.send(body as unknown as string);
}

/** `GET /api/events`: the caller's Server-Sent Events stream (docs/events.md). */
export function eventsRoutes(app: App, hub: EventHub, limits: StreamLimits, topics?: TopicStreams): void {
  app.get(
    '/api/events',
    {
      // A HEAD would open a stream without a body to carry it.
      exposeHeadRoute: false,
      config: { eventStream: true },
      schema: {
        tags: ['events'],
        summary:
          "The caller's live events as Server-Sent Events (text/event-stream): `alert`, `alarm-total`, `notification`, `notifications-read`, `report-file`, each with `id` and a JSON `data` line; a `Last-Event-ID` header resumes after that id, delivering what was missed once; a comment line every 20 s; an `end` event ({reason}) before the server closes it (token-expired, slow-client, shutdown, revoked), after which the client reconnects. 429 with Retry-After, before the stream starts, when the user already holds EVENT_STREAMS_PER_USER streams on this instance. `?productionView={id}` adds that view's `production-view` events (its ProductionViewState, without an id, never replayed): its current state at once, then on every change and at least every 10 s; 404 when the view is not one of the caller's company (a super-admin reaches every company's)",
        querystring: eventsQuerySchema,
        response: { 200: eventStreamResponse, 401: problemSchema, 404: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      // Taken before the view's state is computed: a refused stream costs nothing.
      const release = limits.takeUserStream(request.auth.userId);
      try {
        let extra: { topics: string[]; initial: string } | null = null;
        const viewParam = request.query.productionView;
        if (viewParam !== undefined) {
          const viewId = rowIdParam.safeParse(viewParam);
          if (!viewId.success || !topics) throw new NotFoundError();
          extra = await topics.forUser(request.auth, viewId.data);
        }
        return await sendEventStream(
          request,
          reply,
          hub,
          {
            userId: request.auth.userId,
            lastEventId: parseLastEventId(request.headers['last-event-id']),
            expiresAt: request.auth.tokenExpiresAt,
            ...(extra ? { topics: extra.topics, initial: extra.initial } : {}),
          },
          release,
        );
      } catch (error) {
        release();
        throw error;
      }
    },
  );
}

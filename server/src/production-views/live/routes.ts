import { z } from 'zod';
import { DISPLAY_LINK_TOKEN_PATTERN, problemSchema, productionViewStateSchema } from '@gearwatch/contracts';
import type { EventHub } from '../../push/streams/hub.ts';
import { sendEventStream } from '../../push/streams/routes.ts';
import type { StreamLimits } from '../../push/streams/stream-limits.ts';
import { NotFoundError } from '../../http/errors.ts';
import { eventStreamResponse } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import type { App } from '../../http/types.ts';
import type { ProductionLiveService } from './live-service.ts';
import type { ProductionScreens } from '../../push/screens/screens.ts';

/** A display token in a path: anything that is not one names no link (404, as an unknown or revoked one). */
const tokenParams = z.object({ token: z.string() });
function tokenOf(params: { token: string }): string {
  if (!DISPLAY_LINK_TOKEN_PATTERN.test(params.token)) throw new NotFoundError();
  return params.token;
}

/**
 * The live screen's calls (docs/production.md "Delivery"): a view's state for a signed-in user, and the two public
 * calls of a display link, whose token in the path is its only credential: it opens that one view, read-only.
 */
export function productionLiveRoutes(app: App, live: ProductionLiveService, screens: ProductionScreens, hub: EventHub, limits: StreamLimits): void {
  app.get(
    '/api/productionviews/:id/state',
    {
      schema: {
        tags: ['production views'],
        summary:
          "The view's live state now (ProductionViewState): the period from the last reset hour to the next in the company's time zone and each line's value, pace, projection, status and OEE (docs/production.md); 404 for a view that is not the caller's company's (a super-admin reaches every company's)",
        params: idParams,
        response: { 200: productionViewStateSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => live.stateForUser(request.auth, request.params.id),
  );

  app.get(
    '/api/display/:token',
    {
      config: { public: true },
      schema: {
        tags: ['production views'],
        summary:
          "A display link's view state (ProductionViewState) without a sign-in: the token opens that one view only; unknown and revoked tokens are both 404. Marks the link used (at most once a minute)",
        params: tokenParams,
        response: { 200: productionViewStateSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const access = await live.displayAccess(tokenOf(request.params));
      const state = (await live.states([access.viewId])).get(access.viewId);
      if (!state) throw new NotFoundError();
      await live.touchLinks([access.linkId]);
      return state;
    },
  );

  app.get(
    '/api/display/:token/events',
    {
      exposeHeadRoute: false,
      config: { public: true, eventStream: true },
      schema: {
        tags: ['production views'],
        summary:
          "A display link's live stream (text/event-stream) without a sign-in: only its view's `production-view` events (no id), the current state at once, then on every change and at least every 10 s; a comment line every 20 s; `end` {reason: revoked} within 10 s of the link's deletion, {reason: shutdown} on a server's shutdown. Unknown and revoked tokens are both 404. 429 with Retry-After, before the stream starts, when this instance already holds DISPLAY_STREAMS_PER_LINK streams of the link or DISPLAY_STREAMS_PER_ADDRESS display streams from the caller's address",
        params: tokenParams,
        response: { 200: eventStreamResponse, 404: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      const access = await live.displayAccess(tokenOf(request.params));
      // Taken before the view's state is computed: a refused stream costs one lookup of its token.
      const release = limits.takeDisplayStream(access.linkId, request.ip);
      try {
        const stream = await screens.forDisplay(access);
        return await sendEventStream(request, reply, hub, { userId: null, lastEventId: null, topics: stream.topics, initial: stream.initial }, release);
      } catch (error) {
        release();
        throw error;
      }
    },
  );
}

import { productionViewStateEventSchema, productionViewStateSchema } from '@gearwatch/contracts';
import type { ProductionViewState } from '@gearwatch/contracts';
import type { ApiClient } from '../../../api/client.ts';
import { VIEWS } from './views.ts';

/**
 * Where a live screen reads its state and its stream: a signed-in user's view (`/production/:id/live`, bearer) or a
 * display link (`/display/:token`, no sign-in; docs/production.md).
 */
export type LiveSource = { kind: 'view'; id: number } | { kind: 'display'; token: string };

export const liveKey = (source: LiveSource) => (source.kind === 'view' ? [VIEWS, 'live', source.id] : [VIEWS, 'display', source.token]);

/** `GET /api/productionviews/{id}/state` or `GET /api/display/{token}` (404 when the link is unknown or revoked). */
export async function fetchLiveState(api: ApiClient, source: LiveSource, signal?: AbortSignal): Promise<ProductionViewState> {
  const response =
    source.kind === 'view'
      ? await api.request<unknown>(`/api/${VIEWS}/${source.id}/state`, { signal })
      : await api.request<unknown>(`/api/display/${encodeURIComponent(source.token)}`, { signal, anonymous: true });
  return productionViewStateSchema.parse(response.data);
}

/** The stream carrying the view's `production-view` events. */
export function liveStreamPath(source: LiveSource): string {
  return source.kind === 'view' ? `/api/events?productionView=${source.id}` : `/api/display/${encodeURIComponent(source.token)}/events`;
}

/** A `production-view` event's data, or null when it is not a state (the screen then keeps the last one). */
/**
 * A `production-view` event's state, or null when it is not one. Its logo is left out while unchanged: the screen's
 * current logo (`previous`) is kept then.
 */
export function parseLiveEvent(data: string, previous: ProductionViewState | undefined): ProductionViewState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const event = productionViewStateEventSchema.safeParse(parsed);
  if (!event.success) return null;
  return { ...event.data, logo: event.data.logo === undefined ? (previous?.logo ?? null) : event.data.logo };
}

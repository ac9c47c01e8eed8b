import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionViewStateEventSchema, productionViewStateSchema } from '@gearwatch/contracts';
import type { ProductionViewStateEvent } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createCompany, createUser, signIn } from './fixtures.ts';
import { basicAuth } from './ingest-fixtures.ts';
import { createDeviceType, createTelemetryDevice } from './telemetry-fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { appendUserEvents } from '../src/push/streams/event-log.ts';
import { SseTestClient } from './sse-client.ts';
import type { ReadEvent } from './sse-client.ts';
import { createDisplayLink, createView, TINY_PNG } from './production-live-fixtures.ts';

/** The live screen's calls over HTTP: the state, `?productionView=`, the display links, updates after an ingest. */
describe('production view live calls', () => {
  let ctx: TestContext;
  let base: string;
  let token: string;
  let userId: number;
  let device: TelemetryDevice;
  let view: number;
  let foreignView: number;
  const open: SseTestClient[] = [];
  const db = () => ctx.database.db;

  const stream = async (path: string, as: string | null) => {
    const client = await SseTestClient.openPath(base, path, as);
    open.push(client);
    return client;
  };
  /** The next production-view event, skipping others, waiting generously. */
  const nextState = async (client: SseTestClient, timeoutMs = 30_000): Promise<{ event: ReadEvent; state: ProductionViewStateEvent }> => {
    for (;;) {
      const event = await client.next(timeoutMs);
      if (event.type === 'production-view') return { event, state: productionViewStateEventSchema.parse(event.data) };
    }
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const company = await createCompany(db());
    const user = await createUser(db(), company.id);
    userId = user.id;
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const typeId = await createDeviceType(db());
    device = await createTelemetryDevice(db(), company.id, typeId);
    view = await createView(db(), company.id, {
      resetHours: [0, 8, 16],
      lines: [
        { deviceId: device.id, parameter: 3, goal: 1000 },
        { deviceId: device.id, parameter: 1, goal: 400 },
      ],
    });
    const foreign = await createCompany(db());
    const foreignDevice = await createTelemetryDevice(db(), foreign.id, typeId);
    foreignView = await createView(db(), foreign.id, {
      resetHours: [6],
      lines: [
        { deviceId: foreignDevice.id, parameter: 3, goal: 10 },
        { deviceId: foreignDevice.id, parameter: 0, goal: 80 },
      ],
    });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await ctx?.close();
  });

  it("answers the state of a view of the caller's company, 404 for another company's or none", async () => {
    const own = await ctx.app.inject({ method: 'GET', url: `/api/productionviews/${view}/state`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    const state = productionViewStateSchema.parse(own.json());
    expect(state).toMatchObject({ viewId: view, view_type: 'columns' });
    expect(state.lines.map((l) => [l.deviceId, l.param, l.status])).toEqual([
      [device.id, 3, 'no-data'],
      [device.id, 1, 'no-data'],
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/productionviews/${foreignView}/state`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/productionviews/2000000000/state`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/productionviews/${view}/state` })).statusCode).toBe(401);
  });

  it("adds a view of the caller's company to the user's stream (its state at once), 404 for another company's", async () => {
    expect((await stream(`/api/events?productionView=${foreignView}`, token)).status).toBe(404);
    expect((await stream(`/api/events?productionView=abc`, token)).status).toBe(404);
    const client = await stream(`/api/events?productionView=${view}`, token);
    expect(client.status).toBe(200);
    const { event, state } = await nextState(client);
    // Ephemeral: no id, so the client's Last-Event-ID stays that of the user's logged events.
    expect(event.id).toBeNull();
    expect(state.viewId).toBe(view);
    // The user's own events still arrive on it, with ids.
    await ctx.services.events.settled();
    await db()
      .transaction()
      .execute((trx) => appendUserEvents(trx, [{ userId, type: 'notification', payload: { notificationId: 1 } }]));
    let logged: ReadEvent;
    do logged = await client.next(30_000);
    while (logged.type === 'production-view');
    expect(logged).toMatchObject({ type: 'notification', data: { notificationId: 1 } });
    expect(logged.id).not.toBeNull();
    client.close();
  });

  it("sends a production-view event with the new value after an HTTP ingest of the view's device", async () => {
    const client = await stream(`/api/events?productionView=${view}`, token);
    const first = await nextState(client);
    const before = first.state.lines[0]!.value ?? 0;
    const now = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { ...basicAuth(device.module.serialNumber, 'CODE'), 'content-type': 'application/json' },
      payload: JSON.stringify({
        readings: [
          { p: 3, t: now - 1000, v: 7 },
          { p: 1, t: now - 1000, v: 30 },
          { p: 2, t: now - 1000, v: 60 },
        ],
      }),
    });
    expect(response.statusCode).toBe(200);
    // The bell, the LISTEN, the computation: the event with the 7 pieces arrives (the refresh would too, with them).
    let updated: ProductionViewStateEvent;
    do updated = (await nextState(client)).state;
    while ((updated.lines[0]!.value ?? 0) < before + 7);
    expect(updated.lines[0]!.value).toBe(before + 7);
    expect(updated.lines[1]!.value).toBeCloseTo(0.5, 9);
    expect(updated.lines[0]!.lastDataAt).toBe(new Date(now - 1000).toISOString());
    client.close();
  });

  it('sends the logo with the first state of a stream and again only when it changes', async () => {
    const company = (await db().selectFrom('production_views').select('company_id').where('id', '=', view).executeTakeFirstOrThrow()).company_id;
    const withLogo = await createView(db(), company, {
      resetHours: [0],
      logo: TINY_PNG,
      lines: [
        { deviceId: device.id, parameter: 3, goal: 10 },
        { deviceId: device.id, parameter: 1, goal: 60 },
      ],
    });
    const client = await stream(`/api/events?productionView=${withLogo}`, token);
    const first = await nextState(client);
    expect(first.state.logo).toBe(`data:image/png;base64,${TINY_PNG.toString('base64')}`);
    // The refresh (or an ingest) sends the state again: the same logo is left out until it changes.
    const ingest = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { ...basicAuth(device.module.serialNumber, 'CODE'), 'content-type': 'application/json' },
        payload: JSON.stringify({ readings: [{ p: 3, t: Date.now() - 500, v: 1 }] }),
      });
    expect((await ingest()).statusCode).toBe(200);
    const states = [(await nextState(client)).state, (await nextState(client)).state];
    expect(states.some((state) => state.logo === undefined)).toBe(true);
    await db().updateTable('production_views').set({ logo: null, logo_type: null, updated_at: new Date() }).where('id', '=', withLogo).execute();
    expect((await ingest()).statusCode).toBe(200);
    let changed: ProductionViewStateEvent;
    do changed = (await nextState(client)).state;
    while (changed.logo === undefined);
    expect(changed.logo).toBeNull();
    client.close();
  });

  it('opens only its own view with a display link, without a sign-in; unknown and revoked tokens are 404', async () => {
    const company = (await db().selectFrom('production_views').select('company_id').where('id', '=', view).executeTakeFirstOrThrow()).company_id;
    const link = await createDisplayLink(db(), company, view);
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/display/${link.token}` });
    expect(answer.statusCode).toBe(200);
    expect(productionViewStateSchema.parse(answer.json()).viewId).toBe(view);
    const used = (await db().selectFrom('production_view_display_links').select('last_used_at').where('id', '=', link.id).executeTakeFirstOrThrow())
      .last_used_at;
    expect(used).not.toBeNull();
    // At most once a minute: a second call within it leaves the mark.
    await ctx.app.inject({ method: 'GET', url: `/api/display/${link.token}` });
    expect(
      (await db().selectFrom('production_view_display_links').select('last_used_at').where('id', '=', link.id).executeTakeFirstOrThrow()).last_used_at,
    ).toEqual(used);

    // The token is no bearer token: every signed-in call refuses it.
    for (const url of [`/api/productionviews/${view}/state`, '/api/events', `/api/events?productionView=${view}`, '/api/devices']) {
      const refused = url.startsWith('/api/events')
        ? (await stream(url, link.token)).status
        : (await ctx.app.inject({ method: 'GET', url, headers: bearer(link.token) })).statusCode;
      expect(refused, url).toBe(401);
    }
    // Unknown (well-formed or not) and revoked tokens: 404 alike, for the state and the stream.
    const revoked = await createDisplayLink(db(), company, view);
    await db().deleteFrom('production_view_display_links').where('id', '=', revoked.id).execute();
    for (const bad of ['A'.repeat(43), 'short', revoked.token]) {
      const state = await ctx.app.inject({ method: 'GET', url: `/api/display/${bad}` });
      expect(state.statusCode, bad).toBe(404);
      expect(state.body).not.toContain('revoked');
      expect((await stream(`/api/display/${bad}/events`, null)).status, bad).toBe(404);
    }
  });

  it("streams only the link's view to a display, and ends the stream once the link is revoked", async () => {
    const company = (await db().selectFrom('production_views').select('company_id').where('id', '=', view).executeTakeFirstOrThrow()).company_id;
    const link = await createDisplayLink(db(), company, view);
    const display = await stream(`/api/display/${link.token}/events`, null);
    expect(display.status).toBe(200);
    const { event, state } = await nextState(display);
    expect(event.id).toBeNull();
    expect(state.viewId).toBe(view);
    await db().deleteFrom('production_view_display_links').where('id', '=', link.id).execute();
    // Within PRODUCTION_LIVE.refreshSeconds (10 s); waited for generously.
    await display.closed(60_000);
    const last = display.events.at(-1)!;
    expect(last).toMatchObject({ type: 'end', data: { reason: 'revoked' } });
    // Nothing but the view's states and the end: no user's events on a display.
    expect(new Set(display.events.map((e) => e.type))).toEqual(new Set(['production-view', 'end']));
    expect(display.events.every((e) => e.id === null)).toBe(true);
  }, 90_000);

  it('ends the streams of a deleted view (revoked); reopening it is a 404', async () => {
    const company = (await db().selectFrom('production_views').select('company_id').where('id', '=', view).executeTakeFirstOrThrow()).company_id;
    const doomed = await createView(db(), company, {
      resetHours: [6],
      lines: [
        { deviceId: device.id, parameter: 3, goal: 10 },
        { deviceId: null, parameter: 0, goal: 80 },
      ],
    });
    const client = await stream(`/api/events?productionView=${doomed}`, token);
    expect((await nextState(client)).state.viewId).toBe(doomed);
    await db().deleteFrom('production_views').where('id', '=', doomed).execute();
    // Found on the view's next refresh (PRODUCTION_LIVE.refreshSeconds); waited for generously.
    await client.closed(60_000);
    expect(client.events.at(-1)).toMatchObject({ type: 'end', data: { reason: 'revoked' } });
    expect((await stream(`/api/events?productionView=${doomed}`, token)).status).toBe(404);
  }, 90_000);
});

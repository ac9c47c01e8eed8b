import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createUser, signIn } from './fixtures.ts';
import { createDeviceType, createTelemetryDevice } from './telemetry-fixtures.ts';
import { SseTestClient } from './sse-client.ts';
import { createDisplayLink, createView } from './production-live-fixtures.ts';
import { STREAM_RETRY_AFTER_SECONDS } from '../src/push/streams/stream-limits.ts';

/** Open event streams per display link, per address and per user (issue 31, item 4): 429 beyond, a slot back on close. */
describe('event stream limits', () => {
  let ctx: TestContext;
  let base: string;
  let view: number;
  let companyId: number;
  const open: SseTestClient[] = [];
  const db = () => ctx.database.db;
  const count = (key: string) => ctx.services.streamLimits.count(key);

  const stream = async (path: string, token: string | null = null) => {
    const client = await SseTestClient.openPath(base, path, token);
    open.push(client);
    return client;
  };
  const display = (token: string) => stream(`/api/display/${token}/events`);
  const expectRefused = (client: SseTestClient) => {
    expect(client.status).toBe(429);
    expect(client.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect(client.refusal).toMatchObject({ statusCode: 429, message: 'error.too-many-requests' });
  };
  const newUserToken = async () => {
    const user = await createUser(db(), companyId);
    return { id: user.id, token: (await signIn(ctx.app, user.username, user.password)).access_token };
  };

  beforeAll(async () => {
    ctx = await createTestContext({ DISPLAY_STREAMS_PER_LINK: 2, DISPLAY_STREAMS_PER_ADDRESS: 3, EVENT_STREAMS_PER_USER: 2 });
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    companyId = (await createCompany(db())).id;
    const device = await createTelemetryDevice(db(), companyId, await createDeviceType(db()));
    view = await createView(db(), companyId, {
      resetHours: [6],
      lines: [
        { deviceId: device.id, parameter: 3, goal: 10 },
        { deviceId: device.id, parameter: 0, goal: 80 },
      ],
    });
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.close();
    await expect.poll(() => ctx.services.events.size).toBe(0);
  });
  afterAll(() => ctx?.close());

  it('refuses a display link one stream beyond its limit, and takes one again once a stream closes', async () => {
    const link = await createDisplayLink(db(), companyId, view);
    const [first, second] = [await display(link.token), await display(link.token)];
    expect([first.status, second.status]).toEqual([200, 200]);
    expectRefused(await display(link.token));
    // The refused one holds no slot, and the open ones are not ended to make room.
    expect(count(`display-link:${link.id}`)).toBe(2);
    expect([first.ended, second.ended]).toEqual([false, false]);

    first.close();
    await expect.poll(() => count(`display-link:${link.id}`)).toBe(1);
    const again = await display(link.token);
    expect(again.status).toBe(200);
    expect((await again.next()).type).toBe('production-view');
  });

  it('refuses display streams from one address beyond its limit over all links', async () => {
    const [one, two] = [await createDisplayLink(db(), companyId, view), await createDisplayLink(db(), companyId, view)];
    const held = [await display(one.token), await display(one.token), await display(two.token)];
    expect(held.map((client) => client.status)).toEqual([200, 200, 200]);
    // The second link has room; the address has none.
    expectRefused(await display(two.token));
    expect(count('display-address:127.0.0.1')).toBe(3);

    held[0]!.close();
    await expect.poll(() => count('display-address:127.0.0.1')).toBe(2);
    expect((await display(two.token)).status).toBe(200);
  });

  it('gives the slot back when the server ends a display stream (its link revoked)', async () => {
    const link = await createDisplayLink(db(), companyId, view);
    const screen = await display(link.token);
    expect(screen.status).toBe(200);
    expect(count(`display-link:${link.id}`)).toBe(1);
    await db().deleteFrom('production_view_display_links').where('id', '=', link.id).execute();
    ctx.services.productionScreens.revokeLink(link.id);
    await screen.closed();
    await expect.poll(() => count(`display-link:${link.id}`)).toBe(0);
    expect(count('display-address:127.0.0.1')).toBe(0);
  });

  it('refuses a user one /api/events stream beyond the limit, not another user, and takes one again once a stream closes', async () => {
    const anna = await newUserToken();
    const bob = await newUserToken();
    const [first, second] = [await stream('/api/events', anna.token), await stream(`/api/events?productionView=${view}`, anna.token)];
    expect([first.status, second.status]).toEqual([200, 200]);
    expectRefused(await stream('/api/events', anna.token));
    expect(count(`user:${anna.id}`)).toBe(2);
    expect([first.ended, second.ended]).toEqual([false, false]);
    // Per user, not per address: a colleague at the same address still gets a stream.
    expect((await stream('/api/events', bob.token)).status).toBe(200);

    first.close();
    await expect.poll(() => count(`user:${anna.id}`)).toBe(1);
    expect((await stream('/api/events', anna.token)).status).toBe(200);
  });

  it('holds no slot for a stream refused by another check', async () => {
    const anna = await newUserToken();
    expect((await stream('/api/events?productionView=999999999', anna.token)).status).toBe(404);
    expect(count(`user:${anna.id}`)).toBe(0);
    const unknown = await stream('/api/display/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/events');
    expect(unknown.status).toBe(404);
    expect(count('display-address:127.0.0.1')).toBe(0);
  });
});

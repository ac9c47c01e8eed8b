import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { READINGS_CHANNEL, ReadingsBell, parseBell, parseBellNotices } from '../src/push/screens/readings-bell.ts';
import { ProductionScreens } from '../src/push/screens/screens.ts';
import { EventHub } from '../src/push/streams/hub.ts';
import { StreamRepository } from '../src/push/streams/stream-repository.ts';
import { createCompany } from './fixtures.ts';
import { createDeviceType, createTelemetryDevice } from './telemetry-fixtures.ts';
import { createDisplayLink, createView } from './production-live-fixtures.ts';

/** The readings bell: device ids of many batches gathered into one NOTIFY, sent after the batches, not in them. */
describe('the readings bell', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('gathers the devices rung meanwhile into one NOTIFY, split under the payload limit when long', async () => {
    const payloads: string[] = [];
    let wake: () => void = () => undefined;
    const unlisten = await ctx.database.listen(READINGS_CHANNEL, (payload) => {
      if (payload !== null) payloads.push(payload);
      wake();
    });
    const arrived = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${payloads.length} of ${count} notifications`)), 30_000);
        wake = () => {
          if (payloads.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
        wake();
      });
    const bell = new ReadingsBell(ctx.database.db);
    for (const id of [7, 3, 7, 12]) bell.ring(id);
    await arrived(1);
    expect(parseBell(payloads[0]!).sort((a, b) => a - b)).toEqual([3, 7, 12]);

    // 2,000 devices at once: more than one NOTIFY payload holds (8,000 bytes), every id sent once.
    const many = Array.from({ length: 2000 }, (_, i) => 1_000_000 + i);
    for (const id of many) bell.ring(id);
    await bell.flushNow();
    // 2,000 ids of 8 characters with their commas: three parts.
    await arrived(4);
    const sent = payloads.slice(1).flatMap(parseBell);
    expect(payloads.slice(1).every((p) => p.length < 8000)).toBe(true);
    expect(sent.sort((a, b) => a - b)).toEqual(many);
    await bell.close();
    await unlisten();
  });

  it('parses only ids from a payload, and the views and links of change notices', () => {
    expect(parseBell('1,22,x,,3e4,-5,4444444444,v3')).toEqual([1, 22, 4444444444]);
    expect(parseBellNotices('1,v3,l7,v,lx,q2,v12')).toEqual({ views: [3, 12], links: [7] });
  });

  it('tells every screen of a saved view and a revoked link on commit, without waiting for the refresh', async () => {
    const db = ctx.database.db;
    const company = await createCompany(db);
    const device = await createTelemetryDevice(db, company.id, await createDeviceType(db));
    const view = await createView(db, company.id, {
      name: 'Before',
      resetHours: [6],
      lines: [
        { deviceId: device.id, parameter: 3, goal: 10 },
        { deviceId: device.id, parameter: 0, goal: 80 },
      ],
    });
    const link = await createDisplayLink(db, company.id, view);
    // Screens of their own whose refresh (and link check) is an hour away: only the change's NOTIFY can tell them.
    const hub = new EventHub(new StreamRepository(db));
    const screens = new ProductionScreens(ctx.services.productionLive, hub, { refreshMs: 3_600_000 });
    screens.useListener(ctx.database.listen);
    const texts: string[] = [];
    let wake: () => void = () => undefined;
    const until = (what: string, test: () => boolean) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what}`)), 30_000);
        wake = () => {
          if (!test()) return;
          clearTimeout(timer);
          resolve();
        };
        wake();
      });
    const opened = await screens.forDisplay(await ctx.services.productionLive.displayAccess(link.token));
    await hub.open({
      userId: null,
      lastEventId: null,
      topics: opened.topics,
      initial: opened.initial,
      sink: { write: (text) => (texts.push(text), wake(), true), end: () => undefined },
    });
    expect(texts[0]).toContain('"name":"Before"');

    // An edit (the views API's listener in its transaction): the screen gets the new state.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('production_views').set({ name: 'After', updated_at: new Date() }).where('id', '=', view).execute();
      await screens.viewChanged(trx, { kind: 'saved', viewId: view });
    });
    await until('state after the edit', () => texts.some((t) => t.includes('"name":"After"')));

    // A revocation: the stream ends.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('production_view_display_links').where('id', '=', link.id).execute();
      await screens.viewChanged(trx, { kind: 'link-revoked', viewId: view, linkId: link.id });
    });
    await until('end', () => texts.some((t) => t.includes('"reason":"revoked"')));
    expect(hub.size).toBe(0);
    await screens.close();
    await hub.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { READINGS_CHANNEL, ReadingsBell, parseBell } from '../src/production-views/live/readings-bell.ts';

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

  it('parses only ids from a payload', () => {
    expect(parseBell('1,22,x,,3e4,-5,4444444444')).toEqual([1, 22, 4444444444]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationsResponseSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany } from './fixtures.ts';
import type { TelemetryDevice } from './telemetry-fixtures.ts';
import { createDeviceType, createTelemetryDevice } from './telemetry-fixtures.ts';
import { RawTelemetryRepository } from '../src/diagnostics/raw-repository.ts';
import { ZoneClock } from '../src/diagnostics/zone-clock.ts';

/**
 * The locations answer is built as JSON text in SQL (docs/performance.md); its times must be exactly what the
 * server's ZoneClock writes, including the hours Warsaw's clocks skip or repeat and offsets that are not whole hours
 * or are west of UTC.
 */
const TIMEZONES = ['Europe/Warsaw', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'];
/** Every 7 minutes 13.5 seconds over Warsaw's autumn clock change and St. John's (both on 2026-10-25 / 11-01). */
const START = Date.UTC(2026, 9, 24, 20);
const END = Date.UTC(2026, 10, 2, 12);
const STEP_MS = 433_500;

describe('locations JSON built in SQL', () => {
  let ctx: TestContext;
  let device: TelemetryDevice;
  let repository: RawTelemetryRepository;
  const expected: { ts: number; lat: number; lon: number; accuracy: number | null }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    device = await createTelemetryDevice(ctx.database.db, company.id, await createDeviceType(ctx.database.db));
    for (let ts = START, i = 0; ts < END; ts += STEP_MS, i++) {
      expected.push({ ts, lat: -33.8688 + i / 7919, lon: 151.2093 - i / 104729, accuracy: i % 5 === 0 ? null : (i % 40) / 4 });
    }
    await ctx.database.db
      .insertInto('positions')
      .values(expected.map((p) => ({ company_id: company.id, sensor_id: device.module.sensorId, device_id: device.id, ts: new Date(p.ts), lat: p.lat, lon: p.lon, accuracy: p.accuracy })))
      .execute();
    repository = new RawTelemetryRepository(ctx.database.db);
  });
  afterAll(() => ctx?.close());

  it.each(TIMEZONES)('writes each position as ZoneClock does in %s, by time, numbers unchanged', async (timezone) => {
    const clock = new ZoneClock(timezone);
    const target = { deviceId: device.id, companyId: device.companyId, timezone };
    const answer = await repository.positionsJson(target, new Date(START), new Date(END), expected.length);
    expect(answer.count).toBe(expected.length);
    expect(locationsResponseSchema.parse(JSON.parse(answer.json!))).toEqual(
      expected.map((p) => ({ time: clock.isoWithOffset(p.ts), lat: p.lat, lon: p.lon, acc: p.accuracy })),
    );
  });

  it('gives only the count when there are more positions than asked for, and an empty array for none', async () => {
    const target = { deviceId: device.id, companyId: device.companyId, timezone: 'Europe/Warsaw' };
    expect(await repository.positionsJson(target, new Date(START), new Date(END), expected.length - 1)).toEqual({ count: expected.length, json: null });
    expect(await repository.positionsJson(target, new Date(END), new Date(END + 86_400_000), 10)).toEqual({ count: 0, json: '[]' });
  });

  it('keeps the last position of each step when thinning', async () => {
    const timezone = 'Asia/Kathmandu';
    const clock = new ZoneClock(timezone);
    const stepSeconds = 3600;
    const answer = await repository.thinnedPositionsJson({ deviceId: device.id, companyId: device.companyId, timezone }, new Date(START), new Date(END), stepSeconds);
    const lastOfStep = new Map<number, (typeof expected)[number]>();
    for (const p of expected) lastOfStep.set(Math.floor((p.ts - START) / 1000 / stepSeconds), p);
    const kept = [...lastOfStep.values()];
    expect(answer.count).toBe(kept.length);
    expect(JSON.parse(answer.json!)).toEqual(kept.map((p) => ({ time: clock.isoWithOffset(p.ts), lat: p.lat, lon: p.lon, acc: p.accuracy })));
  });
});

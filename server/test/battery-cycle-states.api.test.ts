import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATTERY_CYCLE_STATES, batteryCyclesSchema } from '@gearwatch/contracts';
import type { ReadingInput } from '../src/telemetry/types.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, signedInCompany } from './fixtures.ts';
import { TEST_PARAMETERS, createDeviceType, createTelemetryDevice, ingest, setCompanyTimezone } from './telemetry-fixtures.ts';

/** 2026-03-02 12:00 in Warsaw (UTC+1): "now" of the server in this test. */
const NOW = Date.UTC(2026, 2, 2, 11, 0);
const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 2, hour - 1, minute));

/**
 * The four battery cycle states through the API, "now" fixed at noon: a charge in the morning ends its cycle (done);
 * then a forklift on charge now is charging, one in use is discharging, one switched off after its charge is idle.
 */
describe('battery cycle states', () => {
  let ctx: TestContext;
  let token: string;
  const devices: Record<'charging' | 'discharging' | 'idle', number> = { charging: 0, discharging: 0, idle: 0 };

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: () => NOW });
    const db = ctx.database.db;
    const signed = await signedInCompany(ctx);
    token = signed.token;
    await setCompanyTimezone(db, signed.company.id, 'Europe/Warsaw');
    const typeId = await createDeviceType(db, [
      ...TEST_PARAMETERS.slice(0, 2),
      { number: 20, name: 'battery voltage', aggregation: 'avg', unit: { short: 'V', long: 'volt' }, tags: ['battery'] },
      { number: 10003, name: 'charging quantity', aggregation: 'sum', unit: { short: 'kWh', long: 'kilowatt hours' }, tags: ['charging'] },
    ]);
    // Each forklift: in use 06:00–08:00, charged 08:00–09:00, then its own last three hours up to noon.
    const last: Record<keyof typeof devices, (minute: number) => { charging: boolean; active: number }> = {
      charging: (m) => ({ charging: m >= 10 * 60 + 30, active: m < 10 * 60 + 30 ? 300 : 0 }),
      discharging: () => ({ charging: false, active: 300 }),
      idle: (m) => ({ charging: false, active: m < 11 * 60 ? 300 : 0 }),
    };
    for (const state of Object.keys(devices) as (keyof typeof devices)[]) {
      const device = await createTelemetryDevice(db, signed.company.id, typeId, `Forklift ${state}`);
      devices[state] = device.id;
      const readings: ReadingInput[] = [];
      for (let m = 6 * 60; m < 12 * 60; m += 5) {
        const { charging, active } = m < 8 * 60 ? { charging: false, active: 300 } : m < 9 * 60 ? { charging: true, active: 0 } : last[state](m);
        const ts = at(Math.floor(m / 60), m % 60);
        readings.push({ parameter: 20, ts, value: 48 }, { parameter: 2, ts, value: active });
        if (charging) readings.push({ parameter: 10003, ts, value: 0.4 });
      }
      await ingest(ctx.services, device, { readings });
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  it('answers the states of the dictionary, in its order', () => {
    expect(BATTERY_CYCLE_STATES).toEqual(['charging', 'idle', 'discharging', 'done']);
  });

  it('calls the morning cycle done and the newest charging, discharging or idle as each forklift is now', async () => {
    for (const state of Object.keys(devices) as (keyof typeof devices)[]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/devices/${devices[state]}/battery-cycles?from=2026-03-02&to=2026-03-02`,
        headers: bearer(token),
      });
      const { cycles } = batteryCyclesSchema.parse(response.json());
      expect(
        cycles.map((c) => c.state),
        state,
      ).toEqual(state === 'charging' ? ['done', 'charging'] : ['done', state]);
      expect(cycles[0], state).toMatchObject({ start: null, end: '2026-03-02T08:00:00+01:00', chargingEnd: '2026-03-02T09:00:00+01:00' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { BatteryBucket } from './battery-cycles.ts';
import { batteryCycles } from './battery-cycles.ts';

const T0 = Date.UTC(2026, 10, 2, 6);
const at = (minutes: number) => T0 + minutes * 60_000;
/**
 * Buckets every 5 minutes from `from` to `to` minutes, charging inside the given windows, voltage by a function,
 * active seconds by a function (none reported by default).
 */
function series(
  from: number,
  to: number,
  charging: [number, number][],
  voltage: (m: number) => number,
  active: (m: number) => number | null = () => null,
): BatteryBucket[] {
  const out: BatteryBucket[] = [];
  for (let m = from; m < to; m += 5) {
    const v = voltage(m);
    out.push({ ms: at(m), charging: charging.some(([a, b]) => m >= a && m < b), minVoltage: v - 0.1, maxVoltage: v + 0.1, active: active(m) });
  }
  return out;
}

describe('batteryCycles', () => {
  it('splits discharges and charges into cycles with their voltages', () => {
    // Discharge 0–480, charge 480–600, discharge 600–1080, charge 1080–1200, then discharging until 1300.
    const buckets = series(
      0,
      1300,
      [
        [480, 600],
        [1080, 1200],
      ],
      (m) => 50 - (m % 600) / 100,
    );
    const cycles = batteryCycles(buckets, at(1300));
    expect(cycles).toHaveLength(3);
    expect(cycles[0]).toMatchObject({ start: null, end: at(480), chargingEnd: at(600), state: 'done' });
    expect(cycles[1]).toMatchObject({ start: at(600), end: at(1080), chargingEnd: at(1200), state: 'done' });
    expect(cycles[1]!.maxVoltage).toBeCloseTo(50.1);
    expect(cycles[1]!.minVoltage).toBeCloseTo(50 - 595 / 100 - 0.1);
    expect(cycles[2]).toMatchObject({ start: at(1200), end: null, chargingEnd: null, state: 'discharging' });
  });

  it('keeps one charge across a missed report, and calls a charge reaching now still charging', () => {
    const buckets = series(0, 300, [[200, 300]], () => 48).filter((b) => b.ms !== at(250));
    const cycles = batteryCycles(buckets, at(302));
    expect(cycles).toEqual([expect.objectContaining({ start: null, end: at(200), chargingEnd: null, state: 'charging' })]);
    // The same data read much later: the charge ended with its last bucket.
    expect(batteryCycles(buckets, at(2000))).toEqual([expect.objectContaining({ end: at(200), chargingEnd: at(300), state: 'done' })]);
  });

  it('answers one discharging cycle without charges, and nothing without data', () => {
    expect(
      batteryCycles(
        series(0, 60, [], () => 47),
        at(60),
      ),
    ).toEqual([{ start: null, end: null, chargingEnd: null, minVoltage: 46.9, maxVoltage: 47.1, state: 'discharging' }]);
    expect(batteryCycles([], at(0))).toEqual([]);
  });

  it('calls the cycle after the last charge discharging while the device is active in the newest 15 minutes', () => {
    // Charged 100–200, then in use (300 s active per bucket) until 400, switched off from 400 to 500.
    const inUse = (m: number) => (m >= 200 && m < 400 ? 300 : 0);
    const buckets = series(0, 500, [[100, 200]], () => 48, inUse);
    expect(batteryCycles(buckets.slice(0, 80), at(400)).map((c) => c.state)).toEqual(['done', 'discharging']);
    // Off for 15 minutes and not charging: idle, until it is used again.
    expect(batteryCycles(buckets, at(500)).map((c) => c.state)).toEqual(['done', 'idle']);
    expect(
      batteryCycles(
        series(
          0,
          500,
          [[100, 200]],
          () => 48,
          (m) => (m === 495 ? 60 : 0),
        ),
        at(500),
      ).at(-1)!.state,
    ).toBe('discharging');
  });

  it('calls the newest cycle idle right after a charge ends with the device off, and when its data stopped coming', () => {
    const buckets = series(
      0,
      230,
      [[100, 200]],
      () => 48,
      () => 0,
    );
    expect(batteryCycles(buckets, at(230)).map((c) => c.state)).toEqual(['done', 'idle']);
    // Active at the end of the data, but nothing for an hour since: nothing is drawn that we can see.
    const silent = series(
      0,
      300,
      [],
      () => 48,
      () => 300,
    );
    expect(batteryCycles(silent, at(300)).at(-1)!.state).toBe('discharging');
    expect(batteryCycles(silent, at(360)).at(-1)!.state).toBe('idle');
  });
});

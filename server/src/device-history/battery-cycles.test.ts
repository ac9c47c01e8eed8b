import { describe, expect, it } from 'vitest';
import type { BatteryBucket } from './battery-cycles.ts';
import { batteryCycles } from './battery-cycles.ts';

const T0 = Date.UTC(2026, 10, 2, 6);
const at = (minutes: number) => T0 + minutes * 60_000;
/** Buckets every 5 minutes from `from` to `to` minutes, charging inside the given windows, voltage by a function. */
function series(from: number, to: number, charging: [number, number][], voltage: (m: number) => number): BatteryBucket[] {
  const out: BatteryBucket[] = [];
  for (let m = from; m < to; m += 5) {
    const v = voltage(m);
    out.push({ ms: at(m), charging: charging.some(([a, b]) => m >= a && m < b), minVoltage: v - 0.1, maxVoltage: v + 0.1 });
  }
  return out;
}

describe('batteryCycles', () => {
  it('splits discharges and charges into cycles with their voltages', () => {
    // Discharge 0–480, charge 480–600, discharge 600–1080, charge 1080–1200, then discharging until 1300.
    const buckets = series(0, 1300, [[480, 600], [1080, 1200]], (m) => 50 - (m % 600) / 100);
    const cycles = batteryCycles(buckets, at(1300));
    expect(cycles).toHaveLength(3);
    expect(cycles[0]).toMatchObject({ start: null, end: at(480), chargingEnd: at(600), state: 'complete' });
    expect(cycles[1]).toMatchObject({ start: at(600), end: at(1080), chargingEnd: at(1200), state: 'complete' });
    expect(cycles[1]!.maxVoltage).toBeCloseTo(50.1);
    expect(cycles[1]!.minVoltage).toBeCloseTo(50 - 595 / 100 - 0.1);
    expect(cycles[2]).toMatchObject({ start: at(1200), end: null, chargingEnd: null, state: 'discharging' });
  });

  it('keeps one charge across a missed report, and calls a charge reaching now still charging', () => {
    const buckets = series(0, 300, [[200, 300]], () => 48).filter((b) => b.ms !== at(250));
    const cycles = batteryCycles(buckets, at(302));
    expect(cycles).toEqual([expect.objectContaining({ start: null, end: at(200), chargingEnd: null, state: 'charging' })]);
    // The same data read much later: the charge ended with its last bucket.
    expect(batteryCycles(buckets, at(2000))).toEqual([
      expect.objectContaining({ end: at(200), chargingEnd: at(300), state: 'complete' }),
    ]);
  });

  it('answers one discharging cycle without charges, and nothing without data', () => {
    expect(batteryCycles(series(0, 60, [], () => 47), at(60))).toEqual([
      { start: null, end: null, chargingEnd: null, minVoltage: 46.9, maxVoltage: 47.1, state: 'discharging' },
    ]);
    expect(batteryCycles([], at(0))).toEqual([]);
  });
});

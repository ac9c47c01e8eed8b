import type { BatteryCycleState } from '@gearwatch/contracts';

const BUCKET_MS = 300_000;
/** Charging buckets closer than this belong to one charge (a missed report does not split it). */
const MAX_GAP_MS = 3 * BUCKET_MS;

export interface BatteryBucket {
  /** Bucket start, epoch ms, ascending. */
  ms: number;
  charging: boolean;
  minVoltage: number | null;
  maxVoltage: number | null;
  /** Seconds the device was active (parameter 2) in the bucket; null when it reported none. */
  active: number | null;
}

export interface CycleSpan {
  /** End of the previous charge; null when it lies before the data. */
  start: number | null;
  /** Start of this cycle's charge; null while discharging. */
  end: number | null;
  /** End of the charge; null while discharging or still charging. */
  chargingEnd: number | null;
  minVoltage: number | null;
  maxVoltage: number | null;
  state: BatteryCycleState;
}

/**
 * The state of the cycle after the last charge (BATTERY_CYCLE_STATES): discharging while the device is in use,
 * idle when the battery is neither charged nor drawn on. In use means activity in the newest MAX_GAP_MS of the data,
 * and that data being recent; data older than that says nothing flows now, so the battery is idle. A device whose
 * buckets carry no activity at all cannot tell use from rest: its recent data counts as discharging, as before.
 */
function tailState(buckets: readonly BatteryBucket[], tailStart: number | null, now: number): 'discharging' | 'idle' {
  const newestEnd = buckets.at(-1)!.ms + BUCKET_MS;
  if (now - newestEnd >= MAX_GAP_MS) return 'idle';
  if (!buckets.some((b) => b.active !== null)) return 'discharging';
  const from = Math.max(newestEnd - MAX_GAP_MS, tailStart ?? -Infinity);
  return buckets.some((b) => b.ms >= from && (b.active ?? 0) > 0) ? 'discharging' : 'idle';
}

/**
 * Splits a battery's 5-minute buckets into cycles: discharge from the end of one charge to the start of the next,
 * then that charge (done once it ended). A charge that reaches the newest bucket, and that bucket is recent (`now`),
 * is still charging; the cycle after the last charge is discharging or idle (tailState).
 */
export function batteryCycles(buckets: readonly BatteryBucket[], now: number): CycleSpan[] {
  const charges: { start: number; end: number }[] = [];
  for (const b of buckets) {
    if (!b.charging) continue;
    const last = charges.at(-1);
    if (last && b.ms - (last.end - BUCKET_MS) <= MAX_GAP_MS) last.end = b.ms + BUCKET_MS;
    else charges.push({ start: b.ms, end: b.ms + BUCKET_MS });
  }
  const newest = buckets.at(-1);
  if (!newest) return [];
  const voltages = (from: number | null, to: number | null) => {
    let min: number | null = null;
    let max: number | null = null;
    for (const b of buckets) {
      if ((from !== null && b.ms < from) || (to !== null && b.ms >= to)) continue;
      if (b.minVoltage !== null) min = min === null ? b.minVoltage : Math.min(min, b.minVoltage);
      if (b.maxVoltage !== null) max = max === null ? b.maxVoltage : Math.max(max, b.maxVoltage);
    }
    return { minVoltage: min, maxVoltage: max };
  };
  const cycles: CycleSpan[] = [];
  let start: number | null = null;
  for (const charge of charges) {
    const ongoing = charge.end === newest.ms + BUCKET_MS && now - charge.end < MAX_GAP_MS;
    cycles.push({
      start,
      end: charge.start,
      chargingEnd: ongoing ? null : charge.end,
      ...voltages(start, ongoing ? null : charge.end),
      state: ongoing ? 'charging' : 'done',
    });
    start = charge.end;
    if (ongoing) return cycles;
  }
  // The discharge after the last charge (or of the whole range, when nothing was charged).
  const tail = voltages(start, null);
  if (start === null || start <= newest.ms) cycles.push({ start, end: null, chargingEnd: null, ...tail, state: tailState(buckets, start, now) });
  return cycles;
}

import { PARAMETER_NUMBERS, TELTONIKA_IO } from '@gearwatch/contracts';
import { MINUTE_MS } from '../../../time/calendar.ts';
import type { ReadingInput } from '../../types.ts';
import type { AvlRecord } from './avl-types.ts';

/** What the work and activity rule reads of one AVL record. */
export interface WorkActivitySample {
  timestampMs: number;
  /** IO 239; null when the record does not carry it. */
  ignition: boolean | null;
  /** IO 240; null when the record does not carry it. */
  moving: boolean | null;
}

/**
 * The rollups bucket readings by their timestamp into 5-minute, hour, local-day, month and shift periods. Every
 * zone's offset is a whole number of 5 minutes and shifts start on the hour, so a reading that never spans a
 * 5-minute boundary of epoch time falls into the same bucket at every level as the seconds it stands for.
 */
export const WORK_ACTIVITY_SLICE_MS = 5 * MINUTE_MS;

function flag(record: AvlRecord, id: number): boolean | null {
  const element = record.io.find((e) => e.id === id);
  if (!element || element.byteLength === 'variable') return null;
  return element.byteLength === 8 ? element.value !== 0n : element.value !== 0;
}

export function workActivitySampleOf(record: AvlRecord): WorkActivitySample {
  return { timestampMs: record.timestampMs, ignition: flag(record, TELTONIKA_IO.ignition), moving: flag(record, TELTONIKA_IO.movement) };
}

/**
 * Work (parameter 1: ignition on and moving) and activity (parameter 2: ignition on) seconds between a device's
 * consecutive records. Work is the effective part of the time the machine is switched on, so work never exceeds
 * activity and efficiency (work / active, ARCHITECTURE §4) never exceeds 100 %.
 *
 * - The earlier record's state holds until the next record: a record says what the machine is doing from then on,
 *   which is when the device saw it change (Teltonika makes a record on every ignition or movement change).
 * - An interval longer than `maxGapMs` (the device's send period with its tolerance) is no data: the device was off,
 *   out of coverage or lost records, so nothing is counted for it, neither work nor idle. An interval of exactly
 *   `maxGapMs` counts.
 * - An interval is cut at every 5-minute boundary (WORK_ACTIVITY_SLICE_MS); each piece is one reading timestamped at
 *   its start, worth its length in seconds (or 0 while the state is off). Per-day totals, across midnight and DST
 *   changes, then equal the seconds the device was on within that local day. Fractions appear only when a device
 *   stamps records below the second.
 * - A record without IO 239 gives neither reading for the interval it starts (nothing says whether the machine was
 *   on); one with IO 239 but without IO 240 gives activity only (on, but whether it worked is unknown).
 *
 * Records may come in any order (a device can be set to send newest first); records with the same timestamp make
 * no interval between them, and the last of them holds the state. The last record starts no interval: the caller
 * keeps it and passes it first with the device's next packet, so an interval spanning two packets is counted once
 * it is closed. The result is the same for the same records, so a packet sent again stores duplicates only.
 */
export function workActivityReadings(samples: readonly WorkActivitySample[], maxGapMs: number): ReadingInput[] {
  if (!(maxGapMs > 0) || !Number.isFinite(maxGapMs)) throw new RangeError(`maxGapMs must be a positive number of milliseconds, not ${maxGapMs}`);
  const ordered = [...samples].sort((a, b) => a.timestampMs - b.timestampMs);
  const readings: ReadingInput[] = [];
  for (let i = 0; i + 1 < ordered.length; i++) {
    const from = ordered[i]!;
    const to = ordered[i + 1]!.timestampMs;
    const gap = to - from.timestampMs;
    if (gap <= 0 || gap > maxGapMs) continue;
    for (let start = from.timestampMs; start < to;) {
      const end = Math.min(to, (Math.floor(start / WORK_ACTIVITY_SLICE_MS) + 1) * WORK_ACTIVITY_SLICE_MS);
      const seconds = (end - start) / 1000;
      if (from.ignition !== null) {
        if (from.moving !== null) readings.push({ parameter: PARAMETER_NUMBERS.work, ts: new Date(start), value: from.ignition && from.moving ? seconds : 0 });
        readings.push({ parameter: PARAMETER_NUMBERS.active, ts: new Date(start), value: from.ignition ? seconds : 0 });
      }
      start = end;
    }
  }
  return readings;
}

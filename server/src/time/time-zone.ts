import * as units from './calendar.ts';
import type { DayNumber } from './calendar.ts';
import { LocalIsoWriter, formatOffset } from './local-iso-writer.ts';
import { ZoneOffsets } from './zone-offsets.ts';

// Local copies of the units: an imported binding is read on every use in the per-reading paths below, which
// measured several times slower than a module constant.
const { DAY_MS, HOUR_MS, MINUTE_MS } = units;

/**
 * Company time: instants (epoch milliseconds) ↔ local dates and wall times of one IANA timezone. Every feature that
 * needs local time goes through here; SQL reads local dates with `at time zone` itself. A wall time is written as
 * if it were UTC (`Date.UTC(...)` of the local fields; read it with getUTC* methods).
 *
 * Wall times that do not exist or occur twice are resolved as PostgreSQL's `timestamp at time zone` does, so
 * windows computed here agree with the rollups made in SQL: a skipped one is read with the offset before the change
 * (02:30 on the spring day → 03:30), a repeated one as the later instant. `readWallTime` says which case applies.
 */

/** What a local wall time is on the timeline. */
export type WallTimeReading =
  /** Occurs once. */
  | { kind: 'exact'; instant: number }
  /** Skipped by clocks going forward: `instant` reads it with the offset before the change; `change` is when clocks jumped. */
  | { kind: 'skipped'; instant: number; change: number }
  /** Occurs twice as clocks go back. */
  | { kind: 'repeated'; earlier: number; later: number };

const pad2 = (n: number) => String(n).padStart(2, '0');

export class TimeZone {
  private readonly offsets: ZoneOffsets;

  /** Throws RangeError for a name that is not an IANA timezone. Use `timeZone(name)` to share the offset cache. */
  constructor(readonly name: string) {
    this.offsets = new ZoneOffsets(name);
  }

  /** Local time minus UTC at an instant, in milliseconds (+3,600,000 for CET, +19,800,000 for Kolkata). */
  offsetMs(instantMs: number): number {
    return this.offsets.at(instantMs);
  }

  /** The local wall time of an instant, written as if it were UTC. */
  wallMs(instantMs: number): number {
    return instantMs + this.offsets.at(instantMs);
  }

  /** Where a wall time lies: once, in a gap, or twice. Assumes at most one clock change within a day of it. */
  readWallTime(wallMs: number): WallTimeReading {
    const before = this.offsets.at(wallMs - DAY_MS);
    const after = this.offsets.at(wallMs + DAY_MS);
    const withBefore = wallMs - before;
    const withAfter = wallMs - after;
    const beforeFits = this.offsets.at(withBefore) === before;
    const afterFits = this.offsets.at(withAfter) === after;
    if (beforeFits && afterFits && withBefore !== withAfter)
      return { kind: 'repeated', earlier: Math.min(withBefore, withAfter), later: Math.max(withBefore, withAfter) };
    if (beforeFits) return { kind: 'exact', instant: withBefore };
    if (afterFits) return { kind: 'exact', instant: withAfter };
    // Neither offset gives back this wall time: it falls in the gap between withAfter and withBefore.
    return {
      kind: 'skipped',
      instant: withBefore,
      change: this.offsets.changeWithin(Math.min(withBefore, withAfter), Math.max(withBefore, withAfter)) ?? withBefore,
    };
  }

  /** The instant of a wall time, resolved as PostgreSQL does (see above). */
  instantOf(wallMs: number): number {
    // Most wall times are a day away from any clock change: one offset, no reading to build.
    const offset = this.offsets.at(wallMs - DAY_MS);
    if (offset === this.offsets.at(wallMs + DAY_MS) && this.offsets.at(wallMs - offset) === offset) return wallMs - offset;
    const reading = this.readWallTime(wallMs);
    return reading.kind === 'repeated' ? reading.later : reading.instant;
  }

  /** The instant of a local date's wall time; `minutes` may pass midnight (22:00 + 8 h is 06:00 the next day). */
  instantAt(day: DayNumber, minutes: number): number {
    return this.instantOf(day * DAY_MS + minutes * MINUTE_MS);
  }

  /** Local midnight starting the date (its first instant when clocks skip midnight). */
  startOfDay(day: DayNumber): number {
    return this.instantOf(day * DAY_MS);
  }

  /** The first instant after the date: the next date's start. */
  endOfDay(day: DayNumber): number {
    return this.startOfDay(day + 1);
  }

  /** 24 hours, 23 when clocks go forward, 25 when they go back (23.5 on Lord Howe). */
  dayLengthMs(day: DayNumber): number {
    return this.endOfDay(day) - this.startOfDay(day);
  }

  /** The local date of an instant. */
  dayOf(instantMs: number): DayNumber {
    return Math.floor(this.wallMs(instantMs) / DAY_MS);
  }

  /** Minutes since local midnight of an instant (0 … 1439), on the wall clock. */
  minuteOfDay(instantMs: number): number {
    const wall = this.wallMs(instantMs);
    return Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
  }

  /** 'YYYY-MM-DD HH:mm', or with seconds; the hour clocks repeat is written twice. */
  format(instantMs: number, withSeconds = false): string {
    const w = new Date(this.wallMs(instantMs));
    const base = `${w.getUTCFullYear()}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}`;
    return withSeconds ? `${base}:${pad2(w.getUTCSeconds())}` : base;
  }

  /** ISO 8601 local time with the offset in force, unambiguous when clocks go back: '2026-10-25T02:30:00+01:00'. */
  isoWithOffset(instantMs: number): string {
    return `${this.format(instantMs, true).replace(' ', 'T')}${formatOffset(this.offsets.at(instantMs))}`;
  }

  /** isoWithOffset for many instants in a row, faster when they are mostly in order. */
  isoWriter(): LocalIsoWriter {
    return new LocalIsoWriter(this);
  }

  /**
   * Whether the offset is a whole number of hours throughout [startMs, endMs), sampled daily (no zone keeps an
   * offset for less than a day): then every UTC hour lies inside one local date.
   */
  offsetsAreWholeHours(startMs: number, endMs: number): boolean {
    for (let t = startMs; t < endMs + DAY_MS; t += DAY_MS) if (this.offsets.at(Math.min(t, endMs - 1)) % HOUR_MS !== 0) return false;
    return true;
  }
}

const zones = new Map<string, TimeZone>();

/** The process's one TimeZone per name, so its offset cache serves every request. Throws RangeError for an unknown name. */
export function timeZone(name: string): TimeZone {
  let zone = zones.get(name);
  if (!zone) zones.set(name, (zone = new TimeZone(name)));
  return zone;
}

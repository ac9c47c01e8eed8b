import * as units from './calendar.ts';

// Local copies of the units: an imported binding is read on every use in the per-reading paths below, which
// measured several times slower than a module constant.
const { HOUR_MS, MINUTE_MS } = units;

/**
 * One timezone's UTC offsets from Node's Intl data, cached per UTC hour. Asking Intl costs microseconds and a
 * reading needs its offset, so each hour is asked about once: an hour the offset does not change in is stored as
 * that offset, an hour it changes in as the exact second of the change with the offsets either side. That holds for
 * any zone — half-hour and 45-minute ones, clock changes at :30 (Lord Howe, Adelaide) and historical changes at odd
 * seconds alike — as long as no zone changes its offset twice within one hour, which none does.
 */

/** The offset changes inside an hour: `before` until `at` (a whole second), `after` from it. */
interface OffsetChange {
  at: number;
  before: number;
  after: number;
}

/** An hour's offset, or the change inside it. */
type HourOffsets = number | OffsetChange;

export class ZoneOffsets {
  private readonly parts: Intl.DateTimeFormat;
  private readonly hours = new Map<number, HourOffsets>();
  /** The last hour asked about, when its offset holds all hour: readings come in time order, many per hour. */
  private lastHour = Number.NaN;
  private lastOffset = 0;

  /** Throws RangeError for a name that is not an IANA timezone. */
  constructor(timezone: string) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Local time minus UTC at an instant, in milliseconds (+3,600,000 for CET). */
  at(instantMs: number): number {
    const hour = Math.floor(instantMs / HOUR_MS);
    if (hour === this.lastHour) return this.lastOffset;
    const known = this.hours.get(hour) ?? this.learn(hour);
    if (typeof known !== 'number') return instantMs < known.at ? known.before : known.after;
    this.lastHour = hour;
    this.lastOffset = known;
    return known;
  }

  /** The instant of an offset change in [fromMs, toMs], or null when the offset holds throughout. */
  changeWithin(fromMs: number, toMs: number): number | null {
    for (let hour = Math.floor(fromMs / HOUR_MS); hour <= Math.floor(toMs / HOUR_MS); hour++) {
      const known = this.hours.get(hour) ?? this.learn(hour);
      if (typeof known !== 'number' && known.at >= fromMs && known.at <= toMs) return known.at;
    }
    return null;
  }

  private learn(hour: number): HourOffsets {
    const start = hour * HOUR_MS;
    const before = this.offsetAtStartOf(hour);
    const after = this.offsetAtStartOf(hour + 1);
    const known = before === after ? before : { at: this.findChange(start, before), before, after };
    this.hours.set(hour, known);
    return known;
  }

  /** The offset at an hour's first instant: read from that hour or the one before when known (time runs in order). */
  private offsetAtStartOf(hour: number): number {
    const own = this.hours.get(hour);
    if (own !== undefined) return typeof own === 'number' ? own : own.before;
    const previous = this.hours.get(hour - 1);
    if (previous !== undefined) return typeof previous === 'number' ? previous : previous.after;
    return this.ask(hour * HOUR_MS);
  }

  /** The first whole second of the hour from `start` whose offset is no longer `before` (bisection, 12 steps). */
  private findChange(start: number, before: number): number {
    let unchanged = start;
    let changed = start + HOUR_MS;
    while (changed - unchanged > 1000) {
      const middle = unchanged + Math.floor((changed - unchanged) / 2000) * 1000;
      if (this.ask(middle) === before) unchanged = middle;
      else changed = middle;
    }
    return changed;
  }

  /**
   * Intl's offset at a whole-second instant, rounded to whole minutes: only local mean times before about 1920
   * have seconds (Kolkata's +05:21:10), and a whole-minute offset keeps every ISO text ±HH:MM and parseable back
   * to its instant.
   */
  private ask(instantMs: number): number {
    const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of this.parts.formatToParts(instantMs)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
    const wallMs = Date.UTC(fields.year ?? 1970, (fields.month ?? 1) - 1, fields.day ?? 1, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0);
    return Math.round((wallMs - instantMs) / MINUTE_MS) * MINUTE_MS;
  }
}

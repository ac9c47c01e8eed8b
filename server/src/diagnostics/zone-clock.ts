/**
 * Local dates and wall times of one IANA timezone, for the diagnostics' day boundaries, shift windows and labels.
 * Pure functions over Node's Intl time-zone data; the interpretation of wall times that do not exist or occur twice
 * matches PostgreSQL's `timestamp at time zone`, so the server's windows agree with day rollups made in SQL.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Offsets are cached per quarter hour: every real transition happens on a quarter-hour boundary. */
const CACHE_BLOCK_MS = 15 * MINUTE_MS;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a UTC-midnight epoch (local dates are carried as such "date epochs"). */
export function dateText(dateEpochMs: number): string {
  const d = new Date(dateEpochMs);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** The UTC-midnight epoch of a YYYY-MM-DD text (validated by the contracts before it gets here). */
export function dateEpoch(text: string): number {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

export function addDays(text: string, days: number): string {
  return dateText(dateEpoch(text) + days * DAY_MS);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function inclusiveDays(from: string, to: string): number {
  return Math.round((dateEpoch(to) - dateEpoch(from)) / DAY_MS) + 1;
}

export class ZoneClock {
  private readonly parts: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();

  /** Throws RangeError for a name that is not an IANA timezone. */
  constructor(readonly timezone: string) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** Local time minus UTC at an instant, in milliseconds (+3,600,000 for CET). */
  offsetMs(instantMs: number): number {
    const block = Math.floor(instantMs / CACHE_BLOCK_MS);
    let offset = this.offsets.get(block);
    if (offset === undefined) {
      offset = this.computeOffset(block * CACHE_BLOCK_MS);
      this.offsets.set(block, offset);
    }
    return offset;
  }

  private computeOffset(instantMs: number): number {
    const fields: Record<string, number> = {};
    for (const part of this.parts.formatToParts(new Date(instantMs))) if (part.type !== 'literal') fields[part.type] = Number(part.value);
    const asUtc = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
    return Math.round((asUtc - instantMs) / MINUTE_MS) * MINUTE_MS;
  }

  /**
   * The instant a local wall time occurs. `wallMs` is the wall time written as if it were UTC. A wall time that
   * occurs twice (clocks going back) is the later instant; one skipped by clocks going forward is read with the
   * offset before the change (02:30 → 03:30) — both as PostgreSQL does.
   */
  instantOf(wallMs: number): number {
    const before = this.offsetMs(wallMs - DAY_MS);
    const after = this.offsetMs(wallMs + DAY_MS);
    if (before === after) return wallMs - before;
    const withAfter = wallMs - after;
    if (this.offsetMs(withAfter) === after) return withAfter;
    return wallMs - before;
  }

  /**
   * Whether the offset is a whole number of hours throughout [startMs, endMs), sampled daily (no zone keeps an
   * offset for less than a day): then every UTC hour lies inside one local date.
   */
  wholeHourOffsets(startMs: number, endMs: number): boolean {
    for (let t = startMs; t < endMs + DAY_MS; t += DAY_MS) if (this.offsetMs(Math.min(t, endMs - 1)) % 3_600_000 !== 0) return false;
    return true;
  }

  /** The instant a local date starts at the given hour (0–24; 24 is the next date's midnight). */
  startOf(date: string, hour = 0): Date {
    return new Date(this.instantOf(dateEpoch(date) + hour * 3_600_000));
  }

  /** The local wall time of an instant, written as if it were UTC (read it with getUTC* methods). */
  wall(instantMs: number): Date {
    return new Date(instantMs + this.offsetMs(instantMs));
  }

  /** 'YYYY-MM-DD HH:mm', or with seconds. */
  format(instantMs: number, withSeconds = false): string {
    const w = this.wall(instantMs);
    const base = `${w.getUTCFullYear()}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())} ${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}`;
    return withSeconds ? `${base}:${pad2(w.getUTCSeconds())}` : base;
  }

  /** ISO 8601 local time with the UTC offset in force: '2026-10-25T02:30:00+01:00'. */
  isoWithOffset(instantMs: number): string {
    const offsetMinutes = this.offsetMs(instantMs) / MINUTE_MS;
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    return `${this.format(instantMs, true).replace(' ', 'T')}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
  }
}

import * as units from './calendar.ts';
import { dateText } from './calendar.ts';

// Local copies of the units: an imported binding is read on every use in the per-reading paths below, which
// measured several times slower than a module constant.
const { DAY_MS, MINUTE_MS } = units;

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** An offset as ISO 8601 writes it: '+01:00', '-05:00', '+05:45'. */
export function formatOffset(offsetMs: number): string {
  const minutes = Math.abs(offsetMs) / MINUTE_MS;
  const hours = Math.floor(minutes / 60);
  return `${offsetMs < 0 ? '-' : '+'}${TWO_DIGITS[hours] ?? String(hours)}:${TWO_DIGITS[minutes % 60]!}`;
}

export interface OffsetSource {
  offsetMs(instantMs: number): number;
}

/**
 * TimeZone.isoWithOffset for many instants mostly in order (a day of positions is thousands): the date and offset
 * texts are kept between calls, so each instant costs an offset look-up and a few string joins.
 */
export class LocalIsoWriter {
  private day = Number.NaN;
  private dateText = '';
  private offset = Number.NaN;
  private offsetText = '';

  constructor(private readonly zone: OffsetSource) {}

  /** '2026-10-25T02:30:00+01:00'. */
  write(instantMs: number): string {
    const offset = this.zone.offsetMs(instantMs);
    if (offset !== this.offset) {
      this.offset = offset;
      this.offsetText = formatOffset(offset);
    }
    const wall = Math.floor(instantMs) + offset;
    const day = Math.floor(wall / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.dateText = dateText(day);
    }
    const seconds = Math.floor((wall - day * DAY_MS) / 1000);
    return `${this.dateText}T${TWO_DIGITS[Math.floor(seconds / 3600)]!}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]!}:${TWO_DIGITS[seconds % 60]!}${this.offsetText}`;
  }
}

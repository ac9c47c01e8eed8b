import type { PositionRow } from './raw-repository.ts';
import type { ZoneClock } from './zone-clock.ts';
import { dateText } from './zone-clock.ts';

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/**
 * The JSON text of the locations answer (contracts' locationsResponseSchema): `[{"time","lat","lon","acc"}, …]`,
 * each time as ZoneClock.isoWithOffset writes it. Written directly rather than as objects validated and serialised
 * by the route: a day of positions is thousands of them, and that round trip cost more than reading them
 * (docs/performance.md). Numbers are written as JSON.stringify writes them (null when not finite).
 */
export function locationsJson(rows: readonly PositionRow[], clock: ZoneClock): string {
  const parts: string[] = new Array<string>(rows.length);
  const time = new LocalTimeWriter(clock);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    parts[i] = `{"time":"${time.write(r.ms)}","lat":${jsonNumber(r.lat)},"lon":${jsonNumber(r.lon)},"acc":${r.accuracy === null ? 'null' : jsonNumber(r.accuracy)}}`;
  }
  return `[${parts.join(',')}]`;
}

function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** ZoneClock.isoWithOffset for instants mostly in order: the date and offset texts are kept between calls. */
class LocalTimeWriter {
  private day = Number.NaN;
  private dateText = '';
  private offset = Number.NaN;
  private offsetText = '';

  constructor(private readonly clock: ZoneClock) {}

  write(instantMs: number): string {
    const offset = this.clock.offsetMs(instantMs);
    if (offset !== this.offset) {
      this.offset = offset;
      const minutes = Math.abs(offset) / 60_000;
      this.offsetText = `${offset < 0 ? '-' : '+'}${TWO_DIGITS[Math.floor(minutes / 60)] ?? String(Math.floor(minutes / 60))}:${TWO_DIGITS[minutes % 60]!}`;
    }
    const wall = Math.floor(instantMs) + offset;
    const day = Math.floor(wall / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.dateText = dateText(day * DAY_MS);
    }
    const seconds = Math.floor((wall - day * DAY_MS) / 1000);
    return `${this.dateText}T${TWO_DIGITS[Math.floor(seconds / 3600)]!}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]!}:${TWO_DIGITS[seconds % 60]!}${this.offsetText}`;
  }
}

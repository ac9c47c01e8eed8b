import type { PositionRow } from './raw-repository.ts';
import type { TimeZone } from '../time/time-zone.ts';

/**
 * The JSON text of the locations answer (contracts' locationsResponseSchema): `[{"time","lat","lon","acc"}, …]`,
 * each time as TimeZone.isoWithOffset writes it. Written directly rather than as objects validated and serialised
 * by the route: a day of positions is thousands of them, and that round trip cost more than reading them
 * (docs/performance.md). Numbers are written as JSON.stringify writes them (null when not finite).
 */
export function locationsJson(rows: readonly PositionRow[], zone: TimeZone): string {
  const parts: string[] = new Array<string>(rows.length);
  const time = zone.isoWriter();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    parts[i] =
      `{"time":"${time.write(r.ms)}","lat":${jsonNumber(r.lat)},"lon":${jsonNumber(r.lon)},"acc":${r.accuracy === null ? 'null' : jsonNumber(r.accuracy)}}`;
  }
  return `[${parts.join(',')}]`;
}

function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

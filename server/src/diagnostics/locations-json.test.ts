import { describe, expect, it } from 'vitest';
import { locationsResponseSchema } from '@gearwatch/contracts';
import { locationsJson } from './locations-json.ts';
import type { PositionRow } from './raw-repository.ts';
import { timeZone } from '../time/time-zone.ts';

/** Every 7 min 13.5 s over Warsaw's and St. John's autumn clock changes (2026-10-25 and 2026-11-01). */
const START = Date.UTC(2026, 9, 24, 20);
const END = Date.UTC(2026, 10, 2, 12);
const ROWS: PositionRow[] = [];
for (let ms = START, i = 0; ms < END; ms += 433_500, i++) {
  ROWS.push({ ms, lat: -33.8688 + i / 7919, lon: 151.2093 - i / 104729, accuracy: i % 5 === 0 ? null : (i % 40) / 4 });
}

describe('locationsJson', () => {
  it.each(['Europe/Warsaw', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'])(
    'writes what the schema and JSON.stringify would, times as TimeZone.isoWithOffset writes them, in %s',
    (timezone) => {
      const zone = timeZone(timezone);
      const text = locationsJson(ROWS, zone);
      const expected = ROWS.map((r) => ({ time: zone.isoWithOffset(r.ms), lat: r.lat, lon: r.lon, acc: r.accuracy }));
      expect(text).toBe(JSON.stringify(locationsResponseSchema.parse(expected)));
    },
  );

  it('writes instants before 1970 and out of order, an empty track, and numbers JSON cannot hold as null', () => {
    const zone = timeZone('Europe/Warsaw');
    const rows: PositionRow[] = [
      { ms: Date.UTC(1969, 11, 31, 23, 59, 59, 999), lat: 0, lon: -0.5, accuracy: Number.POSITIVE_INFINITY },
      { ms: Date.UTC(2026, 2, 29, 0, 59, 59), lat: 1e-7, lon: 179.99999999, accuracy: 0 },
      { ms: Date.UTC(2026, 2, 29, 1, 0, 0), lat: 90, lon: -180, accuracy: 12.5 },
    ];
    expect(JSON.parse(locationsJson(rows, zone))).toEqual([
      { time: '1970-01-01T00:59:59+01:00', lat: 0, lon: -0.5, acc: null },
      { time: '2026-03-29T01:59:59+01:00', lat: 1e-7, lon: 179.99999999, acc: 0 },
      { time: '2026-03-29T03:00:00+02:00', lat: 90, lon: -180, acc: 12.5 },
    ]);
    expect(locationsJson([], zone)).toBe('[]');
  });
});

import { parseDate } from '../time/calendar.ts';
import type { TimeZone } from '../time/time-zone.ts';
import type { WorkDetailsRepository } from './work-details-repository.ts';

/** Counted dates kept per server (a year of 500 devices); the oldest counted go first. */
const MAX_DAYS = 200_000;
/** Statements a first count is split into. */
const COUNT_PARTS = 4;

/**
 * How many work details rows (5-minute buckets) each device has on each local date, for the screen's pages. Counting
 * a month of 50 devices from the 5-minute rollup reads ~1.3 million index entries (100–800 ms), more than the
 * screen's whole budget, so counts are kept in memory and reused while the date's readings fingerprint (the day
 * rollup's count of raw readings of parameters 1–3, which every ingest batch that adds a 5-minute row raises in the
 * same statement) is unchanged. Every call reads the fingerprints (~1,500 rows for a month of 50 devices), so a
 * count is never used after a late reading changed its date, on this instance or another, and nothing has to be told
 * about writes. The key holds the zone: dates are the company's local dates.
 */
export class WorkDetailsCounts {
  private readonly days = new Map<string, { readings: number; rows: number }>();

  constructor(private readonly maxDays = MAX_DAYS) {}

  /** Rows per `deviceId:YYYY-MM-DD` of the devices' dates from..to (dates without readings are absent: no rows). */
  async dayRows(repository: WorkDetailsRepository, companyId: number, zone: TimeZone, deviceIds: readonly number[], from: string, to: string): Promise<Map<string, number>> {
    const rows = new Map<string, number>();
    const missing: { deviceId: number; day: string }[] = [];
    for (const day of await repository.dayReadings(companyId, deviceIds, from, to)) {
      const known = this.days.get(this.keyOf(zone, day.deviceId, day.day));
      if (known && known.readings === day.readings) rows.set(`${day.deviceId}:${day.day}`, known.rows);
      else missing.push(day);
    }
    if (missing.length > 0) {
      const first = missing.reduce((min, d) => (d.day < min ? d.day : min), missing[0]!.day);
      const last = missing.reduce((max, d) => (d.day > max ? d.day : max), missing[0]!.day);
      const devices = [...new Set(missing.map((d) => d.deviceId))];
      const wanted = new Set(missing.map((d) => `${d.deviceId}:${d.day}`));
      // Counting is the expensive part of a first call (~1 s for a month of 50 devices): a few statements of a part of
      // the devices each run side by side on the pool's connections.
      const parts = Array.from({ length: Math.min(COUNT_PARTS, devices.length) }, (_, i) => devices.filter((_, j) => j % COUNT_PARTS === i));
      const start = zone.startOfDay(parseDate(first));
      const end = zone.endOfDay(parseDate(last));
      const counted = (await Promise.all(parts.map((part) => repository.dayRowCounts(companyId, part, first, last, start, end, zone.name)))).flat();
      for (const day of counted) {
        const key = `${day.deviceId}:${day.day}`;
        if (!wanted.has(key)) continue;
        rows.set(key, day.rows);
        this.remember(this.keyOf(zone, day.deviceId, day.day), { readings: day.readings, rows: day.rows });
      }
    }
    return rows;
  }

  private remember(key: string, count: { readings: number; rows: number }): void {
    this.days.delete(key);
    this.days.set(key, count);
    // A Map iterates in insertion order: the first keys are the ones counted longest ago.
    for (const old of this.days.keys()) {
      if (this.days.size <= this.maxDays) break;
      this.days.delete(old);
    }
  }

  private keyOf(zone: TimeZone, deviceId: number, day: string): string {
    return `${zone.name}|${deviceId}|${day}`;
  }
}

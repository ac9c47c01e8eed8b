import { parseDate } from '../../../time/calendar.ts';
import type { TimeZone } from '../../../time/time-zone.ts';
import type { WorkDetailsRepository } from '../../../rollups/work-details-repository.ts';

/** Counted dates kept per server (a year of 250 devices, ~100 bytes each); the oldest counted go first. */
const MAX_DAYS = 100_000;
/** Statements a first count is split into. */
const COUNT_PARTS = 4;

/** The work details rows of a device's local date: in all, and per hour since local midnight (at most 12 an hour). */
export interface DayCount {
  rows: number;
  hours: Uint8Array;
}

/**
 * How many work details rows (5-minute buckets) each device has on each local date and in each of its hours, for the
 * screen's pages (hours make the shift windows, which start and end on whole local hours). Counting a month of 50
 * devices from the 5-minute rollup reads ~1.3 million index entries (0.1–1 s), more than the screen's whole budget,
 * so counts are kept in memory and reused while the date's readings fingerprint (the day rollup's count of raw
 * readings of parameters 1–3, which every ingest batch that adds a 5-minute row raises in the same statement) is
 * unchanged. Every call reads the fingerprints (~1,500 rows for a month of 50 devices), so a count is never used
 * after a late reading changed its date, on this instance or another, and nothing has to be told about writes. The
 * key holds the zone: dates are the company's local dates.
 */
export class WorkDetailsCounts {
  private readonly days = new Map<string, { readings: number; count: DayCount }>();

  constructor(private readonly maxDays = MAX_DAYS) {}

  /** Counts per `deviceId:YYYY-MM-DD` of the devices' dates from..to (dates without readings are absent: no rows). */
  async dayCounts(
    repository: Pick<WorkDetailsRepository, 'dayReadings' | 'hourRowCounts'>,
    companyId: number,
    zone: TimeZone,
    deviceIds: readonly number[],
    from: string,
    to: string,
  ): Promise<Map<string, DayCount>> {
    const counts = new Map<string, DayCount>();
    const missing: { deviceId: number; day: string }[] = [];
    for (const day of await repository.dayReadings(companyId, deviceIds, from, to)) {
      const known = this.days.get(this.keyOf(zone, day.deviceId, day.day));
      if (known && known.readings === day.readings) counts.set(`${day.deviceId}:${day.day}`, known.count);
      else missing.push(day);
    }
    if (missing.length === 0) return counts;
    const first = missing.reduce((min, d) => (d.day < min ? d.day : min), missing[0]!.day);
    const last = missing.reduce((max, d) => (d.day > max ? d.day : max), missing[0]!.day);
    const devices = [...new Set(missing.map((d) => d.deviceId))];
    const wanted = new Set(missing.map((d) => `${d.deviceId}:${d.day}`));
    // Counting is the expensive part of a first call (~1 s for a month of 50 devices): a few statements of a part of
    // the devices each run side by side on the pool's connections.
    const parts = Array.from({ length: Math.min(COUNT_PARTS, devices.length) }, (_, i) => devices.filter((_, j) => j % COUNT_PARTS === i));
    const start = zone.startOfDay(parseDate(first));
    const end = zone.endOfDay(parseDate(last));
    const lines = (await Promise.all(parts.map((part) => repository.hourRowCounts(companyId, part, first, last, start, end, zone.name)))).flat();
    const counted = new Map<string, { readings: number; count: DayCount }>();
    for (const line of lines) {
      const key = `${line.deviceId}:${line.day}`;
      if (!wanted.has(key)) continue;
      let day = counted.get(key);
      if (!day) {
        const hours = Math.ceil(zone.dayLengthMs(parseDate(line.day)) / 3_600_000);
        day = { readings: line.readings, count: { rows: 0, hours: new Uint8Array(hours) } };
        counted.set(key, day);
      }
      if (line.hour >= 0) {
        day.count.rows += line.rows;
        day.count.hours[line.hour] = line.rows;
      }
    }
    for (const line of missing) {
      const day = counted.get(`${line.deviceId}:${line.day}`);
      if (!day) continue;
      counts.set(`${line.deviceId}:${line.day}`, day.count);
      this.remember(this.keyOf(zone, line.deviceId, line.day), day);
    }
    return counts;
  }

  private remember(key: string, day: { readings: number; count: DayCount }): void {
    this.days.delete(key);
    this.days.set(key, day);
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

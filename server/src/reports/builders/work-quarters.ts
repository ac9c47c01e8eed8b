import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { dateText } from '../../time/calendar.ts';
import type { DayNumber } from '../../time/calendar.ts';
import type { TimeZone } from '../../time/time-zone.ts';
import { WorkRollupRepository } from '../../rollups/work-repository.ts';
import type { QuarterDay } from './data/work-quarters-repository.ts';
import { WorkQuartersRepository } from './data/work-quarters-repository.ts';

export const QUARTER_MS = 900_000;
/** Days computed from the 5-minute rollup per query (and per fill transaction): 50 devices × a week is ~100,000 rows. */
const FILL_DAYS = 7;

/** Each device's work per quarter hour of each local date of a run of dates. */
export class QuarterGrid {
  private readonly days = new Map<string, number[]>();

  set(day: QuarterDay): void {
    this.days.set(`${day.deviceId}:${day.day}`, day.work);
  }

  /** The device's cells of the date: one per quarter hour, or empty when it had no work reading that date (zeros). */
  of(deviceId: number, day: DayNumber): readonly number[] {
    return this.days.get(`${deviceId}:${dateText(day)}`) ?? [];
  }

  /** Whether any device had a work reading on any of the dates. */
  hasReadings(): boolean {
    for (const work of this.days.values()) if (work.length > 0) return true;
    return false;
  }
}

/**
 * The quarter hours of the devices over the local dates first..last. A date before `today` has ended: its cells come
 * from the cache of closed days (migration 022) and, where they are not stored yet (or were dropped by a late reading,
 * or stored in another zone), from the 5-minute rollup, then are stored for the next reader. Today and later dates
 * are always computed from the 5-minute rollup: they still change with every batch.
 */
export async function readQuarterGrid(
  db: Kysely<DB>,
  companyId: number,
  zone: TimeZone,
  deviceIds: readonly number[],
  first: DayNumber,
  last: DayNumber,
  today: DayNumber,
): Promise<QuarterGrid> {
  const grid = new QuarterGrid();
  const cache = new WorkQuartersRepository(db);
  const lastClosed = Math.min(last, today - 1);
  if (first <= lastClosed) {
    const stored = new Set<string>();
    for (const day of await cache.storedDays(companyId, deviceIds, dateText(first), dateText(lastClosed), zone.name)) {
      grid.set(day);
      stored.add(`${day.deviceId}:${day.day}`);
    }
    for (let from = first; from <= lastClosed; from += FILL_DAYS) {
      const to = Math.min(from + FILL_DAYS - 1, lastClosed);
      const missing = deviceIds.filter((id) => rangeOf(from, to).some((day) => !stored.has(`${id}:${dateText(day)}`)));
      if (missing.length === 0) continue;
      await cache.whileSteady(missing, async (trx, steady) => {
        const days = await computeDays(trx, companyId, zone, missing, from, to);
        for (const day of days) grid.set(day);
        const toStore = days.filter((d) => steady.has(d.deviceId) && !stored.has(`${d.deviceId}:${d.day}`));
        await new WorkQuartersRepository(trx).store(companyId, zone.name, toStore);
      });
    }
  }
  const firstOpen = Math.max(first, today);
  if (firstOpen <= last) for (const day of await computeDays(db, companyId, zone, deviceIds, firstOpen, last)) grid.set(day);
  return grid;
}

/** Every device's quarter-hour cells of every date first..last from the 5-minute rollup (an empty array: no reading). */
async function computeDays(
  db: Kysely<DB>,
  companyId: number,
  zone: TimeZone,
  deviceIds: readonly number[],
  first: DayNumber,
  last: DayNumber,
): Promise<QuarterDay[]> {
  const start = zone.startOfDay(first);
  const end = zone.endOfDay(last);
  // The date of every quarter hour of the run, and each date's first slot.
  const dayOfSlot = new Int32Array((end - start) / QUARTER_MS);
  const firstSlot: number[] = [];
  for (const day of rangeOf(first, last)) {
    const from = (zone.startOfDay(day) - start) / QUARTER_MS;
    firstSlot.push(from);
    dayOfSlot.fill(day - first, from, (zone.endOfDay(day) - start) / QUARTER_MS);
  }
  const columns = new Map<number, { slots: number[]; work: number[] }>();
  for (const column of await new WorkRollupRepository(db).quarterHourWork(companyId, deviceIds, start, end)) columns.set(column.deviceId, column);
  const days: QuarterDay[] = [];
  for (const deviceId of deviceIds) {
    const cells: number[][] = rangeOf(first, last).map(() => []);
    const column = columns.get(deviceId);
    column?.slots.forEach((slot, i) => {
      const index = dayOfSlot[slot]!;
      const day = first + index;
      const work = (
        cells[index]!.length > 0 ? cells[index] : (cells[index] = new Array<number>((zone.endOfDay(day) - zone.startOfDay(day)) / QUARTER_MS).fill(0))
      )!;
      work[slot - firstSlot[index]!] = column.work[i]!;
    });
    cells.forEach((work, index) => days.push({ deviceId, day: dateText(first + index), work }));
  }
  return days;
}

const rangeOf = (first: DayNumber, last: DayNumber): DayNumber[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

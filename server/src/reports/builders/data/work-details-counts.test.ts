import { describe, expect, it } from 'vitest';
import { timeZone } from '../../../time/time-zone.ts';
import { WorkDetailsCounts } from './work-details-counts.ts';
import type { DayReadings, HourRowCount } from '../../../rollups/work-details-repository.ts';

/** The day rollup's fingerprints and the 5-minute rollup's counts of a fake database, and what was asked of it. */
class FakeRollups {
  readings = new Map<string, number>();
  hours = new Map<string, number[]>();
  counted: { deviceIds: number[]; from: string; to: string; timezone: string }[] = [];

  set(deviceId: number, day: string, readings: number, hours: number[]): void {
    this.readings.set(`${deviceId}:${day}`, readings);
    this.hours.set(`${deviceId}:${day}`, hours);
  }

  dayReadings(_companyId: number, deviceIds: readonly number[], from: string, to: string): Promise<DayReadings[]> {
    return Promise.resolve(
      [...this.readings]
        .map(([key, readings]) => ({ deviceId: Number(key.split(':')[0]), day: key.split(':')[1]!, readings }))
        .filter((d) => deviceIds.includes(d.deviceId) && d.day >= from && d.day <= to),
    );
  }

  hourRowCounts(
    _companyId: number,
    deviceIds: readonly number[],
    from: string,
    to: string,
    _start: number,
    _end: number,
    timezone: string,
  ): Promise<HourRowCount[]> {
    this.counted.push({ deviceIds: [...deviceIds], from, to, timezone });
    return this.dayReadings(0, deviceIds, from, to).then((days) =>
      days.flatMap((day) => {
        const hours = this.hours.get(`${day.deviceId}:${day.day}`)!;
        const lines = hours.flatMap((rows, hour) => (rows > 0 ? [{ ...day, hour, rows }] : []));
        return lines.length > 0 ? lines : [{ ...day, hour: -1, rows: 0 }];
      }),
    );
  }
}

const warsaw = timeZone('Europe/Warsaw');
const rowsOf = (counts: Map<string, { rows: number; hours: Uint8Array }>) =>
  Object.fromEntries([...counts].map(([key, c]) => [key, [c.rows, [...c.hours].filter((n) => n > 0)]]));

describe('WorkDetailsCounts', () => {
  it('counts a date once, again only when its readings fingerprint changed, and per zone', async () => {
    const rollups = new FakeRollups();
    rollups.set(1, '2026-10-24', 10, [12, 3]);
    rollups.set(2, '2026-10-24', 4, []);
    rollups.set(2, '2026-10-25', 7, [0, 0, 5]);
    const counts = new WorkDetailsCounts();
    const first = await counts.dayCounts(rollups, 1, warsaw, [1, 2], '2026-10-24', '2026-10-25');
    expect(rowsOf(first)).toEqual({ '1:2026-10-24': [15, [12, 3]], '2:2026-10-24': [0, []], '2:2026-10-25': [5, [5]] });
    // The 25-hour day has 25 hours.
    expect(first.get('2:2026-10-25')!.hours).toHaveLength(25);
    expect(rollups.counted).toHaveLength(2);

    rollups.counted = [];
    expect(rowsOf(await counts.dayCounts(rollups, 1, warsaw, [1, 2], '2026-10-24', '2026-10-25'))).toEqual(rowsOf(first));
    expect(rollups.counted).toEqual([]);

    // A late reading on the 25th of device 2 only.
    rollups.set(2, '2026-10-25', 8, [0, 0, 5, 1]);
    const later = await counts.dayCounts(rollups, 1, warsaw, [1, 2], '2026-10-24', '2026-10-25');
    expect(rowsOf(later)['2:2026-10-25']).toEqual([6, [5, 1]]);
    expect(rollups.counted).toEqual([{ deviceIds: [2], from: '2026-10-25', to: '2026-10-25', timezone: 'Europe/Warsaw' }]);

    rollups.counted = [];
    await counts.dayCounts(rollups, 1, timeZone('Asia/Kolkata'), [1], '2026-10-24', '2026-10-24');
    expect(rollups.counted).toEqual([{ deviceIds: [1], from: '2026-10-24', to: '2026-10-24', timezone: 'Asia/Kolkata' }]);
  });

  it('forgets the dates counted longest ago beyond its size', async () => {
    const rollups = new FakeRollups();
    for (const day of ['2026-10-20', '2026-10-21', '2026-10-22']) rollups.set(1, day, 1, [1]);
    const counts = new WorkDetailsCounts(2);
    await counts.dayCounts(rollups, 1, warsaw, [1], '2026-10-20', '2026-10-22');
    rollups.counted = [];
    await counts.dayCounts(rollups, 1, warsaw, [1], '2026-10-21', '2026-10-22');
    expect(rollups.counted).toEqual([]);
    await counts.dayCounts(rollups, 1, warsaw, [1], '2026-10-20', '2026-10-20');
    expect(rollups.counted).toEqual([{ deviceIds: [1], from: '2026-10-20', to: '2026-10-20', timezone: 'Europe/Warsaw' }]);
  });
});

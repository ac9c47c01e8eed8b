import { efficiencyPercent } from '@gearwatch/contracts';
import type { ReportCell } from '@gearwatch/contracts';
import type { WorkRollupRepository, WorkSums } from '../../../rollups/work-repository.ts';
import type { ReportBucket } from './periods.ts';
import { shiftCellKey } from './periods.ts';

/** Work (1), active (2) and counter (3) added up; efficiency = round(work / active × 100), 0 without activity. */
export const noSums = (): WorkSums => ({ work: 0, active: 0, counter: 0, readings: 0 });

export function addSums(into: WorkSums, more: WorkSums): WorkSums {
  into.work += more.work;
  into.active += more.active;
  into.counter += more.counter;
  into.readings += more.readings;
  return into;
}

/** The work, active, efficiency and counter cells of some sums, in the reports' column order. */
export const sumCells = (sums: WorkSums): ReportCell[] => [sums.work, sums.active, efficiencyPercent(sums.work, sums.active), sums.counter];

/** Sums per bucket and device of a plan, read from the rollup that matches the buckets (local days or shift cells). */
export class BucketSumTable {
  private constructor(private readonly cells: Map<string, WorkSums>) {}

  static async read(
    repository: WorkRollupRepository,
    companyId: number,
    deviceIds: readonly number[],
    buckets: readonly ReportBucket[],
  ): Promise<BucketSumTable> {
    const cells = new Map<string, WorkSums>();
    if (buckets.length === 0) return new BucketSumTable(cells);
    if (buckets[0]!.shiftPosition !== undefined) {
      const index = new Map(buckets.map((b, i) => [shiftCellKey(b.firstDay, b.shiftPosition!), i]));
      for (const row of await repository.shiftCellSums(companyId, deviceIds, buckets[0]!.firstDay, buckets[buckets.length - 1]!.lastDay)) {
        const bucket = index.get(shiftCellKey(row.day, row.position));
        if (bucket !== undefined) cells.set(`${bucket}:${row.deviceId}`, row);
      }
    } else {
      const rows = await repository.dateBucketSums(
        companyId,
        deviceIds,
        buckets.map((b) => b.firstDay),
        buckets[buckets.length - 1]!.lastDay,
      );
      for (const row of rows) cells.set(`${row.bucket}:${row.deviceId}`, row);
    }
    return new BucketSumTable(cells);
  }

  /** One device's sums in one bucket (zeros when nothing was stored). */
  of(bucket: number, deviceId: number): WorkSums {
    return this.cells.get(`${bucket}:${deviceId}`) ?? noSums();
  }

  /** Whether any reading of the work parameters fell in any bucket. */
  hasReadings(): boolean {
    for (const sums of this.cells.values()) if (sums.readings > 0) return true;
    return false;
  }
}

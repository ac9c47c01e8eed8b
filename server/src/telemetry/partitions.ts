/**
 * Monthly partitions of `readings` (UTC months). Pure naming and bound arithmetic; the DDL lives in the ingest
 * repository.
 */

export interface MonthPartition {
  /** readings_yYYYYmMM */
  name: string;
  /** Inclusive lower bound, first instant of the UTC month. */
  from: Date;
  /** Exclusive upper bound, first instant of the next UTC month. */
  to: Date;
}

/** Months as `year * 12 + monthIndex`, so neighbouring months are neighbouring integers. */
function monthKey(ts: Date): number {
  return ts.getUTCFullYear() * 12 + ts.getUTCMonth();
}

export function partitionForMonthKey(key: number): MonthPartition {
  const year = Math.floor(key / 12);
  const month = key % 12;
  return {
    name: `readings_y${String(year).padStart(4, '0')}m${String(month + 1).padStart(2, '0')}`,
    from: new Date(Date.UTC(year, month, 1)),
    to: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** The partitions a set of timestamps falls into, each once, oldest first. */
export function partitionsFor(timestamps: Iterable<Date>): MonthPartition[] {
  const keys = new Set<number>();
  for (const ts of timestamps) keys.add(monthKey(ts));
  return [...keys].sort((a, b) => a - b).map(partitionForMonthKey);
}

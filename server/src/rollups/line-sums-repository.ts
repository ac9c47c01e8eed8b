import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** One line of a live screen to sum: a device's parameter over [from, to), with its planned (shift) time. */
export interface AggregateItem {
  key: number;
  deviceId: number;
  parameter: number;
  from: Date;
  to: Date;
  /** Shift time inside [from, now] as a tstzmultirange text (production-views/live/shift-time.ts multirangeText). */
  planned: string;
}

/** What the 5-minute rollup says of one line's device over the period so far (`LineSumsRepository.aggregates`). */
export interface LineAggregate {
  /** Sum of the line's own parameter (a counter's count, work or active seconds); null without a row of it. */
  valueSum: number | null;
  /** Work (1) and active (2) seconds; null without a row of them. */
  work: number | null;
  active: number | null;
  /** Work seconds and the counter's count in 5-minute buckets that start inside planned (shift) time. */
  plannedWork: number;
  plannedCount: number;
  /** The newest reading of the parameters read (the line's, work, active) in the period. */
  lastTs: Date | null;
}

/** The live production screens' sums of the 5-minute rollup over each line's running period. */
export class LineSumsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Each item's sums over the 5-minute rollup from its period's start: its parameter, work (1) and active (2), and
   * the work and count in buckets starting inside its planned time. One statement for every line of every view; each
   * item reads at most three parameters' buckets of its period through the primary key (device, parameter, bucket),
   * so the cost grows with the period's 5-minute buckets, never with raw readings.
   */
  async aggregates(items: readonly AggregateItem[]): Promise<Map<number, LineAggregate>> {
    const result = new Map<number, LineAggregate>();
    if (items.length === 0) return result;
    const rows = await sql<{
      key: number;
      value_sum: number | null;
      work: number | null;
      active: number | null;
      planned_work: number | null;
      planned_count: number | null;
      last_ts: Date | null;
    }>`
      with items as (
        select * from unnest(${items.map((i) => i.key)}::int[], ${items.map((i) => i.deviceId)}::int[], ${items.map((i) => i.parameter)}::int[],
          ${items.map((i) => i.from.toISOString())}::timestamptz[], ${items.map((i) => i.to.toISOString())}::timestamptz[], ${items.map((i) => i.planned)}::text[])
          as i(key, device_id, parameter, from_ts, to_ts, planned)
      )
      select i.key,
        sum(r.sum) filter (where r.parameter_number = i.parameter) as value_sum,
        sum(r.sum) filter (where r.parameter_number = 1) as work,
        sum(r.sum) filter (where r.parameter_number = 2) as active,
        coalesce(sum(r.sum) filter (where r.parameter_number = 1 and r.bucket <@ i.planned::tstzmultirange), 0) as planned_work,
        coalesce(sum(r.sum) filter (where r.parameter_number = i.parameter and r.bucket <@ i.planned::tstzmultirange), 0) as planned_count,
        max(r.last_ts) as last_ts
      from items i
      left join lateral (
        select b.parameter_number, b.bucket, b.sum, b.last_ts from readings_5min b
        where b.device_id = i.device_id and b.parameter_number in (1, 2, i.parameter) and b.bucket >= i.from_ts and b.bucket < i.to_ts
      ) r on true
      group by i.key`.execute(this.db);
    for (const row of rows.rows) {
      const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      result.set(Number(row.key), {
        valueSum: num(row.value_sum),
        work: num(row.work),
        active: num(row.active),
        plannedWork: num(row.planned_work) ?? 0,
        plannedCount: num(row.planned_count) ?? 0,
        lastTs: row.last_ts === null ? null : new Date(row.last_ts),
      });
    }
    return result;
  }
}

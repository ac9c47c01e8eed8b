import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

/** One device's work per quarter hour of one local date; empty when the date had no work reading at all. */
export interface QuarterDay {
  deviceId: number;
  day: string;
  work: number[];
}

/**
 * The SQL of the work matrix's cache of closed local days (migration 022, docs/reports.md "The work matrix"). Rows
 * are written only inside `whileSteady`, which holds the devices' batch lock (`device_batch_lock_class()`, the
 * telemetry's session lock) shared; an ingest batch holds it exclusively while it adds readings and deletes the rows
 * of the dates they fall on, so cells computed and stored under the lock never miss a batch that commits later.
 */
export class WorkQuartersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The stored days of the devices from..to computed in `timezone` (rows of another zone are not whole for it). */
  async storedDays(companyId: number, deviceIds: readonly number[], from: string, to: string, timezone: string): Promise<QuarterDay[]> {
    if (deviceIds.length === 0 || to < from) return [];
    const result = await sql<{ deviceId: number; day: string; work: string }>`
      select q.device_id as "deviceId", q.day::text as "day", q.work
      from work_quarter_days q
      where q.company_id = ${companyId} and q.device_id = any(${[...deviceIds]}::int[]) and q.day between ${from}::date and ${to}::date
        and q.timezone = ${timezone}`.execute(this.db);
    return result.rows.map((row) => ({ deviceId: row.deviceId, day: row.day, work: JSON.parse(row.work) as number[] }));
  }

  /**
   * Runs `work` in a transaction that holds, shared, the session lock of every device among `deviceIds` that no
   * ingest batch holds at this moment; `steady` lists those. A batch of a steady device waits until this commits;
   * a device whose batch is being written is not waited for (its days are simply not stored this time).
   */
  whileSteady<T>(deviceIds: readonly number[], work: (db: Kysely<DB>, steady: ReadonlySet<number>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await sql<{ id: number }>`
        select d.id from unnest(${[...deviceIds].sort((a, b) => a - b)}::int[]) as d (id)
        where pg_try_advisory_xact_lock_shared(device_batch_lock_class(), d.id)`.execute(trx);
      return work(trx, new Set(locked.rows.map((r) => r.id)));
    });
  }

  /** Stores closed days computed in `timezone` (to be called inside `whileSteady`, for its steady devices only). */
  async store(companyId: number, timezone: string, days: readonly QuarterDay[]): Promise<void> {
    if (days.length === 0) return;
    const sorted = [...days].sort((a, b) => a.deviceId - b.deviceId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    // Sorted by key, so two readers filling the same days lock the rows in the same order.
    await sql`
      insert into work_quarter_days as q (company_id, device_id, day, timezone, work)
      select ${companyId}::int, r.device_id, r.day, ${timezone}, r.work
      from unnest(${sorted.map((d) => d.deviceId)}::int[], ${sorted.map((d) => d.day)}::date[], ${sorted.map((d) => JSON.stringify(d.work))}::text[]) as r (device_id, day, work)
      order by r.device_id, r.day
      on conflict (device_id, day) do update set timezone = excluded.timezone, work = excluded.work`.execute(this.db);
  }
}

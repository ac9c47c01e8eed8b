import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface ProductionShiftRow {
  id: number;
  position: number;
  name: string;
  hourStart: number;
  hourEnd: number;
}

export class ProductionShiftsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The company's shifts in their order. */
  listOf(companyId: number): Promise<ProductionShiftRow[]> {
    return this.db
      .selectFrom('production_shifts')
      .select(['id', 'position', 'name', 'hour_start as hourStart', 'hour_end as hourEnd'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .execute();
  }

  /**
   * The company's shifts become `shifts`, in one transaction. The shift cells are rebuilt once, at the end, and only
   * when a window changed (an hour, or a shift added or removed): a rename keeps them (migration 029).
   */
  async replace(companyId: number, shifts: Omit<ProductionShiftRow, 'id'>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Two saves at once take turns on the company's row, so neither sees the other's half-replaced list.
      await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
      await sql`select set_config('gearwatch.shift_rebuild', 'deferred', true)`.execute(trx);
      const before = await trx
        .selectFrom('production_shifts')
        .select(['position', 'hour_start as hourStart', 'hour_end as hourEnd'])
        .where('company_id', '=', companyId)
        .orderBy('position')
        .execute();
      if (sameWindows(before, shifts)) {
        for (const shift of shifts) {
          await trx
            .updateTable('production_shifts')
            .set({ name: shift.name })
            .where('company_id', '=', companyId)
            .where('position', '=', shift.position)
            .execute();
        }
      } else {
        await trx.deleteFrom('production_shifts').where('company_id', '=', companyId).execute();
        if (shifts.length) {
          await trx
            .insertInto('production_shifts')
            .values(shifts.map((s) => ({ company_id: companyId, position: s.position, name: s.name, hour_start: s.hourStart, hour_end: s.hourEnd })))
            .execute();
        }
        await sql`select rebuild_shift_rollup(${companyId}::int)`.execute(trx);
      }
      await sql`select set_config('gearwatch.shift_rebuild', '', true)`.execute(trx);
    });
  }
}

type Window = Pick<ProductionShiftRow, 'position' | 'hourStart' | 'hourEnd'>;

/** Whether two lists in position order describe the same windows (names aside). */
function sameWindows(before: readonly Window[], after: readonly Window[]): boolean {
  return (
    before.length === after.length &&
    before.every((shift, i) => {
      const other = after[i];
      return other !== undefined && shift.position === other.position && shift.hourStart === other.hourStart && shift.hourEnd === other.hourEnd;
    })
  );
}

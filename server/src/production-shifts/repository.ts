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

  /** The company's shifts become `shifts`, in one transaction (the triggers derive the shift rollups again). */
  async replace(companyId: number, shifts: Omit<ProductionShiftRow, 'id'>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Two saves at once take turns on the company's row, so neither sees the other's half-replaced list.
      await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
      await trx.deleteFrom('production_shifts').where('company_id', '=', companyId).execute();
      if (!shifts.length) return;
      await trx
        .insertInto('production_shifts')
        .values(shifts.map((s) => ({ company_id: companyId, position: s.position, name: s.name, hour_start: s.hourStart, hour_end: s.hourEnd })))
        .execute();
    });
  }
}

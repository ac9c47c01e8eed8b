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
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface DemoProductionViewRow {
  companyId: number;
  createdBy: number;
  name: string;
  viewType: 'columns' | 'rows';
  resetHours: number[];
  logo: { bytes: Buffer; type: 'image/png' | 'image/jpeg' };
  lines: { label: string; deviceId: number; parameter: number; goal: number }[];
}

/** The demo's production view (migration 021), in the seed's transaction. */
export class DemoProductionSeedRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(view: DemoProductionViewRow): Promise<void> {
    const row = await this.db
      .insertInto('production_views')
      .values({
        company_id: view.companyId,
        created_by: view.createdBy,
        name: view.name,
        view_type: view.viewType,
        reset_hours: sql<number[]>`${view.resetHours}::smallint[]`,
        logo: view.logo.bytes,
        logo_type: view.logo.type,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('production_view_lines')
      .values(view.lines.map((line, position) => ({ company_id: view.companyId, view_id: row.id, position, label: line.label, device_id: line.deviceId, parameter: line.parameter, goal: line.goal })))
      .execute();
  }
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Reads that the forms of several resources share; their repositories delegate to one of these on their connection. */
export class FormLookupsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every company by name: the super-admin's `company` field. */
  companyChoices(): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** Whether another row of the company (not `exceptId`) has this name, in any letter case. */
  async nameTakenInCompany(table: 'devices' | 'device_groups' | 'operator_groups', companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** Which of `ids` are rows of the company. */
  async companyRowIds(table: 'devices' | 'operators', companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }
}

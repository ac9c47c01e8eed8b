import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { prefixPattern } from './duplicate.ts';

/** First key of the advisory lock serialising the copies of one company (the second is the company). */
const COPY_LOCK_KEY = 720_431_171;

/** The company tables whose rows can be duplicated under a name of their own. */
export type CopyNamedTable = 'devices' | 'device_groups' | 'alert_rules' | 'report_configurations' | 'production_views';

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

  /** The names, in lower case, of the company's rows that start with `prefix` whatever the letter case (numbering copies). */
  async namesInCompanyStartingWith(table: CopyNamedTable, companyId: number, prefix: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom(table)
      .select(sql<string>`lower(name)`.as('name'))
      .where('company_id', '=', companyId)
      .where(sql`lower(name)`, 'like', prefixPattern(prefix))
      .execute();
    return new Set(rows.map((r) => r.name));
  }

  /** Serialises the copies (duplicate calls) of one company until the transaction ends. */
  async lockCompanyCopies(companyId: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(${COPY_LOCK_KEY}::int, ${companyId}::int)`.execute(this.db);
  }

  /** Which of `ids` are rows of the company. */
  async companyRowIds(table: 'devices' | 'operators', companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }
}

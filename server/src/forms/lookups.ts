import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** SQL that the forms of several resources share; their repositories delegate to it. */

/** Every company by name: the super-admin's `company` field. */
export function companyChoices(db: Kysely<DB>): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('companies').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** Whether another row of the company (not `exceptId`) has this name, in any letter case. */
export async function nameTakenInCompany(
  db: Kysely<DB>,
  table: 'devices' | 'device_groups' | 'operator_groups',
  companyId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('company_id', '=', companyId).where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** Which of `ids` are rows of the company. */
export async function companyRowIds(db: Kysely<DB>, table: 'devices' | 'operators', companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom(table).select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

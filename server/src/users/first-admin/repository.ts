import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { CompaniesTable, DB } from '../../db/schema.ts';
import { UsersRepository } from '../repository.ts';

/**
 * What `create-admin` writes besides the user itself: the company the first super-admin belongs to. Every installation
 * needs it, demo or not, so it lives with the users and not with the demo data.
 */
export class FirstAdminRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Runs `work` in one transaction with this repository and the users repository bound to it (use only those). */
  transaction<T>(work: (companies: FirstAdminRepository, users: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FirstAdminRepository(trx), new UsersRepository(trx)));
  }

  /** Company names are compared case-insensitively, so "acme ops" finds "Acme Ops". */
  findCompanyByName(name: string): Promise<{ id: number; name: string } | undefined> {
    return this.db
      .selectFrom('companies')
      .select(['id', 'name'])
      .where(sql`lower(name)`, '=', name.trim().toLowerCase())
      .executeTakeFirst();
  }

  insertCompany(row: Insertable<CompaniesTable>): Promise<{ id: number; name: string }> {
    return this.db.insertInto('companies').values(row).returning(['id', 'name']).executeTakeFirstOrThrow();
  }
}

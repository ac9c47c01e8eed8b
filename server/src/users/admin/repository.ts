import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../security/context.ts';
import { FormLookupsRepository } from '../../forms/lookups-repository.ts';

/** A user as the user management shows and edits it. */
export interface ManagedUserRow {
  id: number;
  companyId: number;
  companyName: string;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  phone: string | null;
  rfid: string | null;
  note: string | null;
  isActive: boolean;
  isSuperAdmin: boolean;
  canImpersonate: boolean;
  lastLoginAt: Date | string | null;
}

/** What a user write stores; a new user has no password until they follow the welcome link. */
export interface ManagedUserWrite {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  language: string;
  phone: string | null;
  rfid: string | null;
  note: string | null;
  isActive: boolean;
  isSuperAdmin: boolean;
  canImpersonate: boolean;
}

/** The unique indexes on lower(username) and lower(email) of 001_core.sql. */
export const USERNAME_CONSTRAINT = 'users_username_key';
export const EMAIL_CONSTRAINT = 'users_email_key';

/** The user management's SQL: one user in the caller's scope, uniqueness, and the writes. */
export class UserAdminRepository {
  private readonly lookups: FormLookupsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.lookups = new FormLookupsRepository(db);
  }

  /** `work` gets the repository on the transaction, and the transaction for other features' writes (the welcome mail). */
  transaction<T>(work: (repository: UserAdminRepository, trx: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new UserAdminRepository(trx), trx));
  }

  find(scope: TenantScope, id: number): Promise<ManagedUserRow | undefined> {
    let query = this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.company_id as companyId',
        'companies.name as companyName',
        'users.username',
        'users.email',
        'users.firstname',
        'users.lastname',
        'users.language',
        'users.phone',
        'users.rfid',
        'users.note',
        'users.is_active as isActive',
        'users.is_super_admin as isSuperAdmin',
        'users.can_impersonate as canImpersonate',
        'users.last_login_at as lastLoginAt',
      ])
      .where('users.id', '=', id);
    if (scope.kind === 'company') query = query.where('users.company_id', '=', scope.companyId);
    return query.executeTakeFirst();
  }

  companies(): Promise<{ id: number; name: string }[]> {
    return this.lookups.companyChoices();
  }

  /** Which of the username and the e-mail another user has, whatever the letter case. */
  async taken(username: string, email: string, exceptId: number | null): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.db
      .selectFrom('users')
      .select([sql<string>`lower(username)`.as('username'), sql<string>`lower(email)`.as('email')])
      .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]))
      .where('id', '!=', exceptId ?? 0)
      .execute();
    return {
      username: rows.some((r) => r.username === username.toLowerCase()),
      email: rows.some((r) => r.email === email.toLowerCase()),
    };
  }

  private static columnsOf(user: ManagedUserWrite) {
    return {
      username: user.username,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      language: user.language,
      phone: user.phone,
      rfid: user.rfid,
      note: user.note,
      is_active: user.isActive,
      is_super_admin: user.isSuperAdmin,
      can_impersonate: user.canImpersonate,
    };
  }

  async insert(companyId: number, user: ManagedUserWrite): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({ company_id: companyId, password_hash: null, ...UserAdminRepository.columnsOf(user) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** False when the user is gone. */
  async update(id: number, user: ManagedUserWrite): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ ...UserAdminRepository.columnsOf(user), updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Deletes the user. Their settings, sessions (refresh tokens, also those they opened as an impersonator), password
   * links, support messages and places on device requirement lists go with them (on delete cascade); support
   * messages they wrote while impersonating someone else stay, without them (on delete set null).
   */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}

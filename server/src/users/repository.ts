import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface UserRecord {
  id: number;
  companyId: number;
  companyName: string;
  companyTimezone: string;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string | null;
  avatar: string | null;
  language: string;
  isSuperAdmin: boolean;
  canImpersonate: boolean;
  isActive: boolean;
}

export interface NewUser {
  companyId: number;
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string | null;
  language?: string;
  isSuperAdmin?: boolean;
  canImpersonate?: boolean;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private baseQuery() {
    return this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.company_id as companyId',
        'companies.name as companyName',
        'companies.timezone as companyTimezone',
        'users.username',
        'users.email',
        'users.firstname',
        'users.lastname',
        'users.password_hash as passwordHash',
        'users.avatar',
        'users.language',
        'users.is_super_admin as isSuperAdmin',
        'users.can_impersonate as canImpersonate',
        'users.is_active as isActive',
      ]);
  }

  /** Looks a user up by username or e-mail, case-insensitively. */
  findByLogin(login: string): Promise<UserRecord | undefined> {
    const lowered = login.trim().toLowerCase();
    return this.baseQuery()
      .where((eb) => eb.or([eb(sql`lower(users.username)`, '=', lowered), eb(sql`lower(users.email)`, '=', lowered)]))
      .orderBy(sql`lower(users.username) = ${lowered}`, 'desc')
      .executeTakeFirst();
  }

  /** Looks a user up by e-mail only, case-insensitively (e-mails are unique regardless of case). */
  findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.baseQuery()
      .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  findById(id: number): Promise<UserRecord | undefined> {
    return this.baseQuery().where('users.id', '=', id).executeTakeFirst();
  }

  async recordLogin(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ last_login_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  async insert(user: NewUser): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({
        company_id: user.companyId,
        username: user.username,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        password_hash: user.passwordHash,
        language: user.language ?? 'pl',
        is_super_admin: user.isSuperAdmin ?? false,
        can_impersonate: user.canImpersonate ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async existsByUsernameOrEmail(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb(sql`lower(email)`, '=', email.toLowerCase())]))
      .execute();
    return {
      username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
      email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
    };
  }
}

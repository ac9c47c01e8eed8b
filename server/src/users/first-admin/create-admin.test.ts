import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { CreateAdminError, createSuperAdmin, readAdminArguments, validateSuperAdminInput } from './create-admin.ts';

describe('createSuperAdmin', { timeout: 60_000 }, () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({});
    await migrate(database);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const userRow = (username: string) =>
    database.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.email',
        'users.password_hash',
        'users.is_super_admin',
        'users.can_impersonate',
        'users.firstname',
        'companies.name as company',
        'companies.timezone',
      ])
      .where('users.username', '=', username)
      .executeTakeFirst();

  it('creates the default company and a super-admin who can impersonate', async () => {
    const result = await createSuperAdmin(database.db, { username: 'root', email: 'root@example.test', password: 'long enough secret', firstname: ' Ada ' });
    expect(result).toMatchObject({ username: 'root', companyName: 'Gearwatch', companyCreated: true });
    const row = await userRow('root');
    expect(row).toMatchObject({
      id: result.userId,
      is_super_admin: true,
      can_impersonate: true,
      firstname: 'Ada',
      company: 'Gearwatch',
      timezone: 'Europe/Warsaw',
    });
    expect(await verifyPassword(row?.password_hash ?? null, 'long enough secret')).toBe(true);
  });

  it('reuses an existing company, matching its name case-insensitively', async () => {
    const first = await createSuperAdmin(database.db, { username: 'ops.one', email: 'ops1@example.test', password: 'password1', companyName: 'Acme Ops' });
    const second = await createSuperAdmin(database.db, { username: 'ops.two', email: 'ops2@example.test', password: 'password2', companyName: 'acme ops' });
    expect(first.companyCreated).toBe(true);
    expect(second).toMatchObject({ companyCreated: false, companyId: first.companyId, companyName: 'Acme Ops' });
  });

  it('refuses a taken username or e-mail, whatever the case', async () => {
    await expect(createSuperAdmin(database.db, { username: 'ROOT', email: 'other@example.test', password: 'password123' })).rejects.toThrow(
      /a user named "ROOT" already exists/,
    );
    await expect(createSuperAdmin(database.db, { username: 'someone', email: 'Root@Example.TEST', password: 'password123' })).rejects.toThrow(
      /e-mail "Root@Example.TEST" already exists/,
    );
    expect(await userRow('someone')).toBeUndefined();
  });

  it('rejects invalid input before touching the database', async () => {
    const error = await createSuperAdmin(database.db, { username: 'x!', email: 'not-an-email', password: 'short' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreateAdminError);
    expect((error as CreateAdminError).problems).toHaveLength(3);
    expect(await userRow('x!')).toBeUndefined();
  });
});

describe('validateSuperAdminInput', () => {
  const valid = { username: 'admin.2@site-x', email: 'a@b.example', password: '12345678' };

  it('accepts a valid account', () => {
    expect(validateSuperAdminInput(valid)).toEqual([]);
  });

  it('checks username, e-mail, password and company', () => {
    expect(validateSuperAdminInput({ ...valid, username: 'ab' })).toHaveLength(1);
    expect(validateSuperAdminInput({ ...valid, username: 'a'.repeat(181) })).toHaveLength(1);
    expect(validateSuperAdminInput({ ...valid, username: 'has space' })).toHaveLength(1);
    expect(validateSuperAdminInput({ ...valid, email: 'a@' })).toHaveLength(1);
    expect(validateSuperAdminInput({ ...valid, password: '1234567' })).toEqual(['password must be at least 8 characters']);
    expect(validateSuperAdminInput({ ...valid, companyName: 'X' })).toHaveLength(1);
  });
});

describe('readAdminArguments', () => {
  it('prefers flags over the ADMIN_* variables', () => {
    const result = readAdminArguments(['--username', 'flag', '--company=Acme'], { ADMIN_USERNAME: 'env', ADMIN_EMAIL: 'e@x.example', ADMIN_PASSWORD: '' });
    expect(result).toEqual({ help: false, input: { username: 'flag', email: 'e@x.example', companyName: 'Acme' } });
  });

  it('reports help and rejects unknown flags', () => {
    expect(readAdminArguments(['-h'], {}).help).toBe(true);
    expect(() => readAdminArguments(['--nope'], {})).toThrow(CreateAdminError);
    expect(() => readAdminArguments(['stray'], {})).toThrow(CreateAdminError);
  });
});

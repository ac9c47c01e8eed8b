import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import type { DB } from '../src/db/schema.ts';
import { hashPassword } from '../src/security/passwords.ts';
import type { TestContext } from './context.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++counter}`;

export interface TestCompany {
  id: number;
  name: string;
}

export async function createCompany(db: Kysely<DB>, name = unique('Company ')): Promise<TestCompany> {
  const row = await db.insertInto('companies').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();
  return row;
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  companyId: number;
}

export async function createUser(
  db: Kysely<DB>,
  companyId: number,
  options: {
    username?: string;
    password?: string;
    firstname?: string;
    lastname?: string;
    email?: string;
    superAdmin?: boolean;
    impersonate?: boolean;
    active?: boolean;
    language?: 'pl' | 'en' | 'lv' | 'ru';
  } = {},
): Promise<TestUser> {
  const username = options.username ?? unique('user');
  const password = options.password ?? 'correct horse battery';
  const row = await db
    .insertInto('users')
    .values({
      company_id: companyId,
      username,
      email: options.email ?? `${username}@example.test`,
      firstname: options.firstname ?? 'Test',
      lastname: options.lastname ?? username,
      password_hash: await hashPassword(password),
      is_super_admin: options.superAdmin ?? false,
      can_impersonate: options.impersonate ?? false,
      is_active: options.active ?? true,
      ...(options.language ? { language: options.language } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password, companyId };
}

/** A device type with parameters 1 (work) and 2 (active), and a device of it in the company. */
export async function createDevice(db: Kysely<DB>, companyId: number, name = unique('Device ')): Promise<{ id: number; deviceTypeId: number }> {
  const type = await db
    .insertInto('device_types')
    .values({ name: unique('Type ') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unit = await db
    .insertInto('units')
    .values({ name: unique('seconds'), short: 's', long: 'seconds', min: null, max: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('parameters')
    .values([
      { device_type_id: type.id, number: 1, name: 'work', tags: ['effective work time'], unit_id: unit.id, aggregation: 'sum' },
      { device_type_id: type.id, number: 2, name: 'active', tags: ['device active'], unit_id: unit.id, aggregation: 'sum' },
    ])
    .execute();
  const device = await db.insertInto('devices').values({ company_id: companyId, device_type_id: type.id, name }).returning('id').executeTakeFirstOrThrow();
  return { id: device.id, deviceTypeId: type.id };
}

export function form(fields: Record<string, string>) {
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

export async function signIn(app: FastifyInstance, username: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/token',
    ...form({ grant_type: 'password', client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret, username, password }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string; refresh_token: string }>();
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A new company and the token of a user of it: a caller whose company's rows a test controls (or leaves empty). */
export async function signedInCompany(ctx: TestContext, name?: string): Promise<{ company: TestCompany; token: string }> {
  const company = await createCompany(ctx.database.db, name);
  const user = await createUser(ctx.database.db, company.id);
  return { company, token: (await signIn(ctx.app, user.username, user.password)).access_token };
}

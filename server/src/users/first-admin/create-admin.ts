import { parseArgs } from 'node:util';
import { z } from 'zod';
import { USERNAME_PATTERN } from '@gearwatch/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashPassword } from '../../security/passwords.ts';
import { FirstAdminRepository } from './repository.ts';
import { UsersRepository } from '../repository.ts';

export const DEFAULT_ADMIN_COMPANY = 'Gearwatch';
export const DEFAULT_ADMIN_COMPANY_TIMEZONE = 'Europe/Warsaw';
export const MIN_ADMIN_PASSWORD_LENGTH = 8;

export interface CreateSuperAdminInput {
  username: string;
  email: string;
  password: string;
  firstname?: string;
  lastname?: string;
  /** The company the account belongs to; created when no company has this name. */
  companyName?: string;
}

export interface CreateSuperAdminResult {
  userId: number;
  username: string;
  companyId: number;
  companyName: string;
  companyCreated: boolean;
}

/** Bad input or a clash with an existing account; the message is meant for the person running the command. */
export class CreateAdminError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'CreateAdminError';
  }
}

const emailSchema = z.email();

/** Lists every problem with the input at once, so the operator can fix them in one go. */
export function validateSuperAdminInput(input: CreateSuperAdminInput): string[] {
  const problems: string[] = [];
  if (!USERNAME_PATTERN.test(input.username.trim())) {
    problems.push('username must be 3-180 characters of letters, digits and . _ @ -');
  }
  if (!emailSchema.safeParse(input.email.trim()).success) problems.push(`"${input.email}" is not a valid e-mail address`);
  if (input.password.length < MIN_ADMIN_PASSWORD_LENGTH) problems.push(`password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  // Sign-in accepts at most this many characters, so a longer password could never be used.
  if (input.password.length > 4096) problems.push('password must be at most 4096 characters');
  const company = input.companyName?.trim();
  if (company !== undefined && (company.length < 3 || company.length > 128)) problems.push('company name must be 3-128 characters');
  for (const field of ['firstname', 'lastname'] as const) {
    if ((input[field]?.trim().length ?? 0) > 128) problems.push(`${field} must be at most 128 characters`);
  }
  return problems;
}

/**
 * Creates a super-admin (who may also impersonate) in the named company, creating the company if needed. Throws
 * CreateAdminError on invalid input or when the username or e-mail is taken (compared case-insensitively).
 */
export async function createSuperAdmin(db: Kysely<DB>, input: CreateSuperAdminInput): Promise<CreateSuperAdminResult> {
  const problems = validateSuperAdminInput(input);
  if (problems.length) throw new CreateAdminError(problems);
  const username = input.username.trim();
  const email = input.email.trim();
  const companyName = input.companyName?.trim() || DEFAULT_ADMIN_COMPANY;

  await assertAvailable(new UsersRepository(db), username, email);
  const passwordHash = await hashPassword(input.password);

  try {
    return await new FirstAdminRepository(db).transaction(async (companies, users) => {
      const existing = await companies.findCompanyByName(companyName);
      const company =
        existing ?? (await companies.insertCompany({ name: companyName, timezone: DEFAULT_ADMIN_COMPANY_TIMEZONE, subscription_type: 'premium' }));
      const userId = await users.insert({
        companyId: company.id,
        username,
        email,
        firstname: input.firstname?.trim() ?? '',
        lastname: input.lastname?.trim() ?? '',
        passwordHash,
        language: 'en',
        isSuperAdmin: true,
        canImpersonate: true,
      });
      return { userId, username, companyId: company.id, companyName: company.name, companyCreated: !existing };
    });
  } catch (error) {
    // Someone took the name between the check and the insert: report it like the check would have.
    if (isUniqueViolation(error)) await assertAvailable(new UsersRepository(db), username, email);
    throw error;
  }
}

async function assertAvailable(users: UsersRepository, username: string, email: string): Promise<void> {
  const taken = await users.existsByUsernameOrEmail(username, email);
  const problems: string[] = [];
  if (taken.username) problems.push(`a user named "${username}" already exists`);
  if (taken.email) problems.push(`a user with the e-mail "${email}" already exists`);
  if (problems.length) throw new CreateAdminError(problems);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export const CREATE_ADMIN_USAGE = `Creates a super-admin account (may also impersonate users).

Usage: npm run create-admin -w server -- --username <name> --email <address> --password <secret>
                                          [--firstname <name>] [--lastname <name>] [--company <name>]

Missing values are taken from ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD, or asked for when run in a terminal.
The account joins the company named by --company (default "${DEFAULT_ADMIN_COMPANY}"), which is created if absent.
The database is DATABASE_URL, or the embedded PGlite database in DATA_DIR (stop the server first when using PGlite).
`;

export interface AdminArguments {
  help: boolean;
  input: Partial<CreateSuperAdminInput>;
}

/** Reads flags, falling back to ADMIN_* variables; throws CreateAdminError on unknown or malformed flags. */
export function readAdminArguments(argv: string[], env: Record<string, string | undefined>): AdminArguments {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        firstname: { type: 'string' },
        lastname: { type: 'string' },
        company: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CreateAdminError([error instanceof Error ? error.message : String(error)]);
  }
  const text = (name: string, envName?: string): string | undefined => {
    const value = values[name];
    if (typeof value === 'string') return value;
    const fromEnv = envName ? env[envName] : undefined;
    return fromEnv === '' ? undefined : fromEnv;
  };
  const input: Partial<CreateSuperAdminInput> = {
    username: text('username', 'ADMIN_USERNAME'),
    email: text('email', 'ADMIN_EMAIL'),
    password: text('password', 'ADMIN_PASSWORD'),
    firstname: text('firstname'),
    lastname: text('lastname'),
    companyName: text('company'),
  };
  // Absent keys rather than undefined ones, so callers can spread prompted values over them.
  for (const k of Object.keys(input) as (keyof CreateSuperAdminInput)[]) if (input[k] === undefined) delete input[k];
  return { help: values.help === true, input };
}

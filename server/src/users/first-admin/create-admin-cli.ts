import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import type { CreateSuperAdminInput } from './create-admin.ts';
import { CREATE_ADMIN_USAGE, CreateAdminError, createSuperAdmin, readAdminArguments, validateSuperAdminInput } from './create-admin.ts';

/** Exit codes: 0 created, 1 unexpected failure, 2 bad input or configuration. */
async function main(): Promise<number> {
  // The ADMIN_* variables belong to this command only, so they are read here rather than in config.ts.
  const { help, input } = readAdminArguments(process.argv.slice(2), process.env);
  if (help) {
    process.stdout.write(CREATE_ADMIN_USAGE);
    return 0;
  }
  const complete = await completeInput(input);
  // Validate before opening the database: bad input should fail fast, without touching data.
  const problems = validateSuperAdminInput(complete);
  if (problems.length) throw new CreateAdminError(problems);

  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const applied = await migrate(database);
    if (applied.length) process.stdout.write(`Applied migrations: ${applied.join(', ')}\n`);
    const result = await createSuperAdmin(database.db, complete);
    process.stdout.write(
      `${result.companyCreated ? `Created company "${result.companyName}" (id ${result.companyId}).` : `Using company "${result.companyName}" (id ${result.companyId}).`}\n` +
        `Created super-admin "${result.username}" (id ${result.userId}) with impersonation rights.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function completeInput(input: Partial<CreateSuperAdminInput>): Promise<CreateSuperAdminInput> {
  const missing = (['username', 'email', 'password'] as const).filter((k) => input[k] === undefined);
  if (missing.length === 0) return input as CreateSuperAdminInput;
  if (!process.stdin.isTTY) {
    throw new CreateAdminError(missing.map((k) => `missing --${k} (or ADMIN_${k.toUpperCase()}); no terminal to ask in`));
  }
  const username = input.username ?? (await ask('Username: '));
  const email = input.email ?? (await ask('E-mail: '));
  let password = input.password;
  if (password === undefined) {
    password = await ask('Password: ', true);
    if ((await ask('Repeat password: ', true)) !== password) throw new CreateAdminError(['the passwords do not match']);
  }
  return { ...input, username, email, password };
}

/** One line from the terminal; with hidden set, typed characters are not echoed. */
async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  // readline echoes input through its output stream, so a stream that drops writes while muted hides the answer.
  const output = new Writable({
    write(chunk: Buffer, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    if (!hidden) return (await rl.question(question)).trim();
    // The label goes straight to stdout: readline's own output, including its redraws on each key, is muted.
    process.stdout.write(question);
    muted = true;
    return await rl.question('');
  } finally {
    if (muted) process.stdout.write('\n');
    rl.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CreateAdminError || error instanceof ConfigError) {
      process.stderr.write(`create-admin: ${error.message.replaceAll('\n', '\ncreate-admin: ')}\n`);
      if (error instanceof CreateAdminError) process.stderr.write('Run with --help for usage.\n');
      process.exit(2);
    }
    process.stderr.write(`create-admin failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

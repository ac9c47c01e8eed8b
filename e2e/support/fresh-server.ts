import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_PORT, MAIL_SMTP_PORT } from './ports.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The port of a server started by a spec itself, beside the one the config starts with the demo. */
export const FRESH_PORT = APP_PORT + 2;
export const FRESH_URL = `http://127.0.0.1:${FRESH_PORT}`;
const READY_TIMEOUT_MS = 120_000;

export interface FreshServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

export interface AdminAccount {
  username: string;
  email: string;
  password: string;
}

/**
 * A new installation as a customer gets it without the demo: an empty embedded database, the first super-admin made
 * with `npm run create-admin` (while no server holds the database), then `npm start` with DEMO=off, its mail sent to
 * the tests' SMTP sink.
 */
export async function startFreshServer(admin: AdminAccount): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gearwatch-first-day-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO: 'off', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  await run('npm', ['run', '--silent', 'create-admin', '--', '--username', admin.username, '--email', admin.email, '--password', admin.password], {
    cwd: ROOT,
    env,
  });

  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(FRESH_PORT),
      HOST: '127.0.0.1',
      // Any free port: the suite's own server is beside it, and a developer's running server may hold 5027.
      TELTONIKA_PORT: '0',
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
      PUBLIC_URL: FRESH_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitUntilReady(server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: FRESH_URL,
    dataDir,
    stop: async () => {
      await stopProcess(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${FRESH_URL}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

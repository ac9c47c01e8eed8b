import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';

const root = path.resolve(import.meta.dirname, '../..');

/** A real server process (scripts/start.mjs, as `npm start` runs it) for the benchmarks that measure it whole. */
export interface BenchServer {
  url: string;
  pid: number;
  /** Resident memory of the server process in bytes, read from /proc. */
  rss(): number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the server on a free port with the demo on the given database and waits until it is ready (the first
 * start stores 90 days of demo history before it listens: a minute or two). Its output goes to `logFile`.
 */
export async function startServer(options: { databaseUrl: string; logFile: string; env?: Record<string, string>; port?: number }): Promise<BenchServer> {
  // A fixed port when the machine hands each runner its own; a free one otherwise.
  const port = options.port ?? (await freePort());
  const log = createWriteStream(options.logFile);
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TELTONIKA_PORT: '0',
      DATABASE_URL: options.databaseUrl,
      DEMO: 'on',
      SIMULATOR: 'off',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    const code = await Promise.race([exited, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 1000))]);
    if (code !== 'waiting') throw new Error(`the server exited (${code}) before it was ready; see ${options.logFile}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready in 15 minutes; see ${options.logFile}`);
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    rss: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}

/** A user's access token through the password grant the web client uses. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'password',
    client_id: DEFAULT_WEB_CLIENT.clientId,
    client_secret: DEFAULT_WEB_CLIENT.clientSecret,
    username,
    password,
  });
  const response = await fetch(`${url}/api/token`, { method: 'POST', body });
  if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

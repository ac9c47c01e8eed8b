/**
 * Load: --users dashboard users (default 50) for --seconds (default 60), each reloading the demo dashboard's API calls
 * as the browser makes them (captured once from a real Chromium load of the dashboard, so the benchmark follows the
 * dashboard as it changes), while modules send --rate readings a second (default 2,000) through POST /api/ingest.
 * Prints errors, requests/s, p50/p99 of the dashboard calls and of the ingest batches, and the server's resident
 * memory before, at its peak and after. The baseline measured in the same run is the server's cheapest
 * authenticated call (GET /api/users/current) under the same concurrency, alone.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/load.ts [--users 50] [--seconds 60] [--rate 2000]
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from '@playwright/test';
import { createScratchDatabase, flag, formatRate } from './support/scratch-database.ts';
import { CHROMIUM_ARGS, percentile, signIn, startServer } from './support/server.ts';
import type { BenchServer } from './support/server.ts';
import { signInThroughPage, stubMapTiles, waitForBoardDrawn } from './support/dashboard.ts';

const USERS = flag('users', 50);
const SECONDS = flag('seconds', 60);
const RATE = flag('rate', 2000);
/** Requests a browser keeps open to one host at a time (HTTP/1.1). */
const BROWSER_CONNECTIONS = 6;
const BATCHES_PER_SECOND = 10;

interface ApiCall {
  method: string;
  path: string;
  body: string | null;
  contentType: string | null;
}

interface Tally {
  latencies: number[];
  errors: Map<string, number>;
}

const newTally = (): Tally => ({ latencies: [], errors: new Map() });

function countError(tally: Tally, what: string): void {
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
}

/** The API calls the demo user's dashboard makes on one load, in the order the browser made them. */
async function captureDashboardCalls(url: string): Promise<ApiCall[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await stubMapTiles(page);
    await signInThroughPage(page, url, 'demo', 'demo');
    // The sign-in lands on the dashboard: let that load finish so only the reload below is recorded.
    await waitForBoardDrawn(page);
    const calls: ApiCall[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (!pathname.startsWith('/api/') || pathname === '/api/token' || pathname === '/api/events') return;
      calls.push({ method: request.method(), path: pathname + search, body: request.postData(), contentType: request.headers()['content-type'] ?? null });
    });
    await page.goto(`${url}/dashboard`);
    await waitForBoardDrawn(page);
    return calls;
  } finally {
    await browser.close();
  }
}

async function call(url: string, token: string, apiCall: ApiCall, tally: Tally): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(url + apiCall.path, {
      method: apiCall.method,
      headers: { authorization: `Bearer ${token}`, ...(apiCall.contentType ? { 'content-type': apiCall.contentType } : {}) },
      body: apiCall.body ?? undefined,
    });
    await response.arrayBuffer();
    tally.latencies.push(performance.now() - started);
    if (response.status >= 400) countError(tally, `${response.status} ${apiCall.method} ${apiCall.path.split('?')[0]}`);
  } catch (error) {
    countError(tally, `network: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** One user reloading the page until the deadline: the page's calls, at most six at a time, again and again. */
async function dashboardUser(url: string, token: string, calls: ApiCall[], deadline: number, tally: Tally): Promise<number> {
  let loads = 0;
  while (performance.now() < deadline) {
    const queue = [...calls];
    await Promise.all(
      Array.from({ length: Math.min(BROWSER_CONNECTIONS, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await call(url, token, next, tally);
      }),
    );
    loads++;
  }
  return loads;
}

interface Module {
  serial: string;
  code: string;
}

/** Modules of the demo fleet send readings at RATE a second, in BATCHES_PER_SECOND batches, until the deadline. */
async function ingestLoad(url: string, modules: Module[], deadline: number, tally: Tally): Promise<number> {
  const perBatch = Math.max(1, Math.round(RATE / BATCHES_PER_SECOND));
  // Counter readings a millisecond apart, from an hour ago on: new rows every time, in partitions that exist.
  let next = Date.now() - 3_600_000;
  let sent = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let batch = 0; performance.now() < deadline; batch++) {
    const module = modules[batch % modules.length] as Module;
    const readings = Array.from({ length: perBatch }, () => ({ p: 3, t: next++, v: 1 }));
    const authorization = `Basic ${Buffer.from(`${module.serial}:${module.code}`).toString('base64')}`;
    const t0 = performance.now();
    inFlight.push(
      fetch(`${url}/api/ingest`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ readings }) }).then(
        async (response) => {
          await response.arrayBuffer();
          tally.latencies.push(performance.now() - t0);
          if (response.ok) sent += perBatch;
          else countError(tally, `ingest ${response.status}`);
        },
        (error: unknown) => countError(tally, `ingest network: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );
    // Paced, not closed-loop: modules send on their clock whether or not the server keeps up.
    const due = started + ((batch + 1) * 1000) / BATCHES_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(inFlight);
  return sent;
}

async function demoModules(databaseUrl: string): Promise<Module[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ serial_number: string; security_code: string }>(
      'select serial_number, security_code from sensors where device_id is not null and is_active order by id',
    );
    return result.rows.map((row) => ({ serial: row.serial_number, code: row.security_code }));
  } finally {
    await client.end();
  }
}

function describe(label: string, tally: Tally, seconds: number): string {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
  return `${label.padEnd(28)} ${String(sorted.length).padStart(7)} answers  ${formatRate(sorted.length / seconds).padStart(8)}  p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms  errors ${errors}`;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function measure(server: BenchServer, calls: ApiCall[], tokens: string[], modules: Module[]) {
  const rss = { before: server.rss(), peak: 0 };
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, server.rss())), 1000);
  const dashboard = newTally();
  const ingest = newTally();
  const deadline = performance.now() + SECONDS * 1000;
  const [loads, readings] = await Promise.all([
    Promise.all(tokens.map((token) => dashboardUser(server.url, token, calls, deadline, dashboard))),
    ingestLoad(server.url, modules, deadline, ingest),
  ]);
  clearInterval(sampler);
  return { dashboard, ingest, loads: loads.reduce((a, b) => a + b, 0), readings, rss: { ...rss, after: server.rss() } };
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_load');
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'gw-load-')), 'server.log');
  process.stdout.write(`Starting the server with the demo on a scratch database (log: ${logFile})...\n`);
  const server = await startServer({ databaseUrl: scratch.url, logFile });
  try {
    const calls = await captureDashboardCalls(server.url);
    process.stdout.write(`The dashboard's calls (${calls.length}):\n${calls.map((c) => `  ${c.method} ${c.path}`).join('\n')}\n`);
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await signIn(server.url, 'demo', 'demo'));
    const modules = await demoModules(scratch.url);

    // The baseline: the cheapest authenticated call, by as many users, for a third of the time, nothing else running.
    const baseline = newTally();
    const baselineSeconds = Math.max(5, Math.round(SECONDS / 3));
    const baselineDeadline = performance.now() + baselineSeconds * 1000;
    const current: ApiCall[] = [{ method: 'GET', path: '/api/users/current', body: null, contentType: null }];
    await Promise.all(tokens.map((token) => dashboardUser(server.url, token, current, baselineDeadline, baseline)));

    process.stdout.write(
      `\nMeasuring: ${USERS} dashboard users and ${RATE.toLocaleString('en-US')} readings/s for ${SECONDS} s; load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}\n`,
    );
    const result = await measure(server, calls, tokens, modules);
    const dashboardRate = result.dashboard.latencies.length / SECONDS;
    const baselineRate = baseline.latencies.length / baselineSeconds;
    const errors = [...result.dashboard.errors, ...result.ingest.errors];
    process.stdout.write(
      [
        describe('baseline GET /users/current', baseline, baselineSeconds),
        describe('dashboard calls', result.dashboard, SECONDS),
        describe('ingest batches', result.ingest, SECONDS),
        `dashboard loads: ${result.loads} (${(result.loads / SECONDS).toFixed(1)}/s); readings stored: ${result.readings.toLocaleString('en-US')} (${formatRate(result.readings / SECONDS)})`,
        `ratio dashboard calls/s to baseline calls/s: ${(dashboardRate / baselineRate).toFixed(2)}`,
        `server RSS: ${mb(result.rss.before)} before, ${mb(result.rss.peak)} peak, ${mb(result.rss.after)} after`,
        errors.length ? `errors:\n${errors.map(([what, n]) => `  ${n} × ${what}`).join('\n')}` : 'errors: none',
        `load average after: ${loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')}`,
        '',
      ].join('\n'),
    );
    if (errors.length) process.exitCode = 1;
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

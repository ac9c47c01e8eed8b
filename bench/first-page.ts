/**
 * What the first page costs to download (issue 35, ARCHITECTURE's budget: 250 kB of gzipped JavaScript): the
 * JavaScript a signed-out visitor's browser fetches for `/login` until the sign-in button shows, each file's size
 * gzipped (as a server or CDN sends it), against the signed-in dashboard's JavaScript in the same run as the
 * baseline: what the sign-in page spares a visitor is the ratio.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/first-page.ts [--list 1]
 *
 * A real server process on a scratch PostgreSQL database with the demo; the client is built first when it is
 * missing or out of date. --list 1 prints every file with its size.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createScratchDatabase, flag } from './support/scratch-database.ts';
import { CHROMIUM_ARGS, startServer } from './support/server.ts';
import { signInThroughPage, startTileServer, waitForBoardDrawn } from './support/dashboard.ts';

const LIST = flag('list', 0) === 1;
const BUDGET_KB = 250;

interface Fetched {
  url: string;
  gzipBytes: number;
}

/** Records every JavaScript file the page fetches (from the network, not the cache) with its gzipped size. */
function recordScripts(page: Page): Fetched[] {
  const fetched: Fetched[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    void response.body().then(
      (body) => fetched.push({ url: url.pathname, gzipBytes: gzipSync(body, { level: 9 }).length }),
      () => undefined,
    );
  });
  return fetched;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const total = (files: Fetched[]) => files.reduce((sum, file) => sum + file.gzipBytes, 0);

function report(label: string, files: Fetched[]): void {
  process.stdout.write(`${label.padEnd(34)} ${String(files.length).padStart(3)} files  ${kb(total(files)).padStart(9)} gzipped\n`);
  if (!LIST) return;
  for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) process.stdout.write(`    ${kb(file.gzipBytes).padStart(9)}  ${file.url}\n`);
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_first_page');
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'gw-first-page-')), 'server.log');
  process.stdout.write(`Starting the server with the demo on a scratch database (log: ${logFile})...\n`);
  const tiles = await startTileServer();
  const server = await startServer({ databaseUrl: scratch.url, logFile, env: { MAP_TILE_URL: tiles.urlTemplate } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // A visitor with nothing stored: a fresh context, no cache, no session.
    const visitor = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const login = recordScripts(visitor);
    await visitor.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await visitor.locator('button[type="submit"]').waitFor({ state: 'visible' });
    await visitor.waitForLoadState('networkidle');

    // The baseline: a returning user's dashboard on a cold cache (a new context holding the stored session).
    const signingIn = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await signInThroughPage(await signingIn.newPage(), server.url, 'demo', 'demo');
    const storageState = await signingIn.storageState();
    await signingIn.close();
    const returning = await (await browser.newContext({ viewport: { width: 1600, height: 1000 }, storageState })).newPage();
    const dashboard = recordScripts(returning);
    await returning.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
    await waitForBoardDrawn(returning);
    // The page's event stream stays open, so "network idle" never comes: a second for the last lazy chunks.
    await returning.waitForTimeout(1000);

    report('login page, signed out', login);
    report('dashboard, signed in (baseline)', dashboard);
    const ratio = total(login) / total(dashboard);
    process.stdout.write(`ratio login / dashboard: ${ratio.toFixed(2)}\n`);
    process.stdout.write(`budget: login page ≤ ${BUDGET_KB} kB gzipped — ${total(login) <= BUDGET_KB * 1000 ? 'met' : 'NOT met'}\n`);
  } finally {
    await browser.close();
    await server.stop();
    await tiles.close();
    await scratch.drop();
  }
}

await main();

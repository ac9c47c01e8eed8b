/**
 * The first page a user opens (ARCHITECTURE §8: a dashboard of six widgets visible and interactive in under 1 s on
 * localhost): the demo user's dashboard in Chromium, from navigation to every monitor in view drawn (the budget) and
 * to every monitor drawn (the board draws those below the fold after, one at a time: draw-queue.ts), over --loads
 * loads (p50/p95), against the login page's load measured in the same browser and run as the baseline.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npx tsx bench/page-load.ts [--loads 10] [--summaries 1]
 *
 * A real server process on a scratch PostgreSQL database with the demo (its first start stores 90 days of history:
 * a minute or two before measuring starts); the client is built first when it is missing or out of date.
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { createScratchDatabase, flag } from './support/scratch-database.ts';
import { CHROMIUM_ARGS, percentile, startServer } from './support/server.ts';
import { signInThroughPage, startTileServer, waitForBoardDrawn } from './support/dashboard.ts';
import { addSummaryWidgets } from './support/summary-board.ts';

const LOADS = flag('loads', 10);
/** --summaries 1: the async monitor and the nine summary widgets added after the demo's six (issue 20's 7 + 9). */
const SUMMARIES = flag('summaries', 0) === 1;
/** --waterfall 1: list every request of the extra load (scripts and API calls) in start order. */
const WATERFALL = flag('waterfall', 0) === 1;

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label.padEnd(24)} p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms   max ${(sorted.at(-1) ?? NaN).toFixed(0).padStart(5)} ms`;
}

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('gw_bench_page');
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'gw-page-load-')), 'server.log');
  process.stdout.write(`Starting the server with the demo on a scratch database (log: ${logFile})...\n`);
  // Map tiles from a local server rather than routed in the page: routing would turn the browser's HTTP cache off.
  const tiles = await startTileServer();
  const server = await startServer({ databaseUrl: scratch.url, logFile, env: { MAP_TILE_URL: tiles.urlTemplate } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await signInThroughPage(page, server.url, 'demo', 'demo');
    if (SUMMARIES)
      process.stdout.write(`the dashboard now holds ${await addSummaryWidgets(page, server.url)} widgets (the async monitor and the nine summaries added)\n`);
    // Warm-up: the first load fetches the bundles (the HTTP cache keeps them, as a returning user's browser does).
    const cold = await loadDashboard(page, server.url);
    process.stdout.write(`first (cold cache) load: ${cold.drawnAtMs.toFixed(0)} ms, ${cold.monitors} monitors, ${cold.inView} in view\n`);

    // The baseline's own browser context, signed out, its bundles cached by one load first, as the dashboard's are.
    const visitor = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    await loadLoginPage(visitor, server.url);

    const inView: number[] = [];
    const dashboard: number[] = [];
    const login: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const load = await loadDashboard(page, server.url);
      inView.push(load.inViewDrawnAtMs);
      dashboard.push(load.drawnAtMs);
      login.push(await loadLoginPage(visitor, server.url));
    }
    const calls = await slowestCalls(page, server.url);
    const scripts = await scriptsFromCache(page);
    const p50 = (samples: number[]) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        50,
      );
    process.stdout.write(
      [
        '',
        `Dashboard of the demo user (${cold.monitors} monitors, ${cold.inView} in view), ${LOADS} loads after the first; load ${loadAverage()}`,
        summary('monitors in view drawn', inView),
        summary('every monitor drawn', dashboard),
        summary('baseline: login page', login),
        `ratio in view / login page (p50): ${(p50(inView) / p50(login)).toFixed(2)}; every monitor / login page: ${(p50(dashboard) / p50(login)).toFixed(2)}`,
        `budget: the monitors in view drawn, p50 under 1000 ms: ${p50(inView) < 1000 ? 'held' : 'NOT held'}`,
        `scripts of the last load from the browser's HTTP cache: ${scripts.cached} of ${scripts.total} (a returning user's)`,
        '',
        'API calls of one more load, slowest first (start after navigation → end, ms):',
        ...calls.map((call) => `  ${call.start.toFixed(0).padStart(5)} → ${call.end.toFixed(0).padStart(5)}  ${call.name}`),
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.stop();
    await tiles.close();
    await scratch.drop();
  }
}

async function loadDashboard(page: Page, url: string) {
  await page.goto(`${url}/dashboard`, { waitUntil: 'commit' });
  return waitForBoardDrawn(page);
}

/** One more dashboard load with every API call's start and end (ms after navigation): the slowest eight, or all. */
async function slowestCalls(page: Page, url: string): Promise<{ name: string; start: number; end: number }[]> {
  const calls: { name: string; start: number; end: number }[] = [];
  const onFinished = (request: Request) => {
    const address = new URL(request.url());
    if (!WATERFALL && !address.pathname.startsWith('/api/')) return;
    const timing = request.timing();
    calls.push({
      name: `${request.method()} ${address.pathname}${address.search.slice(0, 60)}`,
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  };
  page.on('requestfinished', onFinished);
  const navigationStart = Date.now();
  await loadDashboard(page, url);
  page.off('requestfinished', onFinished);
  return calls
    .map((call) => ({ ...call, start: call.start - navigationStart, end: call.end - navigationStart }))
    .sort((a, b) => (WATERFALL ? a.start - b.start : b.end - b.start - (a.end - a.start)))
    .slice(0, WATERFALL ? undefined : 8);
}

/** How many of the page's scripts came from the HTTP cache (nothing transferred), as a returning user's do. */
async function scriptsFromCache(page: Page): Promise<{ cached: number; total: number }> {
  return page.evaluate(() => {
    const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming[];
    return { cached: scripts.filter((entry) => entry.transferSize === 0).length, total: scripts.length };
  });
}

/** The baseline: a signed-out visitor's login page, from navigation to its sign-in button shown. */
async function loadLoginPage(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/login`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: /sign in|zaloguj/i }).waitFor();
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))));
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/** A 1×1 transparent PNG: map tiles cannot load here, and a benchmark must not wait on the internet. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Answers the map's tile requests in the page. Routing turns the page's HTTP cache off (Playwright #7220): every
 * script is fetched again on each load. Where loads are timed, use `startTileServer` instead.
 */
export async function stubMapTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
}

/**
 * A local tile server answering every tile with the transparent PNG, cacheable as the OpenStreetMap tiles are. Its
 * `urlTemplate` is the server's MAP_TILE_URL, so the page needs no routing and keeps its HTTP cache.
 */
export async function startTileServer(): Promise<{ urlTemplate: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=604800' });
    response.end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Signs in through the login page, as a user does, in English; ends on the dashboard. */
export async function signInThroughPage(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.goto(`${url}/login`);
  await page.getByLabel('Login or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/**
 * What a drawn monitor holds: a chart, a map, a table, an alert banner or the map's no-data note, and for the
 * summary widgets their tiles, lists, bars or "no data".
 */
const DRAWN_CONTENT = [
  'canvas',
  '.leaflet-container',
  'table',
  '[role="alert"]',
  '[data-testid="geo-no-data"]',
  '[data-testid^="devices-summary-"]',
  '[data-testid="newest-alerts-list"]',
  '[data-testid="newest-tasks-list"]',
  '[data-testid="hourly-work-bucket"]',
  '[data-testid="summary-empty"]',
].join(', ');

/**
 * Resolves once every monitor on the board is drawn: its code loaded (not pending), its data answered (not busy), and
 * its body showing what it shows (a chart's canvas, a map, a table, or a message such as "no data"), then two
 * animation frames so the browser has painted it. On the way it notes when the monitors in view (their top inside the
 * window) were all drawn: the board draws those first and the rest one by one after (draw-queue.ts). Answers the
 * number of monitors, how many were in view, and both times since navigation start in ms (performance.now() of the
 * page). Rejects when the board has no monitors.
 */
export async function waitForBoardDrawn(
  page: Page,
  timeoutMs = 60_000,
): Promise<{ monitors: number; inView: number; inViewDrawnAtMs: number; drawnAtMs: number }> {
  const drawn = async (scope: 'in-view' | 'all') =>
    (await (
      await page.waitForFunction(
        ({ drawnSelector, scope }) => {
          const board = document.querySelector('[data-testid="monitor-board"]');
          if (!board) return document.body?.textContent?.includes('No monitors yet') ? -1 : false;
          const all = [...board.querySelectorAll('section[data-monitor-id]')];
          const frames = scope === 'all' ? all : all.filter((frame) => frame.getBoundingClientRect().top < window.innerHeight);
          if (!frames.length) return false;
          const done = frames.every(
            (frame) =>
              !frame.getAttribute('data-testid')?.endsWith('-pending') &&
              frame.getAttribute('aria-busy') === 'false' &&
              frame.querySelector(drawnSelector) !== null,
          );
          return done ? frames.length : false;
        },
        { drawnSelector: DRAWN_CONTENT, scope },
        { timeout: timeoutMs, polling: 'raf' },
      )
    ).jsonValue()) as number;
  const painted = () =>
    page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))));
  const inView = await drawn('in-view');
  if (inView < 0) throw new Error('the dashboard has no monitors: the demo seeds them (server/src/demo)');
  const inViewDrawnAtMs = await painted();
  const monitors = await drawn('all');
  return { monitors, inView, inViewDrawnAtMs, drawnAtMs: await painted() };
}

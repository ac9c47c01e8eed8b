import { expect } from '@playwright/test';
import type { Download, Locator, Page, Response } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { MonitorKind } from '@gearwatch/contracts';

// Helpers of the monitor board specs: the session's API, the dates the demo has data for, the monitors' fields,
// the charts' toolbox and the files they export.

/** Demo Factory's timezone: the company's days, not the browser's, bound the monitors' date ranges. */
const TIMEZONE = 'Europe/Warsaw';

/**
 * For waits that include loading a monitor's code or its data: the browser and the server share a small machine
 * with other work, so these take longer than the default expect timeout at times.
 */
export const LOADING = { timeout: 30_000 } as const;

export async function signIn(page: Page, username = 'demo', password = 'demo'): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  await page.goto('/login');
  // The flag picked before signing in becomes the user's stored language (else the interface takes the stored one).
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Login or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  const settings = page.waitForResponse((response) => response.url().endsWith('/api/users/current/settings') && response.request().method() === 'GET');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await skipFirstTour(page, await settings);
}

/**
 * A user's first session opens the guided tour by itself (e2e/specs/tour.spec.ts walks it); the other specs skip
 * it, so its popover never lies over what they click.
 */
async function skipFirstTour(page: Page, settings: Response): Promise<void> {
  const { entries } = (await settings.json()) as { entries: { key: string }[] };
  if (entries.some((entry) => entry.key === 'guide')) return;
  await page
    .getByRole('dialog')
    .filter({ has: page.getByText(/^Step 1 of \d+$/) })
    .getByRole('button', { name: 'Skip' })
    .click();
  await expect(page.getByText(/^Step \d+ of \d+$/)).toHaveCount(0);
}

// ---- The API, with the page's own session ----

async function authorisation(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('gearwatch.accessToken'));
  expect(token, 'signed in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: await authorisation(page) });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** Ids by name of a list the API returns whole (`page_size=0`). */
export async function idsByName(page: Page, path: string): Promise<Map<string, number>> {
  const list = await apiGet<{ entries: { id: number; name: string }[] }>(page, `${path}?page_size=0`);
  return new Map(list.entries.map((entry) => [entry.name, entry.id]));
}

export function idOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  expect(id, `the demo has ${name}`).toBeDefined();
  return id as number;
}

export interface SavedMonitor {
  id: string;
  kind: string;
  settings: Record<string, unknown>;
}

const boardPath = (page: string) => `/api/users/current/settings/${page}`;

/** The board setting of a page as the server holds it; an empty board when there is none. */
export async function savedBoard(page: Page, board = 'diagnostics'): Promise<SavedMonitor[]> {
  const response = await page.request.get(boardPath(board), { headers: await authorisation(page) });
  if (response.status() === 404) return [];
  expect(response.status()).toBe(200);
  const setting = (await response.json()) as { value: { monitors?: SavedMonitor[] } };
  return setting.value.monitors ?? [];
}

export async function saveBoard(page: Page, monitors: readonly Omit<SavedMonitor, 'id'>[], board = 'diagnostics'): Promise<void> {
  const value = { monitors: monitors.map((monitor, index) => ({ id: `monitor-${index + 1}`, ...monitor })) };
  const response = await page.request.put(boardPath(board), { headers: await authorisation(page), data: { value } });
  expect(response.status()).toBe(200);
}

export async function clearBoard(page: Page, board = 'diagnostics'): Promise<void> {
  const response = await page.request.delete(boardPath(board), { headers: await authorisation(page) });
  expect([204, 404]).toContain(response.status());
}

// ---- Dates ----

function addDays(date: string, days: number): string {
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The "Last week" preset's range, Monday to Sunday before this week in the company's timezone: the demo backfills
 * 90 days and its machines work on weekdays, so that week has data whatever the day the test runs.
 */
export function lastWeek(now = new Date()): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(today, -weekday - 7);
  return { from, to: addDays(from, 6) };
}

/**
 * Resolves with the first successful answer of the data call under `path` for the range (and with the `params`
 * given, when several monitors ask the same call). Start it before acting.
 */
export function dataAnswer(page: Page, path: string, range: { from: string; to: string }, params: Record<string, string> = {}): Promise<Response> {
  const expected = { ...params, from: range.from, to: range.to };
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === path &&
      response.request().method() === 'GET' &&
      response.status() === 200 &&
      Object.entries(expected).every(([name, value]) => url.searchParams.get(name) === value)
    );
  });
}

/** Resolves once the board setting has been saved with a monitor for which `check` holds. */
export function boardSaved(page: Page, check: (monitor: SavedMonitor) => boolean, board = 'diagnostics'): Promise<Response> {
  return page.waitForResponse((response) => {
    if (response.request().method() !== 'PUT' || new URL(response.url()).pathname !== boardPath(board) || response.status() !== 200) return false;
    const body = response.request().postDataJSON() as { value?: { monitors?: SavedMonitor[] } };
    return (body.value?.monitors ?? []).some(check);
  });
}

// ---- The monitors ----

export const TITLES = {
  'device-parameter': 'Device parameters',
  async: 'Asynchronous parameters',
  'device-operator': 'Operator work',
  geo: 'Geolocation',
  efficiency: 'Efficiency',
  'work-activity': 'Work and activity',
  'work-activity-shift': 'Work and activity by shift',
} as const;
export type Kind = keyof typeof TITLES;
export const KINDS = Object.keys(TITLES) as Kind[];

export const monitor = (page: Page, kind: MonitorKind): Locator => page.getByTestId(`monitor-${kind}`);

/** Adds a monitor from the tiles: those of the empty board, else those of the add dialog. */
export async function addMonitor(page: Page, kind: MonitorKind): Promise<Locator> {
  const board = page.getByTestId('monitor-board');
  // The empty board shows the tiles; a board with monitors offers them in a dialog.
  await expect(page.getByTestId('monitor-tiles').or(board)).toBeVisible();
  if (await board.isVisible()) {
    await page.getByTestId('monitor-add').click();
    await expect(page.getByRole('dialog', { name: 'Add monitor' })).toBeVisible();
  }
  await page.getByTestId(`monitor-tile-${kind}`).click();
  await expect(page.getByRole('dialog', { name: 'Add monitor' })).toHaveCount(0);
  const frame = monitor(page, kind);
  await expect(frame).toBeVisible(LOADING);
  await expect(frame.getByTestId('monitor-settings')).toBeVisible();
  return frame;
}

/** Chooses options by their exact names in a searchable (autocomplete) field, then closes its list. */
export async function choose(page: Page, field: Locator, names: readonly string[]): Promise<void> {
  const input = field.getByRole('combobox');
  for (const name of names) {
    await input.click();
    await input.fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await input.press('Escape');
  for (const name of names) await expect(field.getByText(name, { exact: true })).toBeVisible();
}

/** Removes every chosen option of a searchable field (Backspace in its empty input takes the last one). */
export async function clearChoice(field: Locator): Promise<void> {
  const input = field.getByRole('combobox');
  const chips = field.locator('.MuiChip-root');
  await input.click();
  for (let left = await chips.count(); left > 0; left -= 1) await input.press('Backspace');
  await input.press('Escape');
  await expect(chips).toHaveCount(0);
}

/**
 * A monitor just added starts on the company's first device group (or operator group): checks that, then empties
 * the group choice so a test can build its own selection.
 */
export async function clearStartingGroup(frame: Locator, field: 'monitor-field-device-groups' | 'monitor-field-operator-groups', first: string): Promise<void> {
  const groups = frame.getByTestId(field);
  await expect(groups.getByText(first, { exact: true })).toBeVisible();
  await clearChoice(groups);
}

export async function chooseInterval(page: Page, frame: Locator, name: string): Promise<void> {
  await frame.getByTestId('monitor-field-interval').getByRole('combobox').click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(frame.getByTestId('monitor-field-interval')).toContainText(name);
}

/** Applies a preset of a monitor's date range field ('Last week', ...). */
export async function pickPreset(page: Page, frame: Locator, preset: string): Promise<void> {
  await frame.getByTestId('date-range-input').click();
  const picker = page.getByRole('dialog', { name: 'Dates' });
  await picker.getByRole('button', { name: preset }).click();
  await expect(picker).toHaveCount(0);
}

/** The frame has its data drawn: nothing loading, no warning, no error. */
export async function expectSettled(frame: Locator): Promise<void> {
  await expect(frame).toHaveAttribute('aria-busy', 'false', LOADING);
  await expect(frame.getByTestId('monitor-warning')).toHaveCount(0);
  await expect(frame.getByTestId('monitor-error')).toHaveCount(0);
}

/** The monitor's chart: an ECharts canvas in the container named by the monitor's title. */
export async function expectChart(frame: Locator, kind: Kind): Promise<Locator> {
  await expectSettled(frame);
  const chart = frame.getByRole('img', { name: TITLES[kind] });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  return chart;
}

// ---- The charts' toolbox ----

/**
 * The toolbox is drawn on the canvas, so its icons are found by where the pointer turns into a hand along the
 * toolbox's row (web/src/components/chart/toolbox.ts puts it at the top right). Counted from the right, they are:
 * with the line/bar switch, bar 0 and line 1; then the spreadsheet (work charts) and the CSV; then image, zoom
 * back, zoom and restore.
 */
export const TOOLBOX_ICON = {
  withSwitch: { count: 7, bar: 0, line: 1, csv: 2 },
  workChart: { count: 8, bar: 0, line: 1, xlsx: 2, csv: 3 },
  shiftChart: { count: 6, xlsx: 0, csv: 1 },
} as const;

// ECharts places the toolbox's icons (15 px) inside a 15 px padding from the top.
const TOOLBOX_ROW_Y = 22;
const TOOLBOX_SCAN_PX = 320;
const SCAN_STEP_PX = 2;

/**
 * The x of each toolbox icon's centre in the chart, from the right. The pointer is moved along the row by mouse
 * events sent in the page (one round trip for the whole row), reading the cursor ECharts sets over each icon.
 */
async function toolboxIcons(chart: Locator): Promise<number[]> {
  return chart.evaluate(
    (element, { row, scan, step }) => {
      const canvas = element.querySelector('canvas');
      if (!canvas) return [];
      const rect = element.getBoundingClientRect();
      const move = (x: number) => canvas.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: rect.left + x, clientY: rect.top + row }));
      const centres: number[] = [];
      let iconEnd: number | null = null;
      for (let x = rect.width - step; x > rect.width - scan; x -= step) {
        move(x);
        const pointer = getComputedStyle(canvas).cursor === 'pointer';
        if (pointer && iconEnd === null) iconEnd = x;
        if (!pointer && iconEnd !== null) {
          centres.push((iconEnd + x) / 2);
          iconEnd = null;
        }
      }
      // Leave the toolbox, so no icon stays highlighted.
      move(1);
      return centres;
    },
    { row: TOOLBOX_ROW_Y, scan: TOOLBOX_SCAN_PX, step: SCAN_STEP_PX },
  );
}

type ToolboxLayout = { count: number } & Record<string, number>;

/** Clicks the toolbox icon `name` of a toolbox laid out as `layout` (one of TOOLBOX_ICON), checking its size. */
export async function clickToolbox<L extends ToolboxLayout>(chart: Locator, layout: L, name: Exclude<keyof L, 'count'>): Promise<void> {
  await expect(chart.locator('canvas').first()).toBeVisible();
  const centres = await toolboxIcons(chart);
  expect(centres, 'the toolbox icons').toHaveLength(layout.count);
  const x = centres[layout[name] as number];
  expect(x).toBeDefined();
  await chart.click({ position: { x: x ?? 0, y: TOOLBOX_ROW_Y } });
  // Away from the icon, so its title does not stay shown.
  await chart.page().mouse.move(0, 0);
}

/** The element's box on the page; it must be laid out. */
export async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

/**
 * A picture of the whole page from its top (the shell's header and menu are fixed, so a page scrolled down would
 * have them drawn in its middle), with the pointer out of the way of tooltips.
 */
export async function screenshotPage(page: Page, file: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
}

// ---- Exported files ----

const DOWNLOAD_TIMEOUT_MS = 20_000;

export async function download(page: Page, trigger: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS }), trigger()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await downloadPath(file)) };
}

async function downloadPath(file: Download): Promise<string> {
  const path = await file.path();
  expect(path, `download ${file.suggestedFilename()} failed: ${await file.failure()}`).toBeTruthy();
  return path;
}

export interface Csv {
  header: string[];
  rows: string[][];
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const QUOTED_LINE = /^"(?:[^"]|"")*"(?:;"(?:[^"]|"")*")*$/;

/**
 * Reads an exported CSV and checks its form (spec 02 §9): a UTF-8 byte order mark, CRLF lines, semicolons between
 * cells, every cell in double quotes, a header and at least one data row, all as wide as the header.
 */
export function readCsv(bytes: Buffer): Csv {
  expect([...bytes.subarray(0, 3)], 'starts with a UTF-8 BOM').toEqual(UTF8_BOM);
  const text = bytes.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n'), 'ends with CRLF').toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line, 'every cell quoted, semicolons between').toMatch(QUOTED_LINE);
  const [header, ...rows] = lines.map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? '').replaceAll('""', '"')));
  expect(header?.length ?? 0).toBeGreaterThan(1);
  expect(rows.length, 'data rows').toBeGreaterThan(0);
  for (const row of rows) expect(row).toHaveLength(header?.length ?? 0);
  return { header: header ?? [], rows };
}

/** The non-empty cells of the column headed `name`. */
export function column(csv: Csv, name: string): string[] {
  const index = csv.header.indexOf(name);
  expect(index, `a column ${name}`).toBeGreaterThan(0);
  return csv.rows.map((row) => row[index] ?? '').filter((cell) => cell !== '');
}

/** A number as the CSV writes it: a decimal point, at most `decimals` decimals. */
export function csvNumber(cell: string, decimals = 2): number {
  expect(cell).toMatch(new RegExp(decimals > 0 ? `^-?\\d+(\\.\\d{1,${decimals}})?$` : '^-?\\d+$'));
  return Number(cell);
}

/** The numbers of the data columns of `rows` (empty cells are gaps in the data). */
export function csvValues(rows: readonly string[][], decimals = 2): number[] {
  return rows.flatMap((row) =>
    row
      .slice(1)
      .filter((cell) => cell !== '')
      .map((cell) => csvNumber(cell, decimals)),
  );
}

// ---- The map ----

// A 256×256 pale green PNG: the tile service is stubbed (no internet here), so the map shows tiles.
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAIAAADTED8xAAACAElEQVR42u3TMQ0AAAgEsfdvkoUREcxooEkVXHLpKXgrEmAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAOogAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAAMAAYAAwABgADgAHAAGAADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAANgABUwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADAAGAAOAAcAAYAAwABgADIABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA4ABwABgADAAGAAMAAYAA8C1LQ8oQu5i2PsAAAAASUVORK5CYII=',
  'base64',
);

export async function stubMapTiles(page: Page): Promise<void> {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }));
}

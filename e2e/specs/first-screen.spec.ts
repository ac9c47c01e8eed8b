import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { dataAnswer, expectChart, LOADING, monitor, screenshotPage, signIn, stubMapTiles } from '../support/monitors.ts';

// Issue 32 item 18: the seeded dashboard looks alive at any hour. The browser's clock is put at 04:00 of the last
// Sunday in Warsaw, the deepest quiet of the week (the 90-day history of SIMULATOR=off holds it): the charts open on
// Saturday and Sunday, the voltage chart has readings of the showcase trucks in Sunday's night hours, and the map
// shows where the first truck of warehouse A was.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const TIMEZONE = 'Europe/Warsaw';
const DIAGNOSTICS = '/api/devices/diagnostics/multiple';
const NIGHT_HOUR = 4;

function warsawDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Epoch ms of a Warsaw wall time on a date. */
function warsawTime(date: string, hour: number): number {
  const guess = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: TIMEZONE, timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((part) => part.type === 'timeZoneName')?.value;
  const [, sign, hours, minutes] = /GMT([+-])(\d\d):(\d\d)/.exec(offset ?? '') ?? ['', '+', '00', '00'];
  return guess - (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

/** The last Sunday before today in Warsaw, whole in the history. */
function lastSunday(): string {
  const today = warsawDate(Date.now());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, -(weekday === 0 ? 7 : weekday));
}

async function openAtNight(page: Page, sunday: string): Promise<void> {
  await page.clock.install({ time: warsawTime(sunday, NIGHT_HOUR) });
  await stubMapTiles(page);
}

test.describe('the first screen at night', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  test('the seeded dashboard at 04:00 on a Sunday shows night work on the charts and a position on the map', async ({ page }) => {
    test.setTimeout(180_000);
    const sunday = lastSunday();
    const range = { from: addDays(sunday, -1), to: sunday };
    await openAtNight(page, sunday);
    // The voltage chart (EF-01..03, hourly) and the map ask for yesterday and today: Saturday and Sunday.
    const voltages = dataAnswer(page, DIAGNOSTICS, range, { interval: 'hour', parameterNumber: '20' });
    const positions = page.waitForResponse((response) => /\/api\/device\/\d+\/locations/.test(new URL(response.url()).pathname));
    await signIn(page);

    const answer = (await (await voltages).json()) as { categories: string[]; data: { parameters: { values: (number | null)[] }[] }[] };
    // Sunday's night hours (00:00–04:00) follow Saturday's 24 categories.
    const night = answer.data.flatMap((device) => device.parameters.flatMap((parameter) => parameter.values.slice(24, 24 + NIGHT_HOUR)));
    expect(night.filter((value) => value !== null).length, 'battery readings of the showcase trucks in the night').toBeGreaterThan(0);
    const located = await positions;
    expect(Object.fromEntries(new URL(located.url()).searchParams)).toEqual(range);

    for (const kind of ['work-activity', 'device-parameter', 'efficiency'] as const) await expectChart(monitor(page, kind), kind);
    const geo = monitor(page, 'geo');
    await expect(geo.getByTestId('geo-marker')).toBeVisible(LOADING);
    await expect(geo.getByTestId('geo-position').or(geo.getByTestId('geo-last-position'))).toBeVisible();
    await expect(geo.getByTestId('geo-area-alert')).toHaveCount(0);
    await expect(geo.getByTestId('geo-no-data')).toHaveCount(0);
    await screenshotPage(page, path.join(artifacts, 'first-screen-night-en-1600.png'));

    await page.evaluate(() => localStorage.setItem('locale', 'pl'));
    await page.reload();
    await expect(monitor(page, 'geo').getByTestId('geo-marker')).toBeVisible(LOADING);
    await screenshotPage(page, path.join(artifacts, 'first-screen-night-pl-1600.png'));

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(monitor(page, 'geo').getByTestId('geo-marker')).toBeVisible(LOADING);
    await page.screenshot({ path: path.join(artifacts, 'first-screen-night-pl-390.png') });
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.reload();
    await expect(monitor(page, 'geo').getByTestId('geo-marker')).toBeVisible(LOADING);
    await page.screenshot({ path: path.join(artifacts, 'first-screen-night-en-390.png') });
  });
});

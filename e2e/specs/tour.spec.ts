import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { apiGet, signIn } from '../support/monitors.ts';

// The guided tour against the real server and the demo data: the demo user walks it, and its `guide` setting is
// remembered. On a fresh database the tour opens by itself at the first sign-in; after other specs signed the demo
// user in, it is opened from the profile menu.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const STEP = /^Step (\d+) of (\d+)$/;

async function signInKeepingTour(page: Page): Promise<boolean> {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  await page.goto('/login');
  // The flag picked before signing in becomes the user's stored language (else the interface takes the stored one).
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Login or e-mail').fill('demo');
  await page.getByLabel('Password').fill('demo');
  const settings = page.waitForResponse((response) => response.url().endsWith('/api/users/current/settings') && response.request().method() === 'GET');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const { entries } = (await (await settings).json()) as { entries: { key: string }[] };
  return !entries.some((entry) => entry.key === 'guide');
}

async function startFromProfileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Anna Kowalska' }).click();
  await page.getByRole('menuitem', { name: 'Guide' }).click();
}

async function stepOf(page: Page): Promise<{ dialog: Locator; n: number; count: number }> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByText(STEP) });
  await expect(dialog).toBeVisible();
  const [, n, count] = STEP.exec((await dialog.getByText(STEP).textContent()) ?? '') ?? [];
  return { dialog, n: Number(n), count: Number(count) };
}

test('the demo user walks the guided tour and it is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const unset = await signInKeepingTour(page);
  if (!unset) await startFromProfileMenu(page);
  const titles: string[] = [];
  const first = await stepOf(page);
  // Six steps, seven once the build has the tasks menu entry.
  expect([6, 7]).toContain(first.count);
  for (let n = 1; n <= first.count; n++) {
    const { dialog, n: shown } = await stepOf(page);
    expect(shown).toBe(n);
    titles.push((await dialog.getByRole('heading').textContent()) ?? '');
    await expect(page.getByTestId('tour-highlight')).toBeVisible();
    if (n === 2) await page.screenshot({ path: path.join(artifacts, 'tour-step-reports-en.png') });
    await dialog.getByRole('button', { name: n === first.count ? 'Finish' : 'Next' }).click();
    if (n < first.count) await expect(page.getByText(`Step ${n + 1} of ${first.count}`)).toBeVisible();
  }
  await expect(page.getByText(STEP)).toHaveCount(0);
  expect(titles[0]).toBe('Manage');
  expect(titles.at(-1)).toBe('Your profile');
  expect(titles).toEqual(expect.arrayContaining(['Reports', 'Alerts', 'Diagnostics', 'Dashboard']));

  const settings = await apiGet<{ entries: { key: string; value: unknown }[] }>(page, '/api/users/current/settings');
  expect(settings.entries).toContainEqual({ key: 'guide', value: 'showed' });
  // Remembered: a new session does not open it again by itself.
  await signIn(page);
  await page.waitForTimeout(1000);
  await expect(page.getByText(STEP)).toHaveCount(0);
});

test('on a phone the tour opens the collapsed menu for its menu steps', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await startFromProfileMenu(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const first = await stepOf(page);
  expect(first.n).toBe(1);
  await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(artifacts, 'tour-step-manage-phone-en.png') });
  for (let n = 1; n < first.count; n++) {
    const { dialog } = await stepOf(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Step ${n + 1} of ${first.count}`)).toBeVisible();
  }
  // The last step, the profile button, is in the header: the menu is closed again.
  await expect((await stepOf(page)).dialog.getByRole('heading')).toHaveText('Your profile');
  await expect(nav.getByRole('link', { name: 'Devices', exact: true })).toBeHidden();
  await (await stepOf(page)).dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(STEP)).toHaveCount(0);
});

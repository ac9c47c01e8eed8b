import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from '../support/monitors.ts';

// Issue 32 items 12, 13 and 16 as a new user meets them: the report screens' columns read as the files do (devices'
// and shifts' names, alert types and importances in words, every column in view at 1600 px), and the report
// wizard's group picker takes several picks, Esc closing only the picker, and asks before discarding entries.

/** Opens a report screen on the last month of the demo's history, the first `count` devices chosen. */
async function openReport(page: Page, type: string, count: number) {
  await page.goto(`/reports/${type}`);
  const screen = page.getByTestId(`report-screen-${type}`);
  await expect(screen).toBeVisible();
  await screen.getByRole('button', { name: 'Last month' }).click();
  const field = screen.getByTestId('report-field-devices');
  // The screen keeps the user's last choice: start from none.
  const clear = field.getByRole('button', { name: 'Clear' });
  if (await clear.count()) await clear.click({ force: true });
  await expect(field.locator('.MuiChip-root')).toHaveCount(0);
  const devices = field.getByRole('combobox');
  await devices.click();
  for (let index = 0; index < count; index++) await page.getByRole('listbox').getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await expect(screen.getByTestId('report-section').first()).toBeVisible({ timeout: 30_000 });
  return screen;
}

const headers = (screen: ReturnType<Page['getByTestId']>) => screen.getByTestId('report-section').first().locator('thead th').allInnerTexts();

test.describe('report screens and the report wizard', () => {
  test.use({ viewport: { width: 1600, height: 1000 } });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("the work matrix's columns are the devices' names, the devices' work's the shifts' names", async ({ page }) => {
    const matrix = await openReport(page, 'production-device-work-matrix', 3);
    const titles = await headers(matrix);
    expect(titles).toHaveLength(4);
    for (const title of titles) expect(title).not.toMatch(/^device-\d+$/);
    // No interval divides the matrix: the header names none.
    await expect(matrix.getByTestId('report-period')).not.toContainText('Daily');
    await expect(matrix.getByTestId('report-field-interval')).toHaveCount(0);

    const work = await openReport(page, 'devices-work-report', 2);
    const workTitles = await headers(work);
    expect(workTitles.length).toBeGreaterThan(7);
    for (const title of workTitles) expect(title).not.toMatch(/^work-shift-\d+$/);
  });

  test('the alerts report shows types and importances in words, and every column in view', async ({ page }) => {
    const alerts = await openReport(page, 'alerts-report', 6);
    const section = alerts.getByTestId('report-section').first();
    const cells = await section.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells[2]).not.toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(['Info', 'Warning', 'Critical']).toContain(cells[3]);
    const confirmedAt = section.locator('thead th').filter({ hasText: 'Confirmed at' });
    await expect(confirmedAt).toBeInViewport({ ratio: 1 });
  });

  test('the group picker stays open for several picks; Esc closes it only, then the wizard asks before discarding', async ({ page }) => {
    await page.goto('/reports-list?new=efficiency-report');
    const wizard = page.getByRole('dialog', { name: 'New report' });
    await expect(wizard).toBeVisible();
    await wizard.getByRole('textbox', { name: 'Report name' }).fill('Halls');
    const groups = wizard.getByTestId('pick-groups').getByRole('combobox');
    await groups.click();
    await page.getByRole('option').nth(0).click();
    await page.getByRole('option').nth(1).click();
    await expect(groups).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(groups).toHaveAttribute('aria-expanded', 'false');
    await expect(wizard).toBeVisible();
    await expect(wizard.getByTestId('pick-groups').locator('.MuiChip-root')).toHaveCount(2);

    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard what you entered?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(wizard.getByRole('textbox', { name: 'Report name' })).toHaveValue('Halls');
    await wizard.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard what you entered?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(wizard).toBeHidden();
  });
});

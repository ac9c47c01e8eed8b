import path from 'node:path';
import { expect, test } from '@playwright/test';
import { select } from '../support/forms.ts';
import { LOADING, screenshotPage, signIn } from '../support/monitors.ts';

// Issue 33 items 2 and 3 in the browser: the demo user makes a work-efficiency rule in the wizard (the new type's
// condition step: below or above a percentage), then copies it from the rule list's row menu; the copy is listed
// disabled under the copy name.

const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
const DEVICE = 'EF-01';
const RULE = `E2E efficiency ${Date.now()}`;
/** The rule list's switch (alert-rule.enabled). */
const ENABLED = 'Enabled';

test.describe('duplicate and the work-efficiency rule', () => {
  test.use({ viewport: { width: 1400, height: 1000 } });

  test('a work-efficiency rule made in the wizard is copied from the list, disabled', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await page.goto('/alerts/alert-rules');
    await page.getByRole('button', { name: 'Add alert rule', exact: true }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Add alert rule' });

    await test.step('the wizard: type work efficiency, a device, the condition below 60 %', async () => {
      await wizard.getByRole('textbox', { name: 'Name', exact: true }).fill(RULE);
      await select(page, wizard, 'Type', 'Work efficiency');
      const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/alertrules');
      await wizard.getByRole('button', { name: 'Continue' }).click();
      expect((await created).status()).toBe(201);
      const devices = wizard.getByTestId('pick-devices').getByRole('combobox');
      await devices.click();
      await devices.fill(DEVICE);
      await page.getByRole('option', { name: DEVICE, exact: true }).click();
      await page.keyboard.press('Escape');
      await wizard.getByRole('button', { name: 'Continue' }).click();

      await expect(wizard.getByRole('radio', { name: 'below' })).toBeChecked();
      await wizard.getByRole('spinbutton', { name: 'Efficiency (%)' }).fill('60');
      await select(page, wizard, 'Check every', 'day');
      await expect(wizard.getByTestId('preview-summary')).toBeVisible(LOADING);
      await screenshotPage(page, path.join(artifacts, 'work-efficiency-condition.png'));
      await wizard.getByRole('button', { name: 'Continue' }).click();
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await expect(page).toHaveURL(/\/alerts\/alert-rule\/\d+$/);
      await expect(page.getByTestId('rule-summary')).toHaveText('Work efficiency below 60% per day');
    });

    await test.step('the list copies it: the copy is listed disabled as "(copy)"', async () => {
      await page.goto('/alerts/alert-rules');
      await page.getByRole('searchbox', { name: 'Search' }).fill(RULE);
      const rows = page.getByTestId('entity-list-alertrules').locator('tbody tr');
      await expect(rows).toHaveCount(1, LOADING);
      await rows.getByRole('button', { name: 'Duplicate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate' });
      await expect(dialog.getByText(`A copy of ${RULE} will be created.`)).toBeVisible();
      await screenshotPage(page, path.join(artifacts, 'duplicate-dialog.png'));
      const copied = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/duplicate'));
      await dialog.getByRole('button', { name: 'Duplicate' }).click();
      expect((await copied).status()).toBe(201);
      await expect(page.getByText('The copy has been created')).toBeVisible();
      await expect(rows).toHaveCount(2, LOADING);
      const copy = rows.filter({ hasText: `${RULE} (copy)` });
      await expect(copy).toHaveCount(1);
      await expect(copy.getByLabel(ENABLED)).not.toBeChecked();
      await expect(rows.first().getByLabel(ENABLED)).toBeChecked();
      await screenshotPage(page, path.join(artifacts, 'duplicate-list.png'));
    });
  });
});

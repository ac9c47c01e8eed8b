import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import path from 'node:path';
import { inbox, waitForMail } from '../support/inbox.ts';

// The main shell's dialogs against the real server: the support mail and impersonation.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');

async function signIn(page: Page, username: string, password: string) {
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
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the support dialog refuses empty fields, then sends the message and closes', async ({ page }) => {
  await signIn(page, 'demo', 'demo');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact support' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Subject and message cannot be empty')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Forklift EF-03 shows no data');
  await dialog.getByLabel('Message').fill('Since this morning the forklift EF-03 reports nothing.');
  await page.screenshot({ path: path.join(artifacts, 'support-dialog-en.png') });
  const before = (await inbox()).length;
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Your message has been sent to support')).toBeVisible();
  await expect(dialog).toBeHidden();
  // It really went out by SMTP to the support address, with the subject and the text.
  const mail = await waitForMail('support@gearwatch.local', before);
  expect(mail.subject).toContain('Forklift EF-03 shows no data');
  expect(mail.body).toContain('Since this morning the forklift EF-03 reports nothing.');
});

test('the super-admin acts as a company user and returns to their own account', async ({ page }) => {
  await signIn(page, 'admin', 'admin');
  await page.getByRole('button', { name: 'Gearwatch Administrator' }).click();
  await page.getByRole('menuitem', { name: 'Impersonate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonate a user' });
  await dialog.getByLabel('User').fill('Anna');
  await page.getByRole('option', { name: /Anna Kowalska/ }).click();
  await dialog.getByRole('button', { name: 'Switch user' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You are acting as Anna Kowalska (signed in as Gearwatch Administrator).')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Administration')).toHaveCount(0);
  await page.screenshot({ path: path.join(artifacts, 'impersonating-en.png') });

  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page.getByRole('button', { name: 'Gearwatch Administrator' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Administration')).toBeVisible();
  await expect(page.getByText(/You are acting as/)).toHaveCount(0);
});

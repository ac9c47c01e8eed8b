import { expect, test } from '@playwright/test';
import path from 'node:path';
import { inbox, waitForMail } from '../support/inbox.ts';

// Forgotten password, end to end: the link arrives by real SMTP, opens /resetting, the new password works.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');

test('a user who forgot the password gets a link by e-mail and sets a new one', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.clear();
    localStorage.setItem('locale', 'en');
  });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);

  // An empty address is refused on the spot.
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter your e-mail')).toBeVisible();

  const before = (await inbox()).length;
  await page.getByLabel('E-mail').fill('north@northwind.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a link to set a new password has been sent/)).toBeVisible();

  const mail = await waitForMail('north@northwind.example', before);
  const link = /https?:\/\/\S+\/resetting\?token=[\w-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();

  await page.goto(link as string);
  await page.getByLabel('New password', { exact: false }).first().fill('a new northern password');
  await page.getByLabel('Repeat the new password').fill('something else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('a new northern password');
  await page.screenshot({ path: path.join(artifacts, 'resetting-en.png') });
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. You can sign in now.')).toBeVisible();

  // The link works once.
  await page.goto(link as string);
  await page.getByLabel('New password', { exact: false }).first().fill('yet another password');
  await page.getByLabel('Repeat the new password').fill('yet another password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/This link has expired or was already used/)).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  await page.getByLabel('Login or e-mail').fill('north');
  await page.getByLabel('Password').fill('north');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login or password');
  await page.getByLabel('Password').fill('a new northern password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a link without a valid token says so and offers a new one', async ({ page }) => {
  await page.goto('/resetting?token=not-a-real-token');
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();
  await page.getByLabel('New password', { exact: false }).first().fill('whatever password');
  await page.getByLabel('Repeat the new password').fill('whatever password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/This link has expired or was already used/)).toBeVisible();
  await page.getByRole('link', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/reset$/);
});

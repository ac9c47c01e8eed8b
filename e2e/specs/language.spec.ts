import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { inbox, waitForMail } from '../support/inbox.ts';
import { signIn } from '../support/monitors.ts';

// Issue 32: the user's language is one setting. The sign-in flag, the header's flags and the profile dialog change
// the stored language; the interface, a reload and the mails follow it; a sign-in without a flag takes it.
const artifacts = path.resolve(import.meta.dirname, '..', 'artifacts');
mkdirSync(artifacts, { recursive: true });

const CLIENT = { client_id: 'gearwatch-web', client_secret: 'gearwatch-web' };
const stamp = Date.now().toString(36);
const USER = { username: `lang-${stamp}`, email: `lang-${stamp}@demo.example`, firstname: 'Lena', lastname: 'Językowa', password: 'first language password' };

async function tokenOf(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/token', { form: { ...CLIENT, grant_type: 'password', username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).access_token as string;
}

/** A user of the demo company who reads Polish, with a password set through their (Polish) welcome link. */
async function createUser(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(request, 'demo', 'demo')}` };
  const form = await (await request.get('/api/users/new', { headers })).json();
  const before = (await inbox()).length;
  const created = await request.post('/api/users', {
    headers,
    data: { token: form.token, username: USER.username, email: USER.email, firstname: USER.firstname, lastname: USER.lastname, language: 'pl', active: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await waitForMail(USER.email, before);
  const linkToken = /\/resetting\?token=([\w-]+)/.exec(mail.body)?.[1];
  expect(linkToken, mail.body).toBeTruthy();
  expect((await request.post('/api/resetting/reset', { data: { token: linkToken, password: USER.password } })).status()).toBe(200);
}

async function storedLanguage(request: APIRequestContext, password: string): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(request, USER.username, password)}` };
  return (await (await request.get('/api/users/current/profile', { headers })).json()).language as string;
}

const menuButton = (page: Page) => page.getByRole('button', { name: `${USER.firstname} ${USER.lastname}` });
const navigation = (page: Page) => page.getByRole('navigation', { name: /nawigacja główna|main navigation/i });

test('the language is one setting: flags and the profile dialog store it, the screens and the mails follow it', async ({ page, request }) => {
  test.setTimeout(180_000);
  await createUser(request);
  await page.setViewportSize({ width: 1600, height: 1000 });

  // The English flag picked on the sign-in page becomes the stored language of a user who had Polish.
  await signIn(page, USER.username, USER.password);
  await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => storedLanguage(request, USER.password)).toBe('en');

  // The header's Polish flag, signed in: the interface and the stored language change; a reload keeps it.
  await menuButton(page).click();
  await page.getByRole('button', { name: 'Polski' }).click();
  await page.keyboard.press('Escape');
  await expect(navigation(page).getByRole('link', { name: 'Pulpit' })).toBeVisible();
  await expect.poll(() => storedLanguage(request, USER.password)).toBe('pl');
  await page.reload();
  await expect(navigation(page).getByRole('link', { name: 'Pulpit' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');

  // The profile dialog shows the stored language, with the level named as the alerts name it.
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Ustawienia profilu' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ustawienia profilu' });
  await expect(dialog.getByRole('combobox', { name: 'Język' })).toHaveText('Polski');
  await expect(dialog.getByRole('switch', { name: 'Krytyczny' })).toBeChecked();
  await page.screenshot({ path: path.join(artifacts, 'language-profile-pl-1600.png') });

  // A mail sent now is in the stored language: the password notice.
  const before = (await inbox()).length;
  await dialog.getByLabel('Obecne hasło').fill(USER.password);
  await dialog.getByLabel('Nowe hasło', { exact: true }).fill('second language password');
  await dialog.getByLabel('Powtórz nowe hasło').fill('second language password');
  await dialog.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.getByText('Hasło zmienione. Pozostałe sesje zostały wylogowane.')).toBeVisible();
  const polish = await waitForMail(USER.email, before);
  expect(polish.subject).toBe('Hasło w Gearwatch zostało zmienione');
  expect(polish.body).toMatch(/^Dzień dobry, Lena Językowa!\r?\n\r?\nHasło Twojego konta/);

  // The dialog changes it back to English: the interface follows at once, the next mail is English.
  await dialog.getByRole('combobox', { name: 'Język' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => storedLanguage(request, 'second language password')).toBe('en');
  await page.setViewportSize({ width: 390, height: 844 });
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Profile settings' }).click();
  dialog = page.getByRole('dialog', { name: 'Profile settings' });
  await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveText('English');
  await page.screenshot({ path: path.join(artifacts, 'language-profile-en-390.png') });
  const next = (await inbox()).length;
  await dialog.getByLabel('Current password').fill('second language password');
  await dialog.getByLabel('New password', { exact: true }).fill('third language password');
  await dialog.getByLabel('Repeat the new password').fill('third language password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  const english = await waitForMail(USER.email, next);
  expect(english.subject).toBe('Your Gearwatch password was changed');

  // Signing in on a Polish browser without picking a flag: the interface takes the stored English.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('locale', 'pl');
  });
  await page.goto('/login');
  await page.getByLabel('Login lub e-mail').fill(USER.username);
  await page.getByLabel('Hasło').fill('third language password');
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
